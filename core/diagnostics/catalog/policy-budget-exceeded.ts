// policy_budget_exceeded (forge build --policy, forge verify --policy): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "policy_budget_exceeded";
export const severity = "error";
export const summary =
  "A preset (or a mode alone) has more always-on tokens, with the team policy's own overlays added, than the policy's budget: Pi would refuse to select it, naming the rule.";
export const example: CodeExample = {
  kind: "compile",
  files: {
    "modes/notes.yaml":
      "label: Notes\ndescription: Keeps notes of decisions.\nstrategy: append\nprompt: Write down every decision with its reason, the options you rejected and why, and who made it.\n",
  },
  policy: { name: "@acme/team-policy", sources: { "policy.yaml": "budget: { alwaysOn: 10 }\n" } },
};

/** `what`: `preset "lean"` or `mode "notes"`; `detail`: the count against the budget (core/policy-rules.ts). */
export const policyBudgetExceeded = (w: Where, what: string, detail: string): Diagnostic =>
  makeDiagnostic(code, w, `${what} is over the team policy's budget (rule budget): ${detail}. Pi refuses to select it; shorten it or move text into a block.`);
