// Pure composition of the active selection: its result types, drift check, drift policy, replay-time contracts and rendering.
import type { ForgeModeStateEntry } from "../generated/types.js";
import type { Catalog } from "./component-catalog.js";
import { checkContracts, selectedRoles } from "./candidate.js";
import { renderTemplate, type PromptVars } from "./template.js";
import type { Diagnostic } from "./diagnostic.js";
import { driftBlocked, driftWarned, exactBaseDrift, exactBaseUnconfirmed, nothingToCompose, replayContractsBroken } from "./diagnostics/compose-codes.js";
import { noticeText } from "./diagnostics/diagnostic-line.js";

export type Strategy = "append" | "replace_base" | "replace_final";

/** One rendered append overlay. `text` is the section body (already labelled, see renderOverlaySection). */
export interface OverlaySection {
  key: string;
  label: string;
  text: string;
}

export type ComposedBase = { key: string; strategy: "replace_base"; text: string } | { key: string; strategy: "replace_final"; text: string };

export type Composition =
  /** Leave Pi's native prompt untouched. `reason` is null when simply nothing is selected. */
  | { kind: "native"; reason: string | null }
  /** `policyOnly`: Pi's native prompt plus only the team policy's overlays, the selection not composed (core/policy-compose.ts). */
  | { kind: "compose"; base: ComposedBase | null; overlays: OverlaySection[]; policyOnly?: true };

/** Section body for an overlay: a heading with the label, then the text. Same bytes on both hosts. */
export function renderOverlaySection(label: string, text: string): string {
  return `# ${label}\n\n${text}`;
}

export interface DriftItem {
  key: string;
  role: "base" | "overlay";
  /**
   * changed: the digest differs from the pinned one; moved: it now comes from another project layer (a deeper layer
   * shadows it, or its own layer is gone); untrusted: only a bundle that is not trusted offers it; missing: no bundle does.
   */
  kind: "changed" | "moved" | "untrusted" | "missing";
  pinnedDigest: string | null;
  currentDigest: string | null;
  /** moved: the layer it comes from now; untrusted: the bundle file that holds it. */
  where?: string;
  /** untrusted: what trusts that bundle on this host and in this mode. */
  how?: string;
}

/** Drift whose component is not composed at all (nothing trusted offers it): its preferences are released too. */
export function isUnavailable(item: DriftItem): boolean {
  return item.kind === "missing" || item.kind === "untrusted";
}

export interface ComposeResult {
  composition: Composition;
  drift: DriftItem[];
  /** Why forge returns Pi's native prompt although something is selected, as printed (`forge: <code>: ...`); null otherwise. */
  fallbackReason: string | null;
  /** The same reason as a coded diagnostic; null when there is none, or the reason is a startup refusal's own text. */
  fallback: Diagnostic | null;
}

/** What compose reads: the replayed (or just activated) state, or a startup refusal that forces native. */
export interface ActiveSelection {
  state: ForgeModeStateEntry | null;
  /** A refusal (invalid PI_MODES, broken contracts at startup...): native prompt with this reason. */
  error: string | null;
}

const short = (digest: string | null) => (digest === null ? "none" : digest.slice(0, 12));

export function describeDrift(item: DriftItem): string {
  switch (item.kind) {
    case "missing":
      return `"${item.key}" is no longer offered by any trusted bundle`;
    case "untrusted":
      return `"${item.key}" comes from ${item.where}, which is not trusted (${item.how ?? "run /forge trust, or trust the project in Pi"})`;
    case "moved":
      return `"${item.key}" now comes from the layer ${item.where}, not the one it was activated from`;
    case "changed":
      return `"${item.key}" changed since activation (pinned ${short(item.pinnedDigest)}, now ${short(item.currentDigest)})`;
  }
}

export function detectDrift(catalog: Catalog, state: ForgeModeStateEntry): DriftItem[] {
  const items: DriftItem[] = [];
  for (const { key, role } of selectedRoles(state)) {
    const pinned = Object.prototype.hasOwnProperty.call(state.components, key) ? state.components[key] : undefined;
    const current = catalog.modes.get(key);
    const pinnedDigest = pinned?.digest ?? null;
    if (!current) {
      const withheld = catalog.withheldModes.get(key);
      items.push(
        withheld
          ? {
              key,
              role,
              kind: "untrusted",
              pinnedDigest,
              currentDigest: null,
              where: withheld.file,
              ...(withheld.how === undefined ? {} : { how: withheld.how }),
            }
          : { key, role, kind: "missing", pinnedDigest, currentDigest: null },
      );
    } else if (pinned?.layer !== undefined && pinned.layer !== (current.layer ?? "")) {
      // Pinned to a layer: a deeper layer appearing later is a visible switch, never a silent one.
      items.push({ key, role, kind: "moved", pinnedDigest, currentDigest: current.mode.digest, where: current.layer ?? current.scope });
    } else if (!pinned || pinned.digest !== current.mode.digest) {
      items.push({ key, role, kind: "changed", pinnedDigest, currentDigest: current.mode.digest });
    }
  }
  return items;
}

function native(reason: string | null, drift: DriftItem[] = []): ComposeResult {
  return { composition: { kind: "native", reason }, drift, fallbackReason: reason, fallback: null };
}

/** A coded fallback: the notice says `forge: <code>: <message>`. */
function nativeFor(d: Diagnostic, drift: DriftItem[]): ComposeResult {
  return { ...native(noticeText(d), drift), fallback: d };
}

/** The notice of drift composed under policy warn: what is composed as it is now, and what is left out and why. */
export function driftWarning(drift: readonly DriftItem[]): Diagnostic {
  return driftWarned(
    drift.filter((d) => !isUnavailable(d)).map((d) => d.key),
    drift.filter(isUnavailable).map(describeDrift),
  );
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
      return nativeFor(exactBaseDrift(describeDrift(baseDrift)), drift);
    }
    if (state.confirmedExact !== state.components[state.base]?.digest) {
      return nativeFor(exactBaseUnconfirmed(state.base), drift);
    }
  }
  if (drift.length > 0 && state.driftPolicy === "block") {
    return nativeFor(
      driftBlocked(
        selectedRoles(state).map((r) => r.key),
        drift.map(describeDrift),
      ),
      drift,
    );
  }
  const violations = checkContracts(catalog, { base: state.base, overlays: state.overlays }, { allowMissing: true });
  if (violations.length > 0) return nativeFor(replayContractsBroken(violations), drift);

  let base: ComposedBase | null = null;
  if (baseEntry && baseEntry.mode.strategy !== "append") {
    const text = renderTemplate(baseEntry.mode.prompt, vars, baseEntry.key);
    base =
      baseEntry.mode.strategy === "replace_final"
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
    return nativeFor(nothingToCompose(drift.map(describeDrift)), drift);
  }
  return { composition: { kind: "compose", base, overlays }, drift, fallbackReason: null, fallback: null };
}
