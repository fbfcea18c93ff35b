// library_signer_required (forge build): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "library_signer_required";
export const severity = "error";
export const summary =
  "forge.yaml's signedBy requires a library's bundle to be signed by one of the listed keys, and no valid signature by any of them is on it: the library is refused.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "forge.yaml": 'libraries: ["@acme/forge-house"]\nsignedBy:\n  "@acme/forge-house": ["3f1c2a9be07d5c4e8a6b1d0f9e2c7a5b4d3c2b1a0f9e8d7c6b5a493827160514"]\n',
  },
  libraries: [
    { name: "@acme/forge-house", sources: { "modes/tone.yaml": "label: Tone\ndescription: House tone.\nstrategy: append\nprompt: Write plainly.\n" } },
  ],
};

/** `signers`: who did sign it ("an unsigned bundle" when nobody). */
export const librarySignerRequired = (w: Where, name: string, required: readonly string[], signers: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `forge library "${name}" must be signed by ${required.length === 1 ? "the key" : "one of the keys"} ${required.map((f) => f.slice(0, 16)).join(", ")} (signedBy in forge.yaml), ` +
      `but its installed bundle is ${signers.length === 0 ? "unsigned" : `signed only by ${signers.join(", ")}`}; it is refused. ` +
      "Install a release its maintainers signed (forge build --library --sign before npm publish), or, if you trust another key, add its fingerprint to signedBy.",
  );
