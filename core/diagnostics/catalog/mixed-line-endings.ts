// mixed_line_endings (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "mixed_line_endings";
export const severity = "error";
export const summary = "A file mixes CRLF and LF line endings.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\r\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision you make.\n",
  },
};

export const mixedLineEndings = (w: Where): Diagnostic =>
  makeDiagnostic(code, w, "file mixes CRLF and LF line endings; use LF everywhere (or CRLF everywhere).");
