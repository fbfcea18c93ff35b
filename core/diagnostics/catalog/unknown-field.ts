// unknown_field (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";
import { didYouMean } from "../message-parts.js";

export const code = "unknown_field";
export const severity = "error";
export const summary = "A field that the schema does not define.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml":
      "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\npromt: Write it down.\nprompt: Write down every decision you make.\n",
  },
};

export const unknownField = (w: Where, field: string, allowed: readonly string[], suggestion: string | null, example: string): Diagnostic =>
  // The allowed fields come from a schema, so the list is short and bounded: never cut, so every field shows.
  makeDiagnostic(code, w, `unknown field "${field}"${didYouMean(suggestion)} allowed: ${allowed.join(", ")}. Example: ${example}`);
