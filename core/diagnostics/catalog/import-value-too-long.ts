// import_value_too_long (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_value_too_long";
export const severity = "warning";
export const summary = "A label or description over forge's bound was shortened, or a prompt over it made the entry be skipped.";
export const example: CodeExample = {
  kind: "import",
  format: "pi-modes",
  files: {
    "notes.json":
      '{"schemaVersion": 2, "key": "notes", "label": "Notes Notes Notes Notes Notes Notes Notes Notes Notes Notes Notes Notes Notes Notes Notes and more", "description": "Takes notes.", "promptStrategy": "append", "prompt": "Take notes."}',
  },
};

export const importValueTooLong = (w: Where, field: string, length: number, max: number, outcome: string): Diagnostic =>
  makeDiagnostic(code, w, `${field} has ${length} characters; forge allows at most ${max}, so ${outcome}`);
