// export_not_expressible (forge export): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "export_not_expressible";
export const severity = "warning";
export const summary =
  "Part of the bundle has no equivalent in the export target (a rule's tools for Cursor, a preset for Roo, a slot such as {{cwd}}); the warning says what was written instead, or that it was left out.";
export const example: CodeExample = {
  kind: "export",
  target: "cursor",
  files: {
    "rules/db.yaml":
      "name: db\ndescription: Schema conventions.\nwhen:\n  paths: [src/db/**]\n  tools: [edit, write]\ncontent: Every schema change needs a migration.\n",
  },
};

/** How messages name each target. */
const TARGET_NAME: Readonly<Record<string, string>> = { claude: "Claude Code", cursor: "Cursor", roo: "Roo Code (.roomodes)", "agents-md": "AGENTS.md" };

export const exportNotExpressible = (w: Where, target: string, component: string, what: string, outcome: string): Diagnostic =>
  makeDiagnostic(code, w, `${component}: ${TARGET_NAME[target] ?? target} cannot express ${what}; ${outcome}.`);
