// import_text_joined (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_text_joined";
export const severity = "info";
export const summary = "Several input text fields were joined into one prompt, separated by a blank line.";
export const example: CodeExample = {
  kind: "import",
  format: "pi-modes",
  files: {
    "notes.json":
      '{"schemaVersion": 2, "key": "notes", "label": "Notes", "description": "Takes notes.", "promptStrategy": "append", "prompt": "Take notes.", "opener": "Before you start:"}',
  },
};

export const importTextJoined = (w: Where, fields: readonly string[], into: string): Diagnostic =>
  makeDiagnostic(code, w, `${fields.join(" and ")} are joined into ${into}, in that order, separated by a blank line`);
