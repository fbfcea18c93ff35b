// import_unknown_field (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";
import { listOf } from "../message-parts.js";

export const code = "import_unknown_field";
export const severity = "warning";
export const summary = "An input field the format does not define; it is not imported.";
export const example: CodeExample = {
  kind: "import",
  format: "pi-modes",
  files: {
    "notes.json":
      '{"schemaVersion": 2, "key": "notes", "label": "Notes", "description": "Takes notes.", "promptStrategy": "append", "prompt": "Take notes.", "colour": "blue"}',
  },
};

export const importUnknownField = (w: Where, field: string, format: string, known: readonly string[], suggestion: string | null): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `unknown ${format} field "${field}"${suggestion ? `; did you mean "${suggestion}"?` : ";"} it is not imported. Known fields: ${listOf(known, 20)}`,
  );
