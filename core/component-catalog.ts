// The offered components: verified bundles merged per key, the deepest scope (project > global > builtin) winning.
import type { Scope } from "./digest.js";
import type { ForgeBundle, Mode, Preset } from "../generated/types.js";

export const SCOPES_SHALLOW_TO_DEEP: readonly Scope[] = ["builtin", "global", "project"];

export interface CatalogMode {
  key: string;
  scope: Scope;
  mode: Mode;
}

export interface CatalogPreset {
  key: string;
  scope: Scope;
  preset: Preset;
}

export interface Catalog {
  modes: ReadonlyMap<string, CatalogMode>;
  presets: ReadonlyMap<string, CatalogPreset>;
  bundleHashes: Partial<Record<Scope, string>>;
  /** Changes whenever any offered bundle changes: part of every cache key. */
  id: string;
}

export type ScopedBundles = Partial<Record<Scope, ForgeBundle>>;

export function buildCatalog(bundles: ScopedBundles): Catalog {
  const modes = new Map<string, CatalogMode>();
  const presets = new Map<string, CatalogPreset>();
  const bundleHashes: Partial<Record<Scope, string>> = {};
  for (const scope of SCOPES_SHALLOW_TO_DEEP) {
    const bundle = bundles[scope];
    if (!bundle) continue;
    bundleHashes[scope] = bundle.bundleHash;
    for (const [key, mode] of Object.entries(bundle.modes)) if (mode) modes.set(key, { key, scope, mode });
    for (const [key, preset] of Object.entries(bundle.presets)) if (preset) presets.set(key, { key, scope, preset });
  }
  const id = SCOPES_SHALLOW_TO_DEEP.map((s) => `${s}:${bundleHashes[s] ?? "-"}`).join(",");
  return { modes, presets, bundleHashes, id };
}

export function emptyCatalog(): Catalog {
  return buildCatalog({});
}

/** Mode keys sorted for stable listings and completions. */
export function sortedModeKeys(catalog: Catalog): string[] {
  return [...catalog.modes.keys()].sort();
}
