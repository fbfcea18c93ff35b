// extends_cycle (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "extends_cycle";
export const severity = "error";
export const summary = "Modes extend each other in a cycle; the chain is printed.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/a.yaml": "extends: b\nprompt: A.\n",
    "modes/b.yaml": "extends: a\nprompt: B.\n",
  },
};

export const extendsCycle = (w: Where, chain: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `modes extend each other in a cycle: ${chain.join(" -> ")}; a parent cannot inherit from its own child. Remove one extends to break it.`,
  );
