// wrong_type (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "wrong_type";
export const severity = "error";
export const summary = "A value has the wrong type.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\ntools: read\nprompt: Write down every decision you make.\n",
  },
};

export const wrongType = (w: Where, expected: string, actual: string, example: string): Diagnostic =>
  makeDiagnostic(code, w, `expected ${expected}, got ${actual}. Example: ${example}`);
