// invalid_json (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "invalid_json";
export const severity = "error";
export const summary = "A .json source is not strict JSON (comments, trailing commas...).";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.json": '{ "label": "Notes", "description": "Keeps notes.", "strategy": "append", "prompt": "Take notes.", }\n',
  },
};

export const invalidJson = (w: Where, detail: string): Diagnostic =>
  makeDiagnostic(code, w, `not strict JSON: ${detail}. No comments or trailing commas, e.g. {"label": "Plan"}`);
