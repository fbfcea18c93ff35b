// Selection requests (keys or a preset) resolved against the catalog, and the state entries that pin them.
import { toolPinOf } from "./tool-sets.js";
import { suggestClosest } from "./suggest.js";
import type { ForgeModeStateEntry } from "../generated/types.js";
import { SCOPES_SHALLOW_TO_DEEP, trustHow, type Catalog, type CatalogMode, type Origin } from "./component-catalog.js";
import { candidateFromKeys, checkContracts, selectedKeys, type Candidate } from "./candidate.js";

export type DriftPolicy = ForgeModeStateEntry["driftPolicy"];
export type StateSource = ForgeModeStateEntry["source"];

export type SelectionRequest = { kind: "keys"; keys: string[] } | { kind: "preset"; name: string };

/**
 * Modes a preset was compiled against that have changed since (e.g. a built-in mode after a forge
 * upgrade): the preset still applies the current definitions, so the operator is told to rebuild. A mode
 * a deeper layer defines is not stale (see presetOverrides): rebuilding the preset's layer cannot change it.
 */
export function stalePresetModes(catalog: Catalog, presetName: string): string[] {
  return presetModeChanges(catalog, presetName).stale;
}

/**
 * Modes of a preset that a layer deeper than the preset's own defines (a monorepo package's `style` under the root's
 * preset `house`): the documented layering, which the preset's bundle could not have been built against.
 */
export function presetOverrides(catalog: Catalog, presetName: string): CatalogMode[] {
  return presetModeChanges(catalog, presetName).overridden;
}

/** Scope order, then the project layers root first: the later, the deeper. */
function depthOf(catalog: Catalog, origin: Origin): number {
  const scope = SCOPES_SHALLOW_TO_DEEP.indexOf(origin.scope);
  const layer = origin.layer === null ? -1 : catalog.layers.findIndex((l) => l.layer === origin.layer);
  return scope * 10_000 + layer + 1;
}

function presetModeChanges(catalog: Catalog, presetName: string): { stale: string[]; overridden: CatalogMode[] } {
  const entry = catalog.presets.get(presetName);
  if (!entry) return { stale: [], overridden: [] };
  const stale: string[] = [];
  const overridden: CatalogMode[] = [];
  for (const key of Object.keys(entry.preset.modeDigests).sort()) {
    const current = catalog.modes.get(key);
    if (current === undefined || current.mode.digest === entry.preset.modeDigests[key]) continue;
    if (depthOf(catalog, current) > depthOf(catalog, entry)) overridden.push(current);
    else stale.push(key);
  }
  return { stale, overridden };
}

/** A validated candidate ready to be pinned. */
export interface ResolvedCandidate extends Candidate {
  preset: string | null;
  driftPolicy: DriftPolicy;
}

/** Turns a request into a candidate and checks every contract; refuses as a whole on any violation. */
export function resolveRequest(
  catalog: Catalog,
  request: SelectionRequest,
  driftPolicy?: DriftPolicy,
): { ok: true; candidate: ResolvedCandidate } | { ok: false; error: string } {
  const resolved = resolveCandidate(catalog, request, driftPolicy);
  if (!resolved.ok) return resolved;
  const violations = checkContracts(catalog, resolved.candidate);
  if (violations.length > 0) return { ok: false, error: `contracts: ${violations.join("; ")}` };
  return resolved;
}

/**
 * A request as a candidate, without the contract check: a preset's base and overlays (its drift policy unless one is
 * given), or keys split into base and overlays by strategy. forge explain judges the contracts of such a candidate.
 */
export function resolveCandidate(
  catalog: Catalog,
  request: SelectionRequest,
  driftPolicy?: DriftPolicy,
): { ok: true; candidate: ResolvedCandidate } | { ok: false; error: string } {
  if (request.kind === "preset") {
    const entry = catalog.presets.get(request.name);
    if (!entry) {
      const withheld = catalog.withheldPresets.get(request.name);
      if (withheld?.withheldBy !== undefined) return { ok: false, error: `preset "${request.name}" is in ${withheld.file}, which ${withheld.withheldBy}` };
      if (withheld)
        return {
          ok: false,
          error: `preset "${request.name}" is in ${withheld.file}, which is not trusted; trust it first (${trustHow(withheld)})`,
        };
      const near = suggestClosest(request.name, catalog.presets.keys());
      return { ok: false, error: `unknown preset "${request.name}"${near === null ? "" : ` (did you mean "${near}"?)`}` };
    }
    const candidate: Candidate = { base: entry.preset.base ?? null, overlays: [...entry.preset.overlays] };
    return { ok: true, candidate: { ...candidate, preset: request.name, driftPolicy: driftPolicy ?? entry.preset.driftPolicy ?? "block" } };
  }
  const split = candidateFromKeys(catalog, request.keys);
  if ("error" in split) return { ok: false, error: split.error };
  return { ok: true, candidate: { ...split.candidate, preset: null, driftPolicy: driftPolicy ?? "block" } };
}

