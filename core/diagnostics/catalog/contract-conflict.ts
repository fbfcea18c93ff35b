// contract_conflict (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "contract_conflict";
export const severity = "error";
export const summary = "A preset selects two components where one declares conflictsWith the other.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "presets/daily.yaml": "description: The daily selection.\noverlays: [plan, implement]\n",
  },
};

export const contractConflict = (w: Where, mode: string, other: string): Diagnostic =>
  makeDiagnostic(code, w, `mode "${mode}" conflicts with "${other}", and this preset selects both; remove one of them.`);
