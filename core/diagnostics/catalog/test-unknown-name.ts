// test_unknown_name (forge test): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";
import { didYouMean, listOf } from "../message-parts.js";

export const code = "test_unknown_name";
export const severity = "error";
export const summary = "A forge test names a preset, mode, system-update block or path rule that the sources (and the layers beneath them) do not define.";
export const example: CodeExample = {
  kind: "test",
  files: {
    "modes/focus.yaml": "label: Focus\ndescription: Stay on task.\nstrategy: append\nprompt: Stay on the task.\n",
    "tests/focus.yaml": "tests:\n  - name: focus\n    modes: [fcous]\n    assert: { contains: [Stay on the task] }\n",
  },
};

/** `what`: "preset", "mode", "system-update block of preset x" or "path rule"; `known`: the names there are. */
export const testUnknownName = (w: Where, test: string, what: string, name: string, suggestion: string | null, known: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `test "${test}" names the ${what} "${name}", which is not defined${didYouMean(suggestion)} ${known.length === 0 ? "there are none" : `defined: ${listOf(known)}`}.`,
  );