/**
 * The state entry for a candidate: digests, scopes and edit limits pinned from the catalog as they are now. The pinned
 * limit (null: the mode has none) stays in force while this entry is the branch's selection (core/pinned-limits.ts).
 */
export function createStateEntry(
  catalog: Catalog,
  candidate: ResolvedCandidate,
  meta: { source: StateSource; now: Date; confirmedExact?: string },
): ForgeModeStateEntry {
  const components: ForgeModeStateEntry["components"] = {};
  for (const key of selectedKeys(candidate)) {
    const entry = catalog.modes.get(key);
    if (!entry) continue;
    const pin: ForgeModeStateEntry["components"][string] & object = { digest: entry.mode.digest, scope: entry.scope };
    if (entry.layer !== null) pin.layer = entry.layer;
    pin.edits = entry.mode.edits ?? null;
    Object.assign(pin, toolPinOf(entry.mode));
    components[key] = pin;
  }
  const bundleHashes: ForgeModeStateEntry["bundleHashes"] = { ...catalog.bundleHashes };
  if (catalog.layers.length > 0) bundleHashes.layers = Object.fromEntries(catalog.layers.map((l) => [l.layer, l.bundleHash]));
  const state: ForgeModeStateEntry = {
    v: 1,
    base: candidate.base,
    overlays: [...candidate.overlays],
    preset: candidate.preset,
    components,
    bundleHashes,
    driftPolicy: candidate.driftPolicy,
    source: meta.source,
    activatedAt: meta.now.toISOString(),
  };
  if (meta.confirmedExact !== undefined) state.confirmedExact = meta.confirmedExact;
  return state;
}

/** The entry activating `candidate` would pin, a replace_final base taken as confirmed: what previews and estimates compose. */
export function previewStateEntry(catalog: Catalog, candidate: ResolvedCandidate): ForgeModeStateEntry {
  const base = candidate.base === null ? undefined : catalog.modes.get(candidate.base)?.mode;
  const confirmedExact = base?.strategy === "replace_final" ? base.digest : undefined;
  return createStateEntry(catalog, candidate, { source: "command", now: new Date(0), confirmedExact });
}

/** The entry that `/mode off` appends: native prompt, nothing selected. */
export function createOffEntry(catalog: Catalog, now: Date): ForgeModeStateEntry {
  return createStateEntry(catalog, { base: null, overlays: [], preset: null, driftPolicy: "block" }, { source: "off", now });
}

/** Same base, overlays, preset and policy (pins not compared): what a startup request asks for. */
export function sameKeys(state: ForgeModeStateEntry | null, c: ResolvedCandidate): boolean {
  if (state === null) return c.base === null && c.overlays.length === 0;
  return (
    state.base === c.base &&
    state.preset === c.preset &&
    state.driftPolicy === c.driftPolicy &&
    state.overlays.length === c.overlays.length &&
    state.overlays.every((k, i) => k === c.overlays[i])
  );
}

/** Same selection and same pins: appending it again would change nothing (source and time ignored). */
export function sameSelection(a: ForgeModeStateEntry | null, b: ForgeModeStateEntry | null): boolean {
  const empty = (s: ForgeModeStateEntry | null) => s === null || (s.base === null && s.overlays.length === 0);
  if (empty(a) && empty(b)) return true;
  if (a === null || b === null) return false;
  if (!sameKeys(a, b) || a.confirmedExact !== b.confirmedExact) return false;
  const keys = Object.keys(a.components);
  if (keys.length !== Object.keys(b.components).length) return false;
  return keys.every((k) => {
    const x = a.components[k];
    const y = b.components[k];
    return x !== undefined && y !== undefined && x.digest === y.digest && x.scope === y.scope;
  });
}
