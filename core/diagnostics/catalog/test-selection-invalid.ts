// test_selection_invalid (forge test): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "test_selection_invalid";
export const severity = "error";
export const summary = "A forge test names no selection, both a preset and modes, or system updates without a preset.";
export const example: CodeExample = {
  kind: "test",
  files: {
    "modes/focus.yaml": "label: Focus\ndescription: Stay on task.\nstrategy: append\nprompt: Stay on the task.\n",
    "tests/focus.yaml": "tests:\n  - name: focus\n    assert: { contains: [Stay on the task] }\n",
  },
};

export const testSelectionInvalid = (w: Where, test: string, problem: string): Diagnostic =>
  makeDiagnostic(code, w, `test "${test}" ${problem}. Example: preset: shipping, or modes: [focus, ship-check]`);
