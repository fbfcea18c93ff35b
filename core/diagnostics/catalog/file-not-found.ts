// file_not_found (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "file_not_found";
export const severity = "error";
export const summary = "A promptFile/file path names no file under the forge root.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\npromptFile: ../prompts/missing.md\n",
  },
};

export const fileNotFound = (w: Where, ref: string, resolved: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `"${ref}" resolves to ${resolved}, which does not exist under the forge root; paths are relative to the defining file, e.g. ../prompts/plan.md`,
  );
