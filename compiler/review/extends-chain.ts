// The extends chain of a compiled mode, for forge explain: each parent as the catalog offers it now, or as it was built.
import type { Catalog } from "../../core/component-catalog.js";
import type { Scope } from "../../core/digest.js";
import type { Mode } from "../../generated/types.js";

export interface ExtendsStep {
  key: string;
  /** The parent's digest this mode was built against (its extendsDigest). */
  digest: string;
  /**
   * Where the parent is offered now, when the catalog's mode of that key is exactly the one built against; null when
   * it is not (the child takes the parent's own key, or a deeper scope redefines it): then only its digest is known.
   */
  found: { scope: Scope; source: string; library: string | null } | null;
}

/** From the mode's parent up, as far as the catalog holds the exact parents; [] for a mode without extends. */
export function extendsChain(catalog: Catalog, key: string, mode: Mode): ExtendsStep[] {
  const steps: ExtendsStep[] = [];
  const seen = new Set([key]);
  let child = mode;
  let childKey = key;
  while (child.extends !== undefined && child.extendsDigest !== undefined) {
    const parent = child.extends;
    const entry = parent === childKey ? undefined : catalog.modes.get(parent);
    const exact = entry !== undefined && entry.mode.digest === child.extendsDigest && !seen.has(parent);
    steps.push({
      key: parent,
      digest: child.extendsDigest,
      found: exact ? { scope: entry.scope, source: entry.mode.source, library: entry.mode.library ?? null } : null,
    });
    if (!exact) break;
    seen.add(parent);
    child = entry.mode;
    childKey = parent;
  }
  return steps;
}
