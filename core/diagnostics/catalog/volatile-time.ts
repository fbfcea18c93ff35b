// volatile_time (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "volatile_time";
export const severity = "warning";
export const summary = "{{time}} changes on every request, which defeats prompt caching.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "It is {{time}}."\n',
  },
};

export const volatileTime = (w: Where): Diagnostic =>
  makeDiagnostic(code, w, "{{time}} changes on every request, which defeats prompt caching; prefer {{date}} or drop it.");
