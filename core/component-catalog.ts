// The offered components: verified bundles layered per key, shallow to deep (built-in, global, then each project
// layer from the repository root down to cwd), the deepest winning (core/layering.ts). Components of bundles that are
// not trusted are kept aside as withheld, so a selection that names one can say "untrusted" instead of "unknown".
import type { Scope } from "./digest.js";
import type { ForgeBundle, Mode, Preset } from "../generated/types.js";
import { layerComponents } from "./layering.js";

export const SCOPES_SHALLOW_TO_DEEP: readonly Scope[] = ["builtin", "global", "project"];

/** Where an offered component comes from: its scope, and for the project scope the layer (the directory holding .pi/forge). */
export interface Origin {
  scope: Scope;
  /** Absolute path of the project layer's root; null for the built-in and global scopes. */
  layer: string | null;
}

export interface CatalogMode extends Origin {
  key: string;
  mode: Mode;
}

export interface CatalogPreset extends Origin {
  key: string;
  preset: Preset;
}

/** A component present in a loaded bundle that is not offered (its bundle is not trusted), and not shadowed by an offered one. */
export interface Withheld extends Origin {
  key: string;
  /** The bundle file, for messages. */
  file: string;
  /** What trusts it on this host and in this mode (runtime/trust-hint.ts), when the loader said. */
  how?: string;
  /** Why it is withheld when trusting would not help (the team policy's requireSigners); absent: it is not trusted. */
  withheldBy?: string;
}

/** The words after "trust it first": what the loader said works here, else both ways. */
export const trustHow = (withheld: Pick<Withheld, "how">): string => withheld.how ?? "run /forge trust, or trust the project in Pi";

/** One verified bundle, in shallow-to-deep order; untrusted ones only feed `withheld`. */
export interface CatalogSource extends Origin {
  bundle: ForgeBundle;
  trusted: boolean;
  file: string;
  /** An untrusted source: what trusts it here (runtime/trust-hint.ts). */
  how?: string;
  /** Set when the team policy withholds a bundle trust would offer (runtime/policy-scopes.ts): why. */
  withheldBy?: string;
}

export interface Catalog {
  modes: ReadonlyMap<string, CatalogMode>;
  presets: ReadonlyMap<string, CatalogPreset>;
  withheldModes: ReadonlyMap<string, Withheld>;
  withheldPresets: ReadonlyMap<string, Withheld>;
  /** bundleHash of the deepest offered bundle of each scope. */
  bundleHashes: Partial<Record<Scope, string>>;
  /** Every offered project layer, root first, with its bundleHash. */
  layers: ReadonlyArray<{ layer: string; bundleHash: string }>;
  /** Changes whenever any offered bundle changes: part of every cache key. */
  id: string;
}

export type ScopedBundles = Partial<Record<Scope, ForgeBundle>>;

/**
 * Layers the trusted sources in order (shallow first) with the one layering rule (core/layering.ts): the deepest wins
 * per key. A component of an untrusted source is withheld when no trusted source offers its key (the deepest
 * untrusted one is named).
 */
export function buildLayeredCatalog(sources: readonly CatalogSource[]): Catalog {
  const trusted = sources.filter((s) => s.trusted);
  const layered = layerComponents(trusted.map((s) => ({ origin: s, modes: s.bundle.modes, presets: s.bundle.presets })));
  const modes = new Map<string, CatalogMode>();
  const presets = new Map<string, CatalogPreset>();
  for (const [key, { mode, origin }] of layered.modes) modes.set(key, { key, scope: origin.scope, layer: origin.layer, mode });
  for (const [key, { preset, origin }] of layered.presets) presets.set(key, { key, scope: origin.scope, layer: origin.layer, preset });
  const withheldModes = new Map<string, Withheld>();
  const withheldPresets = new Map<string, Withheld>();
  for (const { scope, layer, bundle, file, trusted: ok, how, withheldBy } of sources) {
    if (ok) continue;
    const at = { scope, layer, file, ...(how === undefined ? {} : { how }), ...(withheldBy === undefined ? {} : { withheldBy }) };
    for (const key of Object.keys(bundle.modes)) if (!modes.has(key)) withheldModes.set(key, { key, ...at });
    for (const key of Object.keys(bundle.presets)) if (!presets.has(key)) withheldPresets.set(key, { key, ...at });
  }
  const bundleHashes: Partial<Record<Scope, string>> = {};
  const layers: Array<{ layer: string; bundleHash: string }> = [];
  for (const { scope, layer, bundle } of trusted) {
    bundleHashes[scope] = bundle.bundleHash;
    if (layer !== null) layers.push({ layer, bundleHash: bundle.bundleHash });
  }
  const id = trusted.map((s) => `${s.scope}:${s.layer ?? ""}:${s.bundle.bundleHash}`).join(",");
  return { modes, presets, withheldModes, withheldPresets, bundleHashes, layers, id };
}

/** One trusted bundle per scope (the compiler's in-memory inspections, tests). */
export function buildCatalog(bundles: ScopedBundles): Catalog {
  const sources: CatalogSource[] = [];
  for (const scope of SCOPES_SHALLOW_TO_DEEP) {
    const bundle = bundles[scope];
    if (bundle) sources.push({ scope, layer: null, bundle, trusted: true, file: "" });
  }
  return buildLayeredCatalog(sources);
}

export function emptyCatalog(): Catalog {
  return buildLayeredCatalog([]);
}

/** Mode keys sorted for stable listings and completions. */
export function sortedModeKeys(catalog: Catalog): string[] {
  return [...catalog.modes.keys()].sort();
}
