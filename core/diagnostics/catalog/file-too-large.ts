// file_too_large (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "file_too_large";
export const severity = "error";
export const summary = "A file is larger than the documented byte bound.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": { repeat: "# padding line\n", count: 20000 },
  },
};

// The reader stops after max + 1 bytes, so the true size is unknown: say "more than".
export const fileTooLarge = (w: Where, max: number): Diagnostic =>
  makeDiagnostic(code, w, `file has more than ${max} bytes, the documented bound. Split long prompts into partials, e.g. {{> rules}}.`);
