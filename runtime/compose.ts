// Pure composition of the active selection: drift check, policy, replay-time contracts, rendering, plus a result cache.
import type { ForgeModeStateEntry } from "../generated/types.js";
import type { Catalog } from "./catalog.js";
import type { ComposedBase, Composition, OverlaySection } from "./composition.js";
import { renderOverlaySection } from "./composition.js";
import { checkContracts, selectedRoles } from "./contracts.js";
import { renderTemplate, type PromptVars } from "./render-template.js";

export interface DriftItem {
  key: string;
  role: "base" | "overlay";
  /** changed: the digest differs from the pinned one; missing: no longer offered by any trusted bundle. */
  kind: "changed" | "missing";
  pinnedDigest: string | null;
  currentDigest: string | null;
}

export interface ComposeResult {
  composition: Composition;
  drift: DriftItem[];
  /** Why forge returns Pi's native prompt although something is selected; null otherwise. */
  fallbackReason: string | null;
}

/** What compose reads: the replayed (or just activated) state, or a startup refusal that forces native. */
export interface ActiveSelection {
  state: ForgeModeStateEntry | null;
  /** A refusal (invalid PI_MODES, broken contracts at startup...): native prompt with this reason. */
  error: string | null;
}

const short = (digest: string | null) => (digest === null ? "none" : digest.slice(0, 12));

export function describeDrift(item: DriftItem): string {
  return item.kind === "missing"
    ? `"${item.key}" is no longer offered by any trusted bundle`
    : `"${item.key}" changed since activation (pinned ${short(item.pinnedDigest)}, now ${short(item.currentDigest)})`;
}

export function detectDrift(catalog: Catalog, state: ForgeModeStateEntry): DriftItem[] {
  const items: DriftItem[] = [];
  for (const { key, role } of selectedRoles(state)) {
    const pinned = Object.prototype.hasOwnProperty.call(state.components, key) ? state.components[key] : undefined;
    const current = catalog.modes.get(key);
    if (!current) items.push({ key, role, kind: "missing", pinnedDigest: pinned?.digest ?? null, currentDigest: null });
    else if (!pinned || pinned.digest !== current.mode.digest) {
      items.push({ key, role, kind: "changed", pinnedDigest: pinned?.digest ?? null, currentDigest: current.mode.digest });
    }
  }
  return items;
}

function native(reason: string | null, drift: DriftItem[] = []): ComposeResult {
  return { composition: { kind: "native", reason }, drift, fallbackReason: reason };
}

export function composeSelection(catalog: Catalog, selection: ActiveSelection, vars: PromptVars): ComposeResult {
  if (selection.error !== null) return native(selection.error);
  const state = selection.state;
  if (state === null || (state.base === null && state.overlays.length === 0)) return native(null);
  const drift = detectDrift(catalog, state);
  const baseEntry = state.base === null ? undefined : catalog.modes.get(state.base);
  const baseDrift = drift.find((d) => d.role === "base");
  const baseWasExact = state.confirmedExact !== undefined || baseEntry?.mode.strategy === "replace_final";

  if (state.base !== null && baseWasExact) {
    if (baseDrift) {
      return native(`forge: drift: replace_final base ${describeDrift(baseDrift)}; it stays blocked under every policy until /mode reapprove (with confirmation)`, drift);
    }
    if (state.confirmedExact !== state.components[state.base]?.digest) {
      return native(`forge: replace_final base "${state.base}" was not confirmed for this digest; activate it again with confirmation`, drift);
    }
  }
  if (drift.length > 0 && state.driftPolicy === "block") {
    return native(`forge: drift (policy block): ${drift.map(describeDrift).join("; ")}; run /mode reapprove to accept the current definitions`, drift);
  }
  const violations = checkContracts(catalog, { base: state.base, overlays: state.overlays }, { allowMissing: true });
  if (violations.length > 0) return native(`forge: contracts broken at replay: ${violations.join("; ")}`, drift);

  let base: ComposedBase | null = null;
  if (baseEntry && baseEntry.mode.strategy !== "append") {
    const text = renderTemplate(baseEntry.mode.prompt, vars, baseEntry.key);
    base = baseEntry.mode.strategy === "replace_final"
      ? { key: baseEntry.key, strategy: "replace_final", text }
      : { key: baseEntry.key, strategy: "replace_base", text };
  }
  const overlays: OverlaySection[] = [];
  for (const key of state.overlays) {
    const entry = catalog.modes.get(key);
    if (!entry) continue; // missing under warn/allow: reported as drift, nothing to compose
    const label = entry.mode.label;
    overlays.push({ key, label, text: renderOverlaySection(label, renderTemplate(entry.mode.prompt, vars, key)) });
  }
  if (base === null && overlays.length === 0) {
    return native(`forge: nothing left to compose: ${drift.map(describeDrift).join("; ")}`, drift);
  }
  return { composition: { kind: "compose", base, overlays }, drift, fallbackReason: null };
}

/** A rough token estimate from a character count (4 per token): the one rule behind every size forge reports. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/** Characters forge contributes (the exact total for replace_final). */
export function composedChars(composition: Composition): number {
  if (composition.kind === "native") return 0;
  let n = composition.base?.text.length ?? 0;
  for (const o of composition.overlays) n += o.text.length;
  return n;
}

/**
 * Memoizes composeSelection on (catalog id, state object, error, vars). before_agent_start runs
 * every turn; the state object only changes on activation or replay, so the key is cheap to build.
 */
export function createComposeCache(): (catalog: Catalog, selection: ActiveSelection, vars: PromptVars) => ComposeResult {
  let lastCatalog: Catalog | null = null;
  let lastState: ForgeModeStateEntry | null | undefined;
  let lastError: string | null = null;
  let lastVarsKey = "";
  let lastResult: ComposeResult | null = null;
  return (catalog, selection, vars) => {
    const varsKey = `${vars.cwd}\u0000${vars.date}\u0000${vars.time}\u0000${vars.model}\u0000${vars.os}\u0000${vars.preset}`;
    if (
      lastResult !== null &&
      lastCatalog === catalog &&
      lastState === selection.state &&
      lastError === selection.error &&
      lastVarsKey === varsKey
    ) {
      return lastResult;
    }
    lastResult = composeSelection(catalog, selection, vars);
    lastCatalog = catalog;
    lastState = selection.state;
    lastError = selection.error;
    lastVarsKey = varsKey;
    return lastResult;
  };
}
