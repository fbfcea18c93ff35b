// import_unreadable (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_unreadable";
export const severity = "error";
export const summary = "An import input is missing, unreadable, not JSON/YAML, or not the format's top-level shape; nothing is written.";
export const example: CodeExample = {
  kind: "import",
  format: "pi-modes",
  files: {
    "notes.json": '{ "key": "notes", "label": "Notes", ',
  },
};

export const importUnreadable = (w: Where, problem: string, expected: string): Diagnostic =>
  makeDiagnostic(code, w, `cannot import: ${problem}; expected ${expected}. Nothing was written.`);
