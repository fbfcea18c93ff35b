// dynamic_partial (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "dynamic_partial";
export const severity = "error";
export const summary = "Dynamic partials and partial arguments ({{> (x)}}, {{> p ctx}}, {{> p k=v}}) are not allowed.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: \"{{> (lookup . 'p')}}\"\n",
  },
};

export const dynamicPartial = (w: Where, name: string): Diagnostic =>
  makeDiagnostic(code, w, `partial ${name} is dynamic or has arguments; only {{> name}} with a fixed name and no arguments is allowed, e.g. {{> rules}}`);
