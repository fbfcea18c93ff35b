// Phase 11, policy: a team policy package's own policy.yaml compiled (a library build only), and the sources checked
// against the team policy the build names (options.policy: forge build --policy, or forge.yaml's expectPolicy), every
// rule a source breaks an error at its line, from the checks the Pi extension runs (core/policy-rules.ts).
import type { Diagnostic } from "../../core/diagnostic.js";
import { atFile, NOWHERE, type Where } from "../../core/diagnostics/make-diagnostic.js";
import { policyInvalid, policyNotLibrary, policyOverlayInvalid } from "../../core/diagnostics/policy-codes.js";
import { violationDiagnostic } from "../../core/policy-diagnostics.js";
import type { EffectivePolicy } from "../../core/policy.js";
import { policyViolations, type CheckedMode, type CheckedPreset } from "../../core/policy-rules.js";
import { suggestClosest } from "../../core/suggest.js";
import type { PathPattern, Policy } from "../../generated/types.js";
import type { PolicyInput } from "../types.js";
import { POLICY_FILE, type ParsedSource } from "./2-parse.js";
import { globDiagnostic } from "./8-paths.js";
import type { Counted } from "./10-tokens.js";
import { compileGlob } from "./path-patterns.js";
import type { Phase } from "./pipeline.js";
import { teamPolicyOf } from "./team-policy.js";
import { whereAt } from "./yaml-positions.js";

/** The value of phase 11: the counted sources, this package's policy (null: none), and the team policy checked against. */
export interface PolicyChecked extends Counted {
  policies: { own: Policy | null; team: EffectivePolicy | null };
}

/** policy.yaml as the bundle holds it: a library build only, its overlays this package's append modes, its globs compiled. */
function compileOwnPolicy(input: Counted, scope: string, diagnostics: Diagnostic[]): Policy | null {
  const parsed = input.parsed.policy;
  if (parsed === null) return null;
  if (scope !== "library") {
    diagnostics.push(policyNotLibrary(atFile(POLICY_FILE), scope));
    return null;
  }
  const valid = input.valid.policy;
  if (valid === null) return null;
  const d = valid.data;
  const modes = new Map(input.lowered.modes.map((m) => [m.key, m.data.strategy] as const));
  const before = diagnostics.length;
  (d.requireOverlays ?? []).forEach((key, i) => {
    const strategy = modes.get(key);
    if (strategy !== "append")
      diagnostics.push(policyOverlayInvalid(whereAt(valid.source, ["requireOverlays", i]), key, strategy ?? null, suggestClosest(key, modes.keys())));
  });
  const deny: PathPattern[] = [];
  (d.edits?.deny ?? []).forEach((glob, i) => {
    const result = compileGlob(glob);
    if (!result.ok) diagnostics.push(globDiagnostic(whereAt(valid.source, ["edits", "deny", i]), glob, result));
    else if (!deny.some((p) => p.source === glob)) deny.push(result.pattern);
  });
  if (diagnostics.length > before) return null;
  const policy: Policy = { requireOverlays: [...new Set(d.requireOverlays ?? [])] };
  if (d.description !== undefined) policy.description = d.description.normalize("NFC");
  if (deny.length > 0) policy.edits = { deny };
  // Sets: sorted, so listing them in another order is no change to the bundleHash.
  if (d.tools !== undefined) policy.tools = { deny: [...new Set(d.tools.deny)].sort() };
  if (d.strategies !== undefined) policy.strategies = [...new Set(d.strategies)].sort() as Policy["strategies"];
  if (d.requireSigners !== undefined) policy.requireSigners = [...new Set(d.requireSigners)].sort();
  if (d.budget !== undefined) policy.budget = { ...d.budget };
  if (d.systemUpdates !== undefined) policy.systemUpdates = { modelCallable: false };
  return policy;
}

/** The team policy the build names, verified as the Pi extension verifies it; null (and why) when it cannot be used. */
function loadTeamPolicy(input: Counted, named: PolicyInput, diagnostics: Diagnostic[]): EffectivePolicy | null {
  const config = input.valid.config;
  const where: Where = named.from === "config" && config !== null ? whereAt(config.source, ["expectPolicy"]) : NOWHERE;
  const team = teamPolicyOf(named);
  if ("why" in team) {
    diagnostics.push(policyInvalid(where, named.name, team.why));
    return null;
  }
  return team.policy;
}

/** The own sources as the checks read them, each with its parsed source for positions. */
function checkedSources(input: Counted): { modes: CheckedMode[]; presets: CheckedPreset[]; sources: Map<string, ParsedSource> } {
  const sources = new Map<string, ParsedSource>();
  const modes = input.lowered.modes.map((m): CheckedMode => {
    sources.set(`mode:${m.key}`, m.source);
    return { key: m.key, strategy: m.data.strategy, tools: m.data.tools, tokens: input.tokens.modes[m.key] ?? null };
  });
  const presets: CheckedPreset[] = [];
  for (const p of input.valid.presets) {
    sources.set(`preset:${p.source.key}`, p.source);
    const blocks = (p.data.systemUpdates ?? []).map((b) => ({ id: b.id, modelCallable: b.modelCallable === true }));
    presets.push({ key: p.source.key, alwaysOn: input.tokens.presets[p.source.key]?.alwaysOn ?? null, blocks });
  }
  return { modes, presets, sources };
}

/** Phase 11. */
export const checkPolicies: Phase<Counted, PolicyChecked> = (input, { options }) => {
  const diagnostics: Diagnostic[] = [];
  const own = compileOwnPolicy(input, options.scope, diagnostics);
  const team = options.policy === undefined ? null : loadTeamPolicy(input, options.policy, diagnostics);
  if (team !== null) {
    const { modes, presets, sources } = checkedSources(input);
    for (const v of policyViolations(team, modes, presets)) {
      const source = sources.get(`${v.component}:${v.key}`)!;
      diagnostics.push(violationDiagnostic(v, whereAt(source, v.at)));
    }
  }
  return { value: { ...input, policies: { own, team } }, diagnostics };
};
