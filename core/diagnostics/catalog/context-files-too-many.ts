// context_files_too_many (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "context_files_too_many";
export const severity = "error";
export const summary = "The search for nested context files passed a documented bound (256 files; 100,000 entries outside a git repository).";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "forge.yaml": "contextFiles: nested\n",
  },
  projectGenerate: { path: "packages/p{n}/AGENTS.md", count: 257, text: "Package notes.\n" },
};

export const contextFilesTooMany = (w: Where, detail: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `the search for nested context files stopped: ${detail}. forge builds nothing rather than leave some out; git-ignore what is not yours (generated or vendored directories), or set contextFiles: off.`,
  );
