// context_files_not_project (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "context_files_not_project";
export const severity = "warning";
export const summary =
  "forge.yaml says contextFiles: nested outside a project (the global scope or a library build); only a project has nested context files, so none are read.";
export const example: CodeExample = {
  kind: "compile",
  scope: "global",
  files: {
    "forge.yaml": "contextFiles: nested\n",
  },
};

export const contextFilesNotProject = (w: Where, scope: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `contextFiles: nested applies to a project's .pi/forge/forge.yaml; this is a ${scope} build, which has no project directories to search, so no context file is read. Remove the line, or set it in the project's forge.yaml.`,
  );
