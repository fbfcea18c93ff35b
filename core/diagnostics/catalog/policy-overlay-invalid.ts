// policy_overlay_invalid (forge build --library of a team policy): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "policy_overlay_invalid";
export const severity = "error";
export const summary =
  "policy.yaml's requireOverlays names a key that is not an append mode of the policy package itself: a required overlay travels inside the signed policy bundle, so every machine composes the same text.";
export const example: CodeExample = {
  kind: "compile",
  scope: "library",
  files: { "policy.yaml": "requireOverlays: [security]\n" },
};

/** `found`: what the key is instead (null: no mode of that key in this package). */
export const policyOverlayInvalid = (w: Where, key: string, found: string | null, near: string | null): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `requireOverlays names "${key}", ${found === null ? "which is not a mode of this package" : `which is a ${found} mode`}; a required overlay must be an append mode defined in this package (modes/${key}.yaml with strategy: append)` +
      (near === null ? "" : `; did you mean "${near}"?`),
  );
