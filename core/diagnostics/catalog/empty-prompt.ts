// empty_prompt (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "empty_prompt";
export const severity = "warning";
export const summary = "A prompt or system update lowers to no text at all.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "{{! nothing yet }}"\n',
  },
};

export const emptyPrompt = (w: Where, what: string): Diagnostic => makeDiagnostic(code, w, `${what} is empty; write some text, e.g. "You are in plan mode."`);
