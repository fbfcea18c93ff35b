// context_file_skipped (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "context_file_skipped";
export const severity = "warning";
export const summary = "A nested context file is not compiled: a symbolic link out of the project, not a regular file, unreadable, or not UTF-8.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "forge.yaml": "contextFiles: nested\n",
  },
  project: {
    "packages/api/AGENTS.md": { bytes: "55736520ff0a" },
  },
};

export const contextFileSkipped = (w: Where, path: string, reason: string): Diagnostic =>
  makeDiagnostic(code, w, `${path} is left out: it ${reason}. Its directory gets no rule (a session started there still gets the file from Pi).`);
