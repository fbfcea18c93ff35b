// glob_never_matches (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "glob_never_matches";
export const severity = "error";
export const summary = "A path glob can never match a project-relative path: it is absolute, starts with ~, has a .. segment or ends with /.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/docs.yaml":
      'label: Docs\ndescription: Edits documentation only.\nstrategy: append\nprompt: Edit the docs only.\nedits: { allow: ["../shared/**"] }\n',
  },
};

export const globNeverMatches = (w: Where, glob: string, detail: string): Diagnostic =>
  makeDiagnostic(code, w, `"${glob}" can never match: ${detail}. Paths are relative to the project root, without .. or a trailing /, e.g. src/db/**`);
