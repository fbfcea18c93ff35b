// invalid_key (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "invalid_key";
export const severity = "error";
export const summary = "A mode, preset or partial file name is not a valid key (^[a-z][a-z0-9-]*$).";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/Notes_Mode.yaml": "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision you make.\n",
  },
};

export const invalidKey = (w: Where, key: string, kind: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `"${key}" is not a valid ${kind} key: expected lowercase letters, digits and dashes starting with a letter (^[a-z][a-z0-9-]*$), e.g. "plan-mode"`,
  );
