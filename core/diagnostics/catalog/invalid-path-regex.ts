// invalid_path_regex (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "invalid_path_regex";
export const severity = "error";
export const summary =
  "An edits.allowRegex entry (Roo's fileRegex) is not valid RE2 syntax (no lookaround, no backreference), the syntax forge matches paths with.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/docs.yaml":
      'label: Docs\ndescription: Edits documentation only.\nstrategy: append\nprompt: Edit the docs only.\nedits: { allowRegex: ["\\\\.(md|mdx$"] }\n',
  },
};

export const invalidPathRegex = (w: Where, regex: string, detail: string): Diagnostic =>
  makeDiagnostic(code, w, `"${regex}" is not a valid regular expression (${detail}); it is searched in the project-relative path, e.g. \\.(md|mdx)$`);
