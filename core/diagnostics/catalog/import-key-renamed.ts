// import_key_renamed (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_key_renamed";
export const severity = "info";
export const summary = "An input key, slug or name was normalized into a forge key (^[a-z][a-z0-9-]*$).";
export const example: CodeExample = {
  kind: "import",
  format: "pi-modes",
  files: {
    "deep_work.json":
      '{"schemaVersion": 2, "key": "deep_work", "label": "Deep work", "description": "One task at a time.", "promptStrategy": "append", "prompt": "Work on one task at a time."}',
  },
};

export const importKeyRenamed = (w: Where, what: string, from: string, to: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `${what} "${from}" becomes the forge key "${to}" (forge keys are lowercase letters, digits and dashes starting with a letter, at most 64 characters: ^[a-z][a-z0-9-]*$)`,
  );
