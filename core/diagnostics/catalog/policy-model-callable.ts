// policy_model_callable (forge build --policy, forge verify --policy): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "policy_model_callable";
export const severity = "error";
export const summary =
  "A preset block says modelCallable: true while the team policy says systemUpdates.modelCallable: false: the agent may not switch blocks on, so the block is only ever switched on by the user.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "presets/work.yaml":
      "description: Work.\nsystemUpdates:\n  - id: freeze\n    name: Freeze\n    description: Only fixes.\n    modelCallable: true\n    content: Only fix bugs.\n",
  },
  policy: { name: "@acme/team-policy", sources: { "policy.yaml": "systemUpdates: { modelCallable: false }\n" } },
};

export const policyModelCallable = (w: Where, preset: string, block: string, from: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `block "${block}" of preset "${preset}" is modelCallable: true, and the team policy (${from}) says systemUpdates.modelCallable: false: the agent may not switch it on in Pi. Set modelCallable: false.`,
  );
