// extends_role (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "extends_role";
export const severity = "error";
export const summary = "A mode changes its parent's role: an append child of a replace_base or replace_final parent, or the reverse.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/exact.yaml": "label: Exact\ndescription: The whole prompt.\nstrategy: replace_final\nprompt: You are a careful assistant.\n",
    "modes/notes.yaml": "extends: exact\nstrategy: append\nprompt: Take notes.\n",
  },
};

export const extendsRole = (w: Where, chain: readonly string[], strategy: string, parentStrategy: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `mode "${chain[0]}" is ${strategy} but extends a ${parentStrategy} mode (${chain.join(" -> ")}); a child keeps its parent's role (an append overlay, or a replace_base/replace_final base). Drop strategy to inherit ${parentStrategy}, or extend a mode of that role.`,
  );
