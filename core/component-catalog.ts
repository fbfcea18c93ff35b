// The offered components: verified bundles merged per key, shallow to deep (built-in, global, then each project
// layer from the repository root down to cwd), the deepest winning. Components of bundles that are not trusted are
// kept aside as withheld, so a selection that names one can say "untrusted" instead of "unknown".
import type { Scope } from "./digest.js";
import type { ForgeBundle, Mode, Preset } from "../generated/types.js";

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
}

/** One verified bundle, in shallow-to-deep order; untrusted ones only feed `withheld`. */
export interface CatalogSource extends Origin {
  bundle: ForgeBundle;
  trusted: boolean;
  file: string;
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

/** Merges the sources in order (shallow first): later sources win per key. */
export function buildLayeredCatalog(sources: readonly CatalogSource[]): Catalog {
  const modes = new Map<string, CatalogMode>();
  const presets = new Map<string, CatalogPreset>();
  const withheldModes = new Map<string, Withheld>();
  const withheldPresets = new Map<string, Withheld>();
  const bundleHashes: Partial<Record<Scope, string>> = {};
  const layers: Array<{ layer: string; bundleHash: string }> = [];
  for (const source of sources) {
    const { scope, layer, bundle, file } = source;
    if (!source.trusted) {
      // Withheld unless an offered component of that key already exists; an offered deeper one removes it below.
      for (const key of Object.keys(bundle.modes)) if (!modes.has(key)) withheldModes.set(key, { key, scope, layer, file });
      for (const key of Object.keys(bundle.presets)) if (!presets.has(key)) withheldPresets.set(key, { key, scope, layer, file });
      continue;
    }
    bundleHashes[scope] = bundle.bundleHash;
    if (layer !== null) layers.push({ layer, bundleHash: bundle.bundleHash });
    for (const [key, mode] of Object.entries(bundle.modes)) {
      if (!mode) continue;
      modes.set(key, { key, scope, layer, mode });
      withheldModes.delete(key);
    }
    for (const [key, preset] of Object.entries(bundle.presets)) {
      if (!preset) continue;
      presets.set(key, { key, scope, layer, preset });
      withheldPresets.delete(key);
    }
  }
  const id = sources.filter((s) => s.trusted).map((s) => `${s.scope}:${s.layer ?? ""}:${s.bundle.bundleHash}`).join(",");
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
