// Reads a target's sources and compiles them in memory, with the built-in bundle, for preview and explain (writes nothing).
import { hasErrors } from "../../core/diagnostic.js";
import { buildLayeredCatalog, type CatalogSource } from "../../core/component-catalog.js";
import type { Origin, TokensOf } from "../review/explain-tokens.js";
import { collectRules } from "../../core/rule-catalog.js";
import { compile } from "../compile.js";
import { sourceLookup, type SourceLookup } from "../output/format-diagnostics.js";
import type { InspectedSources } from "../review/inspection.js";
import { catalogSourcesFor, type CompileContext } from "./compile-context.js";
import { forgeVersion, type ForgeTarget } from "./forge-target.js";
import { readLibraries } from "./read-libraries.js";
import { readTargetTree } from "./read-target-tree.js";
import { configuredSignedBy } from "../phases/config-settings.js";
import { readPolicyInput } from "./read-policy.js";

/** A component's token counts are those of the bundle it came from (the deepest source of its scope and layer). */
export function tokensOfSources(sources: readonly CatalogSource[]): TokensOf {
  return (o: Origin) => sources.filter((s) => s.scope === o.scope && s.layer === o.layer).at(-1)?.bundle.tokens ?? null;
}

/** `tree`: the target's sources when the caller read them already (forge test reads its test files from the same tree). */
export function inspectSources(target: ForgeTarget, context: CompileContext, tree = readTargetTree(target)): InspectedSources & { getSource: SourceLookup } {
  const getSource = sourceLookup(tree.files);
  const libraries = target.scope === "builtin" ? [] : readLibraries(target.root, tree);
  const result = compile(tree, { scope: target.scope, forgeVersion, ...context.link, libraries });
  const signedBy = configuredSignedBy(tree);
  const expected = target.scope === "builtin" ? undefined : readPolicyInput(target, tree, undefined, target.cwd);
  const expectPolicy = expected === undefined ? {} : { expectPolicy: expected };
  if (hasErrors(result.diagnostics) || result.bundle === null) return { diagnostics: result.diagnostics, getSource, catalog: null, signedBy, ...expectPolicy };
  // The catalog Pi would build here: built-in, each layer above, then this layer, the deepest winning per key.
  const sources = catalogSourcesFor(target, context, result.bundle);
  const libraryVersions = (result.bundle.lock ?? []).map(({ name, version }) => ({ name, version }));
  const tokensOf = tokensOfSources(sources);
  return {
    diagnostics: result.diagnostics,
    getSource,
    catalog: buildLayeredCatalog(sources),
    rules: collectRules(sources),
    libraries: libraryVersions,
    bundleHash: result.bundle.bundleHash,
    signedBy,
    tokensOf,
    ...expectPolicy,
  };
}
