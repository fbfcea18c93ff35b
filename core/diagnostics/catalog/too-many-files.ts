// too_many_files (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "too_many_files";
export const severity = "error";
export const summary = "More files under the forge root than the documented bound.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision you make.\n",
  },
  generate: { path: "partials/note-{n}.md", count: 5001, text: "x\n" },
};

// The reader stops counting one past the bound, so "more than" is the true statement.
export const tooManyFiles = (max: number): Diagnostic =>
  makeDiagnostic(code, NOWHERE, `the forge root holds more than ${max} files; at most ${max} are allowed. Move unrelated files out of .pi/forge/.`);
