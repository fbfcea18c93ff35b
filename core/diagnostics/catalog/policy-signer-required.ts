// policy_signer_required (the Pi extension, forge verify --policy): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, NOWHERE } from "../make-diagnostic.js";

export const code = "policy_signer_required";
export const severity = "warning";
export const summary =
  "The team policy's requireSigners lists the keys project and global bundles must be signed by, and a bundle has no valid signature by any of them: its modes, presets and rules are not used (Pi keeps its native prompt plus the policy's overlays).";
export const example: CodeExample = {
  kind: "policy",
  settings: 'policy: { file: "team-policy.json" }\n',
  policy: { name: "team-policy.json", sources: { "policy.yaml": "requireSigners: [3f1c2a9be07d5c4e8a6b1d0f9e2c7a5b4d3c2b1a0f9e8d7c6b5a493827160514]\n" } },
  project: { "modes/alpha.yaml": "label: Alpha\ndescription: A mode.\nstrategy: append\nprompt: Cite files.\n" },
};

/** `file`: the bundle as the notice names it; `keys`: the short fingerprints required; `signers`: who did sign it. */
export const policySignerRequired = (file: string, from: string, keys: readonly string[], signers: readonly string[]): Diagnostic =>
  makeDiagnostic(
    code,
    NOWHERE,
    `${file} is ${signers.length === 0 ? "unsigned" : `signed only by ${signers.join(", ")}`}, and the team policy (${from}) uses project and global bundles only when signed by ${keys.join(" or ")} (rule requireSigners): its modes, presets and rules are not used`,
  );
