// path_regex_backtracking (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "path_regex_backtracking";
export const severity = "warning";
export const summary = "An edits.allowRegex entry nests quantifiers, e.g. (a+)+, which can backtrack catastrophically; prefer a glob.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/docs.yaml": "label: Docs\ndescription: Edits documentation only.\nstrategy: append\nprompt: Edit the docs only.\nedits: { allowRegex: [\"^(\\\\w+/)+x$\"] }\n",
  },
};

export const pathRegexBacktracking = (w: Where, regex: string): Diagnostic =>
  makeDiagnostic(code, w, `"${regex}" nests quantifiers (a quantified group that itself holds a quantifier, like (a+)+), which can take exponential time on some paths; forge bounds the path length it tests, but prefer a glob, e.g. allow: [docs/**/*.md]`);
