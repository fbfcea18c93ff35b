// The team policy's checks, one set for every surface: a selection at activation (and at each turn's replay), a
// repository's sources (forge build --policy) and built bundles (forge verify --policy) all run these functions.
import type { Strategy } from "./composition.js";
import { deniedTool, strategyRefusal, type EffectivePolicy, type PolicyRule } from "./policy.js";

/** A mode as the checks read it. */
export interface CheckedMode {
  key: string;
  strategy: Strategy;
  tools?: readonly string[];
  /** Its always-on tokens (a base's text, an overlay's section); null: not counted. */
  tokens: number | null;
}

/** A preset as the checks read it. */
export interface CheckedPreset {
  key: string;
  /** Its always-on tokens as the build counted them; null: not counted. */
  alwaysOn: number | null;
  blocks: ReadonlyArray<{ id: string; modelCallable: boolean }>;
}

/** One rule a component breaks; `at` is the path of the offending field inside the component's source. */
export interface PolicyViolation {
  rule: PolicyRule;
  kind: "strategy" | "tool" | "budget" | "model-callable" | "key-taken";
  component: "mode" | "preset";
  key: string;
  at: Array<string | number>;
  /** What the rule says and who says it, for the message. */
  detail: string;
  /** The policy that says it. */
  from: string;
  /** The strategy, tool or block at fault, when the rule is about one. */
  subject?: string;
}

/** The always-on tokens the policy's own overlays add to every composition (null when one is not counted). */
export function policyOverlayTokens(policy: EffectivePolicy): number | null {
  let sum = 0;
  for (const o of policy.overlays) {
    if (o.tokens === null) return null;
    sum += o.tokens;
  }
  return sum;
}

/** `tokens` (forge's own always-on text) plus the policy's overlays against the budget: why it is over, or null. */
export function budgetRefusal(policy: EffectivePolicy, tokens: number | null, subject = "it"): string | null {
  if (policy.budget === null) return null;
  const added = policyOverlayTokens(policy);
  if (tokens === null || added === null)
    return `forge cannot count the always-on tokens of ${subject}, and the team policy (${policy.budget.from}) bounds them`;
  const total = tokens + added;
  if (total <= policy.budget.alwaysOn) return null;
  const with_ = added > 0 ? ` (${tokens} of its own plus ${added} of the policy's overlays)` : "";
  return `${subject} has ${total} always-on tokens${with_}, over the team policy's budget of ${policy.budget.alwaysOn} (${policy.budget.from})`;
}

/** Every rule the components break (sources for forge build --policy, a bundle's entries for forge verify --policy). */
export function policyViolations(policy: EffectivePolicy, modes: readonly CheckedMode[], presets: readonly CheckedPreset[]): PolicyViolation[] {
  const out: PolicyViolation[] = [];
  const reserved = new Map(policy.overlays.map((o) => [o.key, o.from] as const));
  for (const mode of modes) {
    const from = reserved.get(mode.key);
    if (from !== undefined)
      out.push({
        rule: "requireOverlays",
        kind: "key-taken",
        component: "mode",
        key: mode.key,
        at: [],
        detail: `the team policy (${from}) requires its own overlay "${mode.key}" in every prompt`,
        from,
      });
    const strategy = strategyRefusal(policy, mode.strategy);
    if (strategy !== null)
      out.push({
        rule: strategy.rule,
        kind: "strategy",
        component: "mode",
        key: mode.key,
        at: ["strategy"],
        detail: strategy.why,
        from: "",
        subject: mode.strategy,
      });
    (mode.tools ?? []).forEach((tool, i) => {
      const denied = deniedTool(policy, tool);
      if (denied !== null)
        out.push({
          rule: denied.rule,
          kind: "tool",
          component: "mode",
          key: mode.key,
          at: ["tools", i],
          detail: `${tool} is denied by the team policy (${denied.from})`,
          from: denied.from,
          subject: tool,
        });
    });
    // A mode alone is a composition too: one over the budget can never be selected.
    const over = mode.strategy === "replace_final" ? null : budgetRefusal(policy, mode.tokens);
    if (over !== null && mode.tokens !== null)
      out.push({ rule: "budget", kind: "budget", component: "mode", key: mode.key, at: [], detail: over, from: policy.budget?.from ?? "" });
  }
  for (const preset of presets) {
    const over = budgetRefusal(policy, preset.alwaysOn);
    if (over !== null)
      out.push({ rule: "budget", kind: "budget", component: "preset", key: preset.key, at: [], detail: over, from: policy.budget?.from ?? "" });
    if (policy.modelCallableOff !== null)
      preset.blocks.forEach((block, i) => {
        if (block.modelCallable)
          out.push({
            rule: "systemUpdates.modelCallable",
            kind: "model-callable",
            component: "preset",
            key: preset.key,
            at: ["systemUpdates", i, "modelCallable"],
            detail: `block "${block.id}" lets the agent switch it on, and the team policy (${policy.modelCallableOff}) forbids that`,
            from: policy.modelCallableOff!,
            subject: block.id,
          });
      });
  }
  return out;
}

/** What a selection names, with what the checks need to know about it. */
export interface CheckedSelection {
  base: CheckedMode | null;
  overlays: readonly string[];
  /** The selection's always-on tokens (its preset's count, or its modes' counts summed); null: not counted. */
  tokens: number | null;
}

/** Why the policy refuses a selection (activation, or a replay at a turn), naming the rule; null when it may run. */
export function selectionRefusal(policy: EffectivePolicy, selection: CheckedSelection): { rule: PolicyRule; message: string } | null {
  const required = new Map(policy.overlays.map((o) => [o.key, o.from] as const));
  for (const key of [...(selection.base === null ? [] : [selection.base.key]), ...selection.overlays]) {
    const from = required.get(key);
    if (from !== undefined)
      return {
        rule: "requireOverlays",
        message: `"${key}" is the team policy's required overlay (${from}), always in the prompt; it is not selected or deselected with /mode`,
      };
  }
  if (selection.base !== null) {
    const strategy = strategyRefusal(policy, selection.base.strategy);
    if (strategy !== null)
      return {
        rule: strategy.rule,
        message: `team policy rule ${strategy.rule}: mode "${selection.base.key}" is ${selection.base.strategy}, and ${strategy.why}`,
      };
  }
  const over = selection.base?.strategy === "replace_final" ? null : budgetRefusal(policy, selection.tokens, "the selection");
  if (over !== null) return { rule: "budget", message: `team policy rule budget: ${over}` };
  return null;
}
