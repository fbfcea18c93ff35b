// import_invalid_value (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_invalid_value";
export const severity = "warning";
export const summary = "An input field has the wrong type or an unusable value; that field is left out.";
export const example: CodeExample = {
  kind: "import",
  format: "pi-modes",
  files: {
    "notes.json":
      '{"schemaVersion": 2, "key": "notes", "label": "Notes", "description": "Takes notes.", "promptStrategy": "append", "prompt": "Take notes.", "conflictsWith": "review"}',
  },
};

export const importInvalidValue = (w: Where, field: string, problem: string, example: string): Diagnostic =>
  makeDiagnostic(code, w, `${field} ${problem}; it is left out. Example: ${example}`);
