// contract_order (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "contract_order";
export const severity = "error";
export const summary = "A preset orders overlays against a before/after contract.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "presets/daily.yaml": "description: The daily selection.\noverlays: [review, implement]\n",
  },
};

export const contractOrder = (w: Where, first: string, second: string, declaredBy: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `overlay "${first}" must come before "${second}" (declared by "${declaredBy}"); contracts never reorder, so write overlays: [${first}, ${second}]`,
  );
