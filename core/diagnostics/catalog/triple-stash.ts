// triple_stash (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "triple_stash";
export const severity = "error";
export const summary = "{{{x}}} is not allowed; variables are always inserted raw, write {{x}}.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml": 'label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: "In {{{cwd}}}"\n',
  },
};

export const tripleStash = (w: Where, name: string): Diagnostic =>
  makeDiagnostic(code, w, `{{{${name}}}} is not allowed: variables are always inserted raw (never HTML-escaped), so write {{${name}}}`);
