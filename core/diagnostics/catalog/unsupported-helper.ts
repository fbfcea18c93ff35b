// unsupported_helper (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "unsupported_helper";
export const severity = "error";
export const summary = "Helpers, parameters and hash arguments ({{x y}}, {{x k=v}}) are not allowed.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "{{upper cwd}}"\n',
  },
};

export const unsupportedHelper = (w: Where, name: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `{{${name} ...}} uses a helper, parameters or hash arguments, which are not allowed; templates hold only text, variables and partials, e.g. {{cwd}}`,
  );
