// policy_strategy_forbidden (forge build --policy, forge verify --policy): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "policy_strategy_forbidden";
export const severity = "error";
export const summary =
  "A mode's strategy is one the team policy does not allow (its strategies, or replace_final while it requires overlays): Pi would refuse to select it, naming the rule.";
export const example: CodeExample = {
  kind: "compile",
  files: { "modes/exact.yaml": "label: Exact\ndescription: The whole prompt.\nstrategy: replace_final\nprompt: Only this.\n" },
  policy: { name: "@acme/team-policy", sources: { "policy.yaml": "strategies: [append, replace_base]\n" } },
};

/** `rule`: strategies or requireOverlays; `why`: what the policy allows and who says so. */
export const policyStrategyForbidden = (w: Where, mode: string, strategy: string, rule: string, why: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `mode "${mode}" is ${strategy}, which the team policy forbids (rule ${rule}): ${why}. Pi refuses to select it; use another strategy (append adds to Pi's prompt).`,
  );
