// unknown_contract_reference (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "unknown_contract_reference";
export const severity = "warning";
export const summary = "A contract names a mode that exists neither in this bundle nor built in (it may live in another scope).";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml":
      "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nrequires: [reveiw]\nprompt: Write down every decision you make.\n",
  },
};

export const unknownContractReference = (w: Where, field: string, key: string, suggestion: string | null): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `${field} names "${key}", which is neither a mode of this bundle nor built in (it may exist in another scope)${suggestion ? `; did you mean "${suggestion}"?` : "."} Example: ${field}: [${suggestion ?? "plan"}]`,
  );
