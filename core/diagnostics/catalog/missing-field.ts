// missing_field (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "missing_field";
export const severity = "error";
export const summary = "A required field is absent.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\nstrategy: append\nprompt: Write down every decision you make.\n",
  },
};

export const missingField = (w: Where, field: string, example: string): Diagnostic =>
  makeDiagnostic(code, w, `missing required field "${field}". Example: ${example}`);
