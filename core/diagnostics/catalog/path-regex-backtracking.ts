// path_regex_backtracking (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "path_regex_backtracking";
export const severity = "error";
export const summary =
  "An edits.allowRegex entry nests quantifiers, e.g. (a+)+, which backtracks exponentially in a RegExp engine; refused, as a bundle is data other readers may run that way.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/docs.yaml":
      'label: Docs\ndescription: Edits documentation only.\nstrategy: append\nprompt: Edit the docs only.\nedits: { allowRegex: ["^(\\\\w+/)+x$"] }\n',
  },
};

export const pathRegexBacktracking = (w: Where, regex: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `"${regex}" nests quantifiers (a quantified group that itself holds a quantifier, like (a+)+), which takes exponential time on some paths in a backtracking matcher (JavaScript's RegExp, as other readers of the bundle and earlier forge versions use); write the repeat once, e.g. ^docs/[^/]+\\.md$, or use a glob, e.g. allow: [docs/**/*.md]`,
  );
