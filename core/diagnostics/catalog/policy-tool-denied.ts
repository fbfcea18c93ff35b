// policy_tool_denied (forge build --policy, forge verify --policy): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic, type Where } from "../make-diagnostic.js";

export const code = "policy_tool_denied";
export const severity = "error";
export const summary =
  "A mode's tools list names a tool the team policy denies (tools.deny): the tool is never active and every call of it is refused, so the mode would not get it.";
export const example: CodeExample = {
  kind: "compile",
  files: { "modes/ops.yaml": "label: Ops\ndescription: Runs the deploy.\nstrategy: append\nprompt: Deploy with care.\ntools: [read, bash]\n" },
  policy: { name: "@acme/team-policy", sources: { "policy.yaml": "tools:\n  deny: [bash]\n" } },
};

export const policyToolDenied = (w: Where, mode: string, tool: string, from: string): Diagnostic =>
  makeDiagnostic(
    code,
    w,
    `mode "${mode}" lists the tool ${tool}, which the team policy denies (rule tools.deny, ${from}): it is never active and every call of it is refused. Remove it from tools.`,
  );
