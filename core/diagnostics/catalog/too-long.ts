// too_long (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "too_long";
export const severity = "error";
export const summary = "A string or list exceeds its maximum length.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml":
      "label: Notes Notes Notes Notes Notes Notes Notes Notes Notes Notes Notes Notes Notes Notes Notes and more\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision you make.\n",
  },
};

export const tooLong = (w: Where, what: string, limit: number, unit: string): Diagnostic =>
  makeDiagnostic(code, w, `${what} is too long: at most ${limit} ${unit} allowed; shorten it (long prompts belong in promptFile or partials).`);
