// import_unsupported_field (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_unsupported_field";
export const severity = "warning";
export const summary =
  "An input field has no forge equivalent (removeSections, whenToUse, the browser and mcp groups, a model without provider...); it is not imported.";
export const example: CodeExample = {
  kind: "import",
  format: "pi-modes",
  files: {
    "notes.json":
      '{"schemaVersion": 2, "key": "notes", "label": "Notes", "description": "Takes notes.", "promptStrategy": "append", "prompt": "Take notes.", "removeSections": ["skills"]}',
  },
};

export const importUnsupportedField = (w: Where, field: string, explanation: string): Diagnostic =>
  makeDiagnostic(code, w, `${field} is not imported: ${explanation}`);
