// prompt_too_large (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "prompt_too_large";
export const severity = "error";
export const summary = "A lowered prompt (partials inlined) exceeds the documented character bound (65536).";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "{{> huge}}{{> huge}}"\n',
    "partials/huge.md": { repeat: "Write it down. ", count: 2500 },
  },
};

export const promptTooLarge = (w: Where, chars: number, max: number): Diagnostic =>
  makeDiagnostic(code, w, `the prompt is ${chars} characters after inlining partials; at most ${max} are allowed. Shorten it or split it across modes.`);
