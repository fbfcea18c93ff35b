// prompt_conflict (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "prompt_conflict";
export const severity = "error";
export const summary = "Both prompt and promptFile (or content and file of a system update) are given.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml":
      "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\npromptFile: ../prompts/notes.md\nprompt: Write down every decision you make.\n",
    "prompts/notes.md": "Take notes.\n",
  },
};

export const promptConflict = (w: Where, inline: string, file: string): Diagnostic =>
  makeDiagnostic(code, w, `both "${inline}" and "${file}" are given; keep exactly one, e.g. ${file}: prompts/plan.md`);
