// prompt_missing (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "prompt_missing";
export const severity = "error";
export const summary = "Neither prompt nor promptFile (or neither content nor file of a system update) is given.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\n",
  },
};

export const promptMissing = (w: Where, inline: string, file: string): Diagnostic =>
  makeDiagnostic(code, w, `one of "${inline}" or "${file}" is required, e.g. ${inline}: "You are in plan mode."`);
