// The project layers above a forge root (a monorepo's house rules), read and verified as the runtime reads them, so
// `forge build`, preview and explain compile a package's layer against what Pi will offer beside it.
import { join, resolve } from "node:path";
import { displayPath } from "../output/display-path.js";
import type { ForgeBundle } from "../../generated/types.js";
import { loadBundleFile } from "../../io/bundle-file.js";
import { findProjectLayers, layerEscape } from "../../io/project-layers.js";
import { noticeText } from "../../core/diagnostics/diagnostic-line.js";

export interface OuterLayer {
  /** The directory holding .pi/forge/. */
  root: string;
  file: string;
  bundle: ForgeBundle;
}

export interface OuterLayers {
  /** Root first; the layer at the target's own root is never one of them. */
  layers: OuterLayer[];
  /** Layers that could not be used (refused, or leaving the repository), as notices. */
  warnings: string[];
}

/**
 * Bundles that stand in for a layer's bundle.json, by layer root: `build --check --all` checks a package against the
 * bundle its stale outer layer's sources build now (what `build --all` would write first), not the stale file.
 */
export type LayerOverrides = ReadonlyMap<string, ForgeBundle>;

/** Every verified layer from the repository root down to, not including, `projectRoot`. */
export function readOuterLayers(projectRoot: string, overrides: LayerOverrides = new Map()): OuterLayers {
  const own = resolve(projectRoot);
  const { layers, repositoryRoot } = findProjectLayers(own);
  const out: OuterLayers = { layers: [], warnings: [] };
  for (const layer of layers) {
    if (layer.root === own) continue;
    const escape = layerEscape(layer, repositoryRoot);
    if (escape !== null) {
      out.warnings.push(noticeText(escape));
      continue;
    }
    const override = overrides.get(layer.root);
    if (override !== undefined) {
      out.layers.push({ root: layer.root, file: layer.file, bundle: override });
      continue;
    }
    const load = loadBundleFile(layer.file, "project");
    if (load.status === "ok") out.layers.push({ root: layer.root, file: layer.file, bundle: load.bundle });
    else if (load.status === "refused") out.warnings.push(load.reason);
  }
  return out;
}

/** An outer layer as messages name it: its .pi/forge from the current directory (`../../.pi/forge`). */
export function describeOuterLayer(cwd: string, layerRoot: string): string {
  return `the layer ${displayPath(cwd, join(layerRoot, ".pi", "forge"))}`;
}

/** What the outer layers contribute to the build cache key: each layer's place and content hash. */
export function outerLayersKey(outer: readonly OuterLayer[]): string {
  return outer.map((l) => `${l.root}\n${l.bundle.bundleHash}`).join("\n");
}
