// signed_by_unknown_library (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "signed_by_unknown_library";
export const severity = "warning";
export const summary = "forge.yaml's signedBy names a package that libraries does not list, so its requirement checks nothing.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "forge.yaml": 'libraries: []\nsignedBy:\n  "@acme/forge-hose": ["3f1c2a9be07d5c4e8a6b1d0f9e2c7a5b4d3c2b1a0f9e8d7c6b5a493827160514"]\n',
  },
};

export const signedByUnknownLibrary = (w: Where, name: string, suggestion: string | null): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `signedBy names "${name}", which libraries does not list, so it requires nothing${suggestion ? ` (did you mean "${suggestion}"?)` : ""}. ` +
      'Name a listed library, e.g. signedBy: { "@acme/forge-house": ["<fingerprint from forge key new>"] }.',
  );
