// export_file_foreign (forge export): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "export_file_foreign";
export const severity = "error";
export const summary =
  "A file forge export would write exists and is not forge's (no forge export banner, or an AGENTS.md whose forge region is broken); nothing is written.";
export const example: CodeExample = {
  kind: "export",
  target: "cursor",
  files: {
    "rules/db.yaml": "name: db\ndescription: Schema conventions.\nwhen:\n  paths: [src/db/**]\ncontent: Every schema change needs a migration.\n",
  },
  existing: { ".cursor/rules/db.mdc": "---\nglobs: src/db/**\n---\n\nHand-written schema notes.\n" },
};

export const exportFileForeign = (w: Where, file: string, why: string, fix: string): Diagnostic =>
  makeDiagnostic(code, w, `${file} ${why}, so forge export does not overwrite it. ${fix} Nothing was written.`);
