// The path rules the loaded bundles offer (rules/ of each scope), the deepest scope winning per id like modes do.
import type { Scope } from "./digest.js";
import { SCOPES_SHALLOW_TO_DEEP, type ScopedBundles } from "./component-catalog.js";
import type { Rule } from "../generated/types.js";

export interface RuleRef {
  key: string;
  scope: Scope;
  rule: Rule;
}

/** What rule matching needs at a tool call: the offered rules and the directory their globs are relative to. */
export interface PathRuleSources {
  rules: readonly RuleRef[];
  /** The project root (the directory holding .pi/forge/), else the working directory. */
  root: string;
}

/** Every offered rule, sorted by id so the inventory is byte-stable. */
export function collectRules(bundles: ScopedBundles): RuleRef[] {
  const byKey = new Map<string, RuleRef>();
  for (const scope of SCOPES_SHALLOW_TO_DEEP) {
    for (const [key, rule] of Object.entries(bundles[scope]?.rules ?? {})) if (rule) byKey.set(key, { key, scope, rule });
  }
  return [...byKey.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
}
