// A turn's composition under the team policy: its required overlays first in every prompt (also over Pi's native prompt,
// whatever fallback forge took), a base the policy forbids left out, and nothing of forge's own when the policy failed.
import { renderOverlaySection, type ComposeResult, type OverlaySection } from "./composition.js";
import { noticeText } from "./diagnostics/diagnostic-line.js";
import type { EffectivePolicy, PolicyState } from "./policy.js";
import { strategyRefusal } from "./policy.js";
import { renderTemplate, type PromptVars } from "./template.js";

/** The policy's overlays as sections, in the order the policies require them. */
export function policySections(policy: EffectivePolicy, vars: PromptVars): OverlaySection[] {
  return policy.overlays.map((o) => ({
    key: o.key,
    label: o.mode.label,
    text: renderOverlaySection(o.mode.label, renderTemplate(o.mode.prompt, vars, o.key)),
  }));
}

/** Pi's native prompt plus the policy's overlays, with why the selection is not composed (null: nothing selected). */
function policyOnly(result: ComposeResult, sections: OverlaySection[], reason: string | null): ComposeResult {
  if (sections.length === 0) return { ...result, composition: { kind: "native", reason }, fallbackReason: reason };
  return { ...result, composition: { kind: "compose", base: null, overlays: sections, policyOnly: true }, fallbackReason: reason };
}

/**
 * `result` under `state`. `refusal`: why the policy refuses the selection itself (core/policy-rules.ts
 * selectionRefusal: a budget it no longer meets, a key it reserves), computed by the caller, which knows the counts.
 */
export function composeWithPolicy(result: ComposeResult, state: PolicyState, vars: PromptVars, refusal: string | null = null): ComposeResult {
  if (state.kind === "none") return result;
  if (state.kind === "failed") {
    const reason = noticeText(state.diagnostic);
    return { ...result, composition: { kind: "native", reason }, fallbackReason: reason, fallback: state.diagnostic };
  }
  const sections = policySections(state.policy, vars);
  const c = result.composition;
  if (c.kind === "native") return policyOnly(result, sections, result.fallbackReason);
  if (refusal !== null) return policyOnly(result, sections, `forge: ${refusal}; using Pi's native prompt plus the team policy's overlays`);
  if (c.base !== null) {
    const refused = strategyRefusal(state.policy, c.base.strategy);
    if (refused !== null)
      return policyOnly(
        result,
        sections,
        `forge: team policy rule ${refused.rule}: mode "${c.base.key}" is ${c.base.strategy}, and ${refused.why}; using Pi's native prompt plus the team policy's overlays`,
      );
  }
  if (sections.length === 0) return result;
  // A selected overlay of a key the policy requires is the policy's (the same section name): the policy's text wins.
  const own = c.overlays.filter((o) => !sections.some((s) => s.key === o.key));
  return { ...result, composition: { kind: "compose", base: c.base, overlays: [...sections, ...own] } };
}
