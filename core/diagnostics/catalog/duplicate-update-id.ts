// duplicate_update_id (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "duplicate_update_id";
export const severity = "error";
export const summary = "Two system updates of one preset share an id.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "presets/daily.yaml":
      "description: The daily selection.\noverlays: [review]\nsystemUpdates:\n  - { id: strict, name: Strict, description: Strict tests., content: Run every test. }\n  - { id: strict, name: Stricter, description: Stricter tests., content: Run every test twice. }\n",
  },
};

export const duplicateUpdateId = (w: Where, id: string): Diagnostic =>
  makeDiagnostic(code, w, `system update id "${id}" is used more than once in this preset; ids must be unique, e.g. id: ${id}-2`);
