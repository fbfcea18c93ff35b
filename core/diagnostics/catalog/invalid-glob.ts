// invalid_glob (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "invalid_glob";
export const severity = "error";
export const summary = "A path glob (a mode's edits, a block's or rule's when.paths) is not valid picomatch syntax, or negates with a leading !.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "rules/db.yaml": 'name: Database\ndescription: Conventions for the database code.\nwhen:\n  paths: ["src/{db,sql"]\ncontent: Use the query builder.\n',
  },
};

export const invalidGlob = (w: Where, glob: string, detail: string): Diagnostic =>
  makeDiagnostic(code, w, `"${glob}" is not a usable glob: ${detail}. Globs use picomatch syntax over project-relative paths, e.g. src/db/** or **/*.sql`);
