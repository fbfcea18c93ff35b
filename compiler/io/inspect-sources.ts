// Reads a target's sources and compiles them in memory, with the built-in bundle, for preview and explain (writes nothing).
import { hasErrors } from "../../core/diagnostic.js";
import { buildCatalog, type ScopedBundles } from "../../core/component-catalog.js";
import { collectRules } from "../../core/rule-catalog.js";
import type { ForgeBundle } from "../../generated/types.js";
import { compile } from "../compile.js";
import { sourceLookup, type SourceLookup } from "../output/format-diagnostics.js";
import type { InspectedSources } from "../review/inspection.js";
import type { ForgeTarget } from "./forge-target.js";
import { readSources } from "./read-sources.js";

export interface InspectSettings {
  forgeVersion: string;
  /** The verified built-in bundle (null for the builtin target itself, or when it cannot be used). */
  builtinBundle: ForgeBundle | null;
}

export function inspectSources(target: ForgeTarget, settings: InspectSettings): InspectedSources & { getSource: SourceLookup } {
  const tree = readSources(target.forgeRoot);
  const getSource = sourceLookup(tree.files);
  const builtin = settings.builtinBundle;
  const result = compile(tree, { scope: target.scope, forgeVersion: settings.forgeVersion, ...(builtin ? { builtinModes: builtin.modes, builtinPresets: builtin.presets } : {}) });
  if (hasErrors(result.diagnostics) || result.bundle === null) return { diagnostics: result.diagnostics, getSource, catalog: null };
  const bundles: ScopedBundles = { [target.scope]: result.bundle };
  if (settings.builtinBundle && target.scope !== "builtin") bundles.builtin = settings.builtinBundle;
  return { diagnostics: result.diagnostics, getSource, catalog: buildCatalog(bundles), rules: collectRules(bundles) };
}
