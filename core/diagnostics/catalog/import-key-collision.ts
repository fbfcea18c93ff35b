// import_key_collision (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_key_collision";
export const severity = "error";
export const summary = "Two input entries become the same forge key; nothing is written.";
export const example: CodeExample = {
  kind: "import",
  format: "pi-modes",
  files: {
    "a.json": '{"schemaVersion": 2, "key": "focus", "label": "Focus", "description": "Stay on task.", "promptStrategy": "append", "prompt": "Stay on task."}',
    "b.json":
      '{"schemaVersion": 2, "key": "focus", "label": "Focus", "description": "Stay on task.", "promptStrategy": "append", "prompt": "Stay on the task."}',
  },
};

export const importKeyCollision = (w: Where, kind: string, key: string, other: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `${kind} key "${key}" is also produced by ${other}; each key names one file, so rename one of them in the input, e.g. "${key}-2". Nothing was written.`,
  );
