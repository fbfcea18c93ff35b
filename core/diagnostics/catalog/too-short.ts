// too_short (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "too_short";
export const severity = "error";
export const summary = "A string is shorter than its minimum length (e.g. empty).";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: ""\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision you make.\n',
  },
};

export const tooShort = (w: Where, what: string, limit: number, example: string): Diagnostic =>
  makeDiagnostic(code, w, `${what} must have at least ${limit} character${limit === 1 ? "" : "s"}. Example: ${example}`);
