// policy_invalid (forge build --policy, expectPolicy): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "policy_invalid";
export const severity = "error";
export const summary =
  "The team policy a build is checked against (forge build --policy, or expectPolicy in forge.yaml) cannot be used: not installed, not a policy bundle, not verified (a digest, the bundleHash or a signature), or not signed by a key signedBy lists. Nothing is checked against it, so the build fails.";
export const example: CodeExample = {
  kind: "compile",
  files: { "forge.yaml": 'expectPolicy: { package: "@acme/team-policy", signedBy: ["3f1c2a9be07d5c4e8a6b1d0f9e2c7a5b4d3c2b1a0f9e8d7c6b5a493827160514"] }\n' },
  policy: { name: "@acme/team-policy", missing: true },
};

/** `name`: the package or file as given; `why`: what is wrong with it. */
export const policyInvalid = (w: Where, name: string, why: string): Diagnostic =>
  makeDiagnostic(code, w, `the team policy ${name} cannot be used: ${why}; the sources are not checked against it`);
