// invalid_utf8 (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "invalid_utf8";
export const severity = "error";
export const summary = "A file is not valid UTF-8.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": { bytes: "6c6162656c3a204e6f746573ff0a" },
  },
};

export const invalidUtf8 = (w: Where): Diagnostic => makeDiagnostic(code, w, "file is not valid UTF-8; save it as UTF-8 (without BOM).");
