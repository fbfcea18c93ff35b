// glob_not_linear (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "glob_not_linear";
export const severity = "error";
export const summary =
  "A path glob compiles to an expression that RE2 cannot run (a !(...) negation needs a lookaround) or that nests a repeat in a repeat (*(*a)); rewrite it.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/docs.yaml":
      'label: Docs\ndescription: Edits documentation only.\nstrategy: append\nprompt: Edit the docs only.\nedits: { deny: ["*(*a)"] }   # write *a\n',
  },
};

export const globNotLinear = (w: Where, glob: string, detail: string): Diagnostic =>
  makeDiagnostic(code, w, `"${glob}" is refused: ${detail}. Every path pattern must run in linear time, e.g. docs/**/*.md`);
