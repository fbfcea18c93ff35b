// context_file_too_large (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "context_file_too_large";
export const severity = "warning";
export const summary = "A nested context file is over a prompt's bounds (256 KiB, or 65,536 characters with its heading), so it is left out.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "forge.yaml": "contextFiles: nested\n",
  },
  project: {
    "packages/api/AGENTS.md": { repeat: "Call the API through the client.\n", count: 2000 },
  },
};

export const contextFileTooLarge = (w: Where, path: string, size: string, max: number): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `the context file ${path} is left out: ${size}, and a rule's text holds at most ${max} characters (a file at most 262144 bytes). Split it into the subdirectories it is about (each gets its own rule).`,
  );
