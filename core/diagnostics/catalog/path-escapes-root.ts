// path_escapes_root (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "path_escapes_root";
export const severity = "error";
export const summary = "A promptFile/file path (or a symlink) leaves the forge root.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\npromptFile: ../../../etc/passwd\n",
  },
};

export const pathEscapesRoot = (w: Where, ref: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `"${ref}" leaves the forge root (.pi/forge/); paths must be relative and stay inside it (no "..", absolute paths or outward symlinks), e.g. prompts/plan.md`,
  );
