// duplicate_overlay (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "duplicate_overlay";
export const severity = "error";
export const summary = "A preset lists the same overlay twice.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "presets/daily.yaml": "description: The daily selection.\noverlays: [review, review]\n",
  },
};

export const duplicateOverlay = (w: Where, key: string): Diagnostic =>
  makeDiagnostic(code, w, `overlay "${key}" is listed more than once; list each overlay once, e.g. overlays: [${key}]`);
