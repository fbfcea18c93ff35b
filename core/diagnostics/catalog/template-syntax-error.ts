// template_syntax_error (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "template_syntax_error";
export const severity = "error";
export const summary = "A prompt is not a valid handlebars template.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "Hello {{cwd"\n',
  },
};

/** `detail` says what is wrong where the diagnostic points, in forge's words (compiler/phases/template-syntax.ts). */
export const templateSyntaxError = (w: Where, detail: string): Diagnostic =>
  makeDiagnostic(code, w, `${detail}. A template holds text, {{cwd}}-style variables, {{! comments }} and {{> partial}} tags`);
