// test_assertion_unused (forge test): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "test_assertion_unused";
export const severity = "warning";
export const summary = "A forge test asserts on prompt sections but runs only on Pi 0.73, whose prompt is one string without sections.";
export const example: CodeExample = {
  kind: "test",
  files: {
    "modes/focus.yaml": "label: Focus\ndescription: Stay on task.\nstrategy: append\nprompt: Stay on the task.\n",
    "tests/focus.yaml": "tests:\n  - name: focus\n    modes: [focus]\n    hosts: [pi-0.73]\n    assert: { sections: [forge-focus] }\n",
  },
};

export const testAssertionUnused = (w: Where, test: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `test "${test}" checks sections, but runs only on pi-0.73, which has no prompt sections: the check never runs. Add pi-1 to hosts (hosts: [pi-0.73, pi-1]) or remove sections`,
  );
