// unknown_mode (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";
import { listOf, didYouMean } from "../message-parts.js";

export const code = "unknown_mode";
export const severity = "error";
export const summary = "A preset names a mode that is neither in this bundle nor built in.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "presets/daily.yaml": "description: The daily selection.\noverlays: [reveiw]\n",
  },
};

export const unknownMode = (w: Where, key: string, suggestion: string | null, known: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `unknown mode "${key}"${didYouMean(suggestion)} known modes: ${listOf(known) || "(none)"}. Define modes/${key}.yaml or fix the name.`,
  );
