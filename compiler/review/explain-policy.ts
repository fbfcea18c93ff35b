// forge explain's team-policy section: what the policy adds to the selection (its overlays first in every prompt and
// their tokens, each rule), the always-on total against its budget, and whether Pi would refuse the selection and why.
import type { Catalog } from "../../core/component-catalog.js";
import { describePolicyRules } from "../../core/policy.js";
import { policyOverlayTokens, selectionRefusal } from "../../core/policy-rules.js";
import { teamPolicyOf } from "../phases/team-policy.js";
import type { PolicyInput } from "../types.js";
import type { ExplainPolicy } from "./explain-policy-view.js";

export type { ExplainPolicy };

/** What of explain's report the section reads (the report's own fields, declared here so the two files do not import each other). */
interface ExplainedSelection {
  selection: { base: string | null; overlays: string[] } | null;
  tokens: { alwaysOn: number | null } | null;
}

export function explainPolicy(named: PolicyInput, report: ExplainedSelection, catalog: Catalog | null): ExplainPolicy {
  const team = teamPolicyOf(named);
  if ("why" in team)
    return {
      name: named.name,
      status: "failed",
      problem: team.why,
      adds: [],
      overlays: [],
      alwaysOn: { selection: null, policy: null, total: null, budget: null },
      refusal: null,
    };
  const policy = team.policy;
  const own = report.tokens?.alwaysOn ?? null;
  const added = policyOverlayTokens(policy);
  const s = report.selection;
  const base = s?.base == null ? undefined : catalog?.modes.get(s.base);
  const refusal =
    s === null
      ? null
      : selectionRefusal(policy, {
          base: base === undefined ? null : { key: base.key, strategy: base.mode.strategy, tokens: null },
          overlays: s.overlays,
          tokens: own,
        });
  return {
    name: named.name,
    status: "ok",
    problem: null,
    adds: describePolicyRules(policy),
    overlays: policy.overlays.map((o) => ({ key: o.key, label: o.mode.label, tokens: o.tokens, from: o.from })),
    alwaysOn: { selection: own, policy: added, total: own === null || added === null ? null : own + added, budget: policy.budget?.alwaysOn ?? null },
    refusal: refusal?.message ?? null,
  };
}

/** The human lines of the section. */
export function describeExplainPolicy(p: ExplainPolicy): string[] {
  if (p.status === "failed") return [`the team policy ${p.name} cannot be used: ${p.problem}; Pi would fail closed (native prompt, no project modes)`];
  const lines = [`checked against ${p.name}; it adds:`];
  for (const o of p.overlays) lines.push(`  overlay ${o.key} (${o.label}) first in every prompt${o.tokens === null ? "" : `, ${o.tokens} tokens`}`);
  lines.push(...p.adds.filter((a) => !a.startsWith("requireOverlays")).map((a) => `  ${a}`));
  const a = p.alwaysOn;
  if (a.total !== null)
    lines.push(
      `  always-on tokens: ${a.selection} of the selection + ${a.policy} of the policy = ${a.total}${a.budget === null ? "" : ` (budget ${a.budget})`}`,
    );
  lines.push(p.refusal === null ? "  Pi runs this selection under the policy" : `  REFUSED in Pi: ${p.refusal}`);
  return lines;
}
