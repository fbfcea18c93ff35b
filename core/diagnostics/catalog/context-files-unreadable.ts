// context_files_unreadable (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "context_files_unreadable";
export const severity = "error";
export const summary =
  "The search for nested context files could not run (git failed in a repository, the project root unreadable), so forge cannot know which files to compile.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "forge.yaml": "contextFiles: nested\n",
  },
  // A .git directory that is no repository: git cannot say which files it ignores.
  project: {
    ".git/broken": "not a repository\n",
    "packages/api/AGENTS.md": "Use the API client.\n",
  },
};

export const contextFilesUnreadable = (w: Where, detail: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `the search for nested context files failed: ${detail}. Fix it (e.g. run git status here to see git's error), or set contextFiles: off.`,
  );
