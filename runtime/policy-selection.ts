// Whether the team policy lets a selection run (activation, and each turn's replay): core/policy-rules.ts decides from
// the modes' strategies and the always-on tokens the loaded bundles counted at build time (the runtime never tokenizes).
import type { Candidate } from "../core/candidate.js";
import type { Origin } from "../core/component-catalog.js";
import { selectionRefusal } from "../core/policy-rules.js";
import type { ForgeBundle } from "../generated/types.js";
import type { LoadedScopes } from "./scope-loader.js";

/** The trusted bundle an offered component comes from. */
function bundleOf(loaded: LoadedScopes, origin: Origin): ForgeBundle | undefined {
  return loaded.discovered.sources.find((s) => s.trusted && s.scope === origin.scope && s.layer === origin.layer)?.bundle;
}

/** A selection's always-on tokens as its bundles counted them: its preset's count, else its modes' summed; null: unknown. */
export function selectionTokens(loaded: LoadedScopes, selection: Candidate & { preset: string | null }): number | null {
  const { catalog } = loaded;
  const preset = selection.preset === null ? undefined : catalog.presets.get(selection.preset);
  if (preset !== undefined) return bundleOf(loaded, preset)?.tokens?.presets[preset.key]?.alwaysOn ?? null;
  let sum = 0;
  for (const key of selection.base === null ? selection.overlays : [selection.base, ...selection.overlays]) {
    const entry = catalog.modes.get(key);
    const count = entry === undefined ? undefined : bundleOf(loaded, entry)?.tokens?.modes[key];
    if (count === undefined) return null;
    sum += count;
  }
  return sum;
}

/** Why the policy in `loaded` refuses `selection`, naming the rule; null when it may run (or nothing is selected). */
export function policyRefusal(loaded: LoadedScopes, selection: (Candidate & { preset: string | null }) | null): string | null {
  const state = loaded.policy;
  if (state.kind === "none" || selection === null || (selection.base === null && selection.overlays.length === 0)) return null;
  if (state.kind === "failed") return `the team policy failed to verify, so forge selects nothing until it does (${state.reason})`;
  const base = selection.base === null ? undefined : loaded.catalog.modes.get(selection.base);
  const checked = {
    base: base === undefined ? null : { key: base.key, strategy: base.mode.strategy, tokens: null },
    overlays: selection.overlays,
    tokens: selectionTokens(loaded, selection),
  };
  return selectionRefusal(state.policy, checked)?.message ?? null;
}

/** `/mode +key` or `-key` of an overlay the policy requires: refused, naming the rule (it is always in the prompt). */
export function requiredOverlayRefusal(loaded: LoadedScopes, key: string): string | null {
  if (loaded.policy.kind !== "ok") return null;
  const required = loaded.policy.policy.overlays.find((o) => o.key === key);
  if (required === undefined) return null;
  return `forge: refused: "${key}" is required by the team policy (${required.from}, rule requireOverlays): it is always in the prompt, and /mode cannot select or deselect it; nothing changed`;
}
