// duplicate_list_entry (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "duplicate_list_entry";
export const severity = "warning";
export const summary = "A contract or tools list names the same entry twice; the duplicate is dropped.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml":
      "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\ntools: [read, grep, read]\nprompt: Write down every decision you make.\n",
  },
};

export const duplicateListEntry = (w: Where, field: string, entry: string): Diagnostic =>
  // A package name such as @acme/x must be quoted in YAML; keys and tool names need not be.
  makeDiagnostic(
    code,
    w,
    `"${entry}" is listed more than once in ${field}; the duplicate is ignored. Example: ${field}: [${/^[A-Za-z_][A-Za-z0-9_-]*$/.test(entry) ? entry : JSON.stringify(entry)}]`,
  );
