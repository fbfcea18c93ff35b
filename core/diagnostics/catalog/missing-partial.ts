// missing_partial (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";
import { quotedList, didYouMean } from "../message-parts.js";

export const code = "missing_partial";
export const severity = "error";
export const summary = "{{> name}} names no partials/<name>.md file.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "{{> rules}}"\n',
  },
};

export const missingPartial = (w: Where, name: string, suggestion: string | null, known: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `partial "${name}" not found: expected partials/${name}.md${didYouMean(suggestion)} known partials: ${quotedList(known) || "(none)"}`,
  );
