// The path rules the loaded bundles offer (rules/ of each scope and project layer), the deepest winning per id like modes do.
import type { Scope } from "./digest.js";
import type { CatalogSource } from "./component-catalog.js";
import type { Rule } from "../generated/types.js";
import { layerByKey } from "./layering.js";

export interface RuleRef {
  key: string;
  scope: Scope;
  /** The project layer's root (the directory holding its .pi/forge/) its globs are relative to; null outside the project scope. */
  layer: string | null;
  rule: Rule;
}

/** What rule matching needs at a tool call: the offered rules and the directory their globs are relative to. */
export interface PathRuleSources {
  rules: readonly RuleRef[];
  /**
   * The deepest project layer's root (the directory holding .pi/forge/), else the working directory: what the globs of
   * built-in and global components are relative to. A project layer's own globs are relative to that layer's root.
   */
  root: string;
}

/** The directory a component's globs are relative to: its project layer's root, else the session's `root`. */
export function globRoot(layer: string | null | undefined, root: string): string {
  return layer ?? root;
}

/**
 * Every offered rule, sorted by id so the inventory is byte-stable. `sources` in shallow-to-deep order (the catalog's);
 * rules are repository content, so an untrusted bundle's count for nothing.
 */
export function collectRules(sources: readonly CatalogSource[]): RuleRef[] {
  const layered = layerByKey(sources.filter((s) => s.trusted).map((s) => ({ origin: s, entries: s.bundle.rules ?? {} })));
  const rules = [...layered.values()].map(({ key, value, origin }): RuleRef => ({ key, scope: origin.scope, layer: origin.layer, rule: value }));
  return rules.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
