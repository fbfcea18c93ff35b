// invalid_overlay (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "invalid_overlay";
export const severity = "error";
export const summary = "A preset overlay is not an append mode (a preset has at most one base).";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "presets/daily.yaml": "description: The daily selection.\noverlays: [minimal]\n",
  },
};

export const invalidOverlay = (w: Where, key: string, strategy: string): Diagnostic =>
  makeDiagnostic(code, w, `overlay "${key}" has strategy ${strategy}; overlays must be append modes and a preset has at most one base. Use base: ${key}`);
