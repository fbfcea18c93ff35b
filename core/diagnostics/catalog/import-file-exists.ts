// import_file_exists (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_file_exists";
export const severity = "error";
export const summary = "An imported source would overwrite an existing file; nothing is written unless --force is given.";
export const example: CodeExample = {
  kind: "import",
  format: "pi-modes",
  files: {
    "notes.json": '{"schemaVersion": 2, "key": "notes", "label": "Notes", "description": "Takes notes.", "promptStrategy": "append", "prompt": "Take notes."}',
  },
  existing: ["modes/notes.yaml"],
};

/** `modeKey`: the imported mode's key, when the file is a mode's (--rename can give it another key); null otherwise. */
export const importFileExists = (w: Where, file: string, modeKey: string | null = null): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `${file} already exists and forge import never overwrites without --force; rerun with --force to replace it, ${
      modeKey === null ? "" : `with --rename ${modeKey}=<new-key> to import the mode under another key, `
    }or move it away first. Nothing was written.`,
  );
