// unsupported_partial_block (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "unsupported_partial_block";
export const severity = "error";
export const summary = "Partial blocks ({{#> name}}...{{/name}}) are not allowed.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "{{#> rules}}fallback{{/rules}}"\n',
  },
};

export const unsupportedPartialBlock = (w: Where, name: string): Diagnostic =>
  makeDiagnostic(code, w, `partial block {{#> ${name}}} is not allowed; use a plain partial, e.g. {{> ${name}}}`);
