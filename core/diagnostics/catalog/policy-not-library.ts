// policy_not_library (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "policy_not_library";
export const severity = "error";
export const summary =
  "A policy.yaml in a forge root that is not built with forge build --library: a team policy is a package of its own, built, signed and named in the user's or an administrator's forge.yaml, never part of a project's bundle.";
export const example: CodeExample = {
  kind: "compile",
  files: { "policy.yaml": "edits:\n  deny: [.env]\n" },
};

export const policyNotLibrary = (w: Where, scope: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `policy.yaml is only read in a team policy package built with forge build --library; this is a ${scope} build, so it is not used. ` +
      'Move it into a package of its own (package.json with "forge": { "bundle": "forge-bundle.json" }), build and sign it there, and name it in forge.yaml as policy: { package, signedBy }.',
  );
