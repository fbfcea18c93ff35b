// extends_unknown (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "extends_unknown";
export const severity = "error";
export const summary = "A mode extends a key that is neither an own mode, a mode of a forge library listed in forge.yaml, nor built in.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/strict-review.yaml": "extends: reveiw\nprompt: Block on any missing test.\n",
  },
};

export const extendsUnknown = (w: Where, key: string, parent: string, suggestion: string | null): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `mode "${key}" extends "${parent}", which is neither a mode of this bundle, of a forge library listed in forge.yaml, nor built in${parent === key ? " (a mode may extend its own key only to build on a library or built-in mode of that key)" : ""}${suggestion ? `; did you mean "${suggestion}"?` : "."} Example: extends: ${suggestion ?? "review"}`,
  );
