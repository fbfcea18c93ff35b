// library_unsupported_format (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "library_unsupported_format";
export const severity = "error";
export const summary = "A library's bundle has a format version this forge does not read.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "forge.yaml": 'libraries: ["@acme/forge-house"]\n',
  },
  libraries: [{ name: "@acme/forge-house", version: "9.0.0", bundleText: '{"format": 2, "modes": {}}\n' }],
};

export const libraryUnsupportedFormat = (w: Where, name: string, format: unknown, supported: number): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `the bundle of forge library "${name}" has format ${JSON.stringify(format ?? null)}; this forge reads format ${supported}. Install a version of "${name}" built for it, or upgrade forge.`,
  );
