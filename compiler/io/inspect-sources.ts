// Reads a target's sources and compiles them in memory, with the built-in bundle, for preview and explain (writes nothing).
import { hasErrors } from "../../core/diagnostic.js";
import { buildLayeredCatalog, type CatalogSource } from "../../core/component-catalog.js";
import { collectRules } from "../../core/rule-catalog.js";
import type { ForgeBundle } from "../../generated/types.js";
import { compile } from "../compile.js";
import { sourceLookup, type SourceLookup } from "../output/format-diagnostics.js";
import type { InspectedSources } from "../review/inspection.js";
import type { ForgeTarget } from "./forge-target.js";
import { inheritedComponents, type OuterLayer } from "./outer-layers.js";
import { readLibraries } from "./read-libraries.js";
import { readSources } from "./read-sources.js";

export interface InspectSettings {
  forgeVersion: string;
  /** The verified built-in bundle (null for the builtin target itself, or when it cannot be used). */
  builtinBundle: ForgeBundle | null;
  /** The verified project layers above a project target (a monorepo's root layer), root first. */
  outerLayers: readonly OuterLayer[];
}

export function inspectSources(target: ForgeTarget, settings: InspectSettings): InspectedSources & { getSource: SourceLookup } {
  const tree = readSources(target.forgeRoot);
  const getSource = sourceLookup(tree.files);
  const builtin = settings.builtinBundle;
  const libraries = target.scope === "builtin" ? [] : readLibraries(target.root, tree);
  const outer = target.scope === "project" ? settings.outerLayers : [];
  const inherited = inheritedComponents(target.root, builtin ?? undefined, outer);
  const result = compile(tree, {
    scope: target.scope,
    forgeVersion: settings.forgeVersion,
    builtinModes: inherited.modes,
    builtinPresets: inherited.presets,
    ...(outer.length > 0 ? { inheritedOrigins: inherited.origins } : {}),
    libraries,
  });
  if (hasErrors(result.diagnostics) || result.bundle === null) return { diagnostics: result.diagnostics, getSource, catalog: null };
  // The catalog Pi would build here: built-in, each layer above, then this layer, the deepest winning per key.
  const sources: CatalogSource[] = [];
  if (builtin && target.scope !== "builtin") sources.push({ scope: "builtin", layer: null, bundle: builtin, trusted: true, file: "" });
  for (const l of outer) sources.push({ scope: "project", layer: l.root, bundle: l.bundle, trusted: true, file: l.file });
  sources.push({ scope: target.scope, layer: target.scope === "project" ? target.root : null, bundle: result.bundle, trusted: true, file: target.bundlePath });
  const libraryVersions = (result.bundle.lock ?? []).map(({ name, version }) => ({ name, version }));
  return { diagnostics: result.diagnostics, getSource, catalog: buildLayeredCatalog(sources), rules: collectRules(sources), libraries: libraryVersions };
}
