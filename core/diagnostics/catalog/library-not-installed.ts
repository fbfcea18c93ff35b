// library_not_installed (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "library_not_installed";
export const severity = "error";
export const summary = "forge.yaml lists a library that is not installed in the project's node_modules; npm install it.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "forge.yaml": 'libraries: ["@acme/forge-house"]\n',
  },
  libraries: [{ name: "@acme/forge-house", missing: true }],
};

export const libraryNotInstalled = (w: Where, name: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `forge library "${name}" is listed but not installed in this project's node_modules; run \`npm install ${name}\` (or npm install / npm ci when package.json already depends on it).`,
  );
