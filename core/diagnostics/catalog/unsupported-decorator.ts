// unsupported_decorator (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "unsupported_decorator";
export const severity = "error";
export const summary = "Decorators ({{* x}}) are not allowed.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "{{* inline}}"\n',
  },
};

export const unsupportedDecorator = (w: Where, name: string): Diagnostic =>
  makeDiagnostic(code, w, `decorator {{* ${name}}} is not allowed; templates hold only text, variables and partials, e.g. {{> rules}}`);
