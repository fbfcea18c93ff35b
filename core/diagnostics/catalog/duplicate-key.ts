// duplicate_key (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "duplicate_key";
export const severity = "error";
export const summary = "The same key appears twice in one mapping.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml":
      "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nlabel: Notes again\nprompt: Write down every decision you make.\n",
  },
};

export const duplicateKey = (w: Where, key: string): Diagnostic =>
  makeDiagnostic(code, w, `key "${key}" appears more than once in this mapping; keep exactly one, e.g. ${key}: ...`);
