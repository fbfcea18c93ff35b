// policy_overlay_key_taken (forge build --policy, forge verify --policy): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "policy_overlay_key_taken";
export const severity = "error";
export const summary =
  "A mode takes the key of an overlay the team policy requires: in Pi the policy's overlay is always in the prompt under that key, so this mode could never be selected or composed.";
export const example: CodeExample = {
  kind: "compile",
  files: { "modes/security.yaml": "label: Security\ndescription: Our own.\nstrategy: append\nprompt: Be careful.\n" },
  policy: {
    name: "@acme/team-policy",
    sources: {
      "policy.yaml": "requireOverlays: [security]\n",
      "modes/security.yaml": "label: Security\ndescription: The team's.\nstrategy: append\nprompt: Never print secrets.\n",
    },
  },
};

export const policyOverlayKeyTaken = (w: Where, mode: string, from: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `mode "${mode}" takes the key of an overlay the team policy (${from}) requires (rule requireOverlays): Pi always composes the policy's "${mode}" and never this one. Rename the mode.`,
  );
