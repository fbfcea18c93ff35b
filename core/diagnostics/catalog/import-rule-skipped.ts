// import_rule_skipped (forge import): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "import_rule_skipped";
export const severity = "warning";
export const summary =
  "A rule file gives Pi nothing to import (rulesync targets that leave Pi out, no text after the front matter, a front matter that never closes); it is skipped.";
export const example: CodeExample = {
  kind: "import",
  format: "rulesync",
  files: {
    "cursor-only.md": "---\nroot: false\ntargets: [cursor]\ndescription: Cursor's own settings\nglobs: []\n---\n\nUse Cursor's composer for large edits.\n",
  },
};

export const importRuleSkipped = (w: Where, file: string, reason: string, fix: string): Diagnostic =>
  makeDiagnostic(code, w, `${file} is not imported: ${reason}. ${fix}`);
