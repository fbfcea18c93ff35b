// What a target's sources compile against besides themselves, read once for every command that compiles them
// (build, preview, explain, diff's worktree, studio): the built-in bundle and, for a monorepo package, the layers above.
import type { CatalogSource } from "../../core/component-catalog.js";
import type { BundleScope, ForgeBundle } from "../../generated/types.js";
import type { CompileOptions, LayerBeneath } from "../types.js";
import type { BuiltinBundleResult, ForgeTarget } from "./forge-target.js";
import { describeOuterLayer, outerLayersKey, readOuterLayers, type LayerOverrides, type OuterLayer } from "./outer-layers.js";

export interface CompileContext {
  /** The verified built-in bundle; null for the builtin target itself, or when it cannot be used. */
  builtin: ForgeBundle | null;
  /** Why the built-in bundle cannot be used, when it cannot (and the target is not the builtin one). */
  builtinProblem: string | null;
  /** The verified project layers above a project target, root first. */
  outer: readonly OuterLayer[];
  /** Layers above that could not be used (refused, or leaving the repository), as `forge: ...` notices. */
  outerWarnings: readonly string[];
  /** The compile options that link the sources against all of the above: the layers beneath them. */
  link: Pick<CompileOptions, "layersBeneath">;
  /** The inputs above as text, for the build cache fingerprint (null: only the target's own sources matter). */
  fingerprint: string | null;
}

/** Reads the layers above a project target; with the built-in bundle they are the layers beneath its sources. */
export function readCompileContext(
  target: { scope: BundleScope; root: string; cwd: string },
  builtin: BuiltinBundleResult,
  overrides?: LayerOverrides,
): CompileContext {
  if (target.scope === "builtin") return { builtin: null, builtinProblem: null, outer: [], outerWarnings: [], link: {}, fingerprint: null };
  const outer = target.scope === "project" ? readOuterLayers(target.root, overrides) : { layers: [], warnings: [] };
  const layersBeneath: LayerBeneath[] = [];
  if (builtin.bundle) layersBeneath.push({ name: null, modes: builtin.bundle.modes, presets: builtin.bundle.presets });
  // Messages name a layer above by its path from the current directory, so the cache key includes that directory.
  for (const l of outer.layers) layersBeneath.push({ name: describeOuterLayer(target.cwd, l.root), modes: l.bundle.modes, presets: l.bundle.presets });
  const link: CompileContext["link"] = { layersBeneath };
  const outerKey = outer.layers.length > 0 ? `${outerLayersKey(outer.layers)}\0${target.cwd}` : "";
  const fingerprint = builtin.text !== undefined || outer.layers.length > 0 ? `${builtin.text ?? "-"}\0${outerKey}` : null;
  return { builtin: builtin.bundle ?? null, builtinProblem: builtin.problem ?? null, outer: outer.layers, outerWarnings: outer.warnings, link, fingerprint };
}

/**
 * The catalog sources Pi would load beside the target's freshly compiled bundle: built-in, each layer above, then
 * the target itself (the deepest winning per key). The global bundle is the caller's to add: not every view shows it.
 */
export function catalogSourcesFor(target: ForgeTarget, context: CompileContext, own: ForgeBundle, global: ForgeBundle | null = null): CatalogSource[] {
  const sources: CatalogSource[] = [];
  if (context.builtin && target.scope !== "builtin") sources.push({ scope: "builtin", layer: null, bundle: context.builtin, trusted: true, file: "" });
  if (global && target.scope === "project") sources.push({ scope: "global", layer: null, bundle: global, trusted: true, file: "" });
  for (const l of context.outer) sources.push({ scope: "project", layer: l.root, bundle: l.bundle, trusted: true, file: l.file });
  sources.push({ scope: target.scope, layer: target.scope === "project" ? target.root : null, bundle: own, trusted: true, file: target.bundlePath });
  return sources;
}

/** An outer layer's warning as a command prints it: `forge: warning: ...; <consequence>`. */
export function outerWarningLine(warning: string, consequence: string): string {
  return `${warning.replace(/^forge: /, "forge: warning: ")}; ${consequence}\n`;
}
