// export_duplicate_text (forge export): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "export_duplicate_text";
export const severity = "warning";
export const summary =
  "A file forge export writes holds the same text as a file beside it that forge did not write (the original a rule was imported from, under another name): the agent would load that text twice.";
export const example: CodeExample = {
  kind: "export",
  target: "cursor",
  files: {
    "rules/db.yaml": "name: db\ndescription: Schema conventions.\nwhen:\n  paths: [src/db/**]\ncontent: Every schema change needs a migration.\n",
  },
  existing: { ".cursor/rules/schema.mdc": "---\nglobs: src/db/**\n---\n\nEvery schema change needs a migration.\n" },
};

export const exportDuplicateText = (w: Where, written: string, original: string, agent: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `${written} holds the same text as ${original}, which forge did not write, so ${agent} loads that text twice. If ${original} is the file forge import brought into .pi/forge/, remove it (forge's sources are now its source); otherwise make the texts differ.`,
  );
