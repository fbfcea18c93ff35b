// invalid_value (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "invalid_value";
export const severity = "error";
export const summary = "A value is not one of the allowed values or does not match the pattern.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: prepend\nprompt: Write down every decision you make.\n",
  },
};

export const invalidValue = (w: Where, detail: string, example: string): Diagnostic => makeDiagnostic(code, w, `${detail}. Example: ${example}`);
