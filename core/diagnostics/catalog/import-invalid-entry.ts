// import_invalid_entry (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_invalid_entry";
export const severity = "warning";
export const summary = "An input entry cannot become a forge mode (no key, label or prompt text, or not an object); it is skipped.";
export const example: CodeExample = {
  kind: "import",
  format: "pi-modes",
  files: {
    "draft.json": '{"schemaVersion": 2, "key": "draft", "label": "Draft", "promptStrategy": "prepend", "prompt": "Draft it."}',
  },
};

export const importInvalidEntry = (w: Where, entry: string, reason: string, example: string): Diagnostic =>
  makeDiagnostic(code, w, `${entry} cannot become a forge mode: ${reason}; it is skipped. Example: ${example}`);
