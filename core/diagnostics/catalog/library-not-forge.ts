// library_not_forge (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "library_not_forge";
export const severity = "error";
export const summary =
  "A listed package is not a forge library: its package.json has no forge.bundle, that file is missing, or it is not a library-scope bundle.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "forge.yaml": "libraries: [left-pad]\n",
  },
  libraries: [{ name: "left-pad", notForge: 'its package.json has no "forge": { "bundle": ... } field' }],
};

export const libraryNotForge = (w: Where, name: string, reason: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `"${name}" is not a forge library: ${reason}. A forge library's package.json names its built bundle, e.g. "forge": { "bundle": "forge-bundle.json" }, written by forge build --library.`,
  );
