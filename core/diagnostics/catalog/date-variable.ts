// date_variable (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "date_variable";
export const severity = "info";
export const summary = "{{date}} changes once a day, invalidating the prompt cache daily.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "Today is {{date}}."\n',
  },
};

export const dateVariable = (w: Where): Diagnostic =>
  makeDiagnostic(code, w, '{{date}} changes once a day, so the cached prompt prefix is invalidated daily. Example: "Today is {{date}}."');
