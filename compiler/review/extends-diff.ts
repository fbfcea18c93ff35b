// Which inheriting modes a comparison affects: a mode whose extends chain reaches a changed parent (forge diff).
import { compareCodeUnits } from "../../core/canonical-json.js";
import type { Mode } from "../../generated/types.js";
import type { AffectedMode, ModeChangeKind, SemanticDiff } from "./diff-report.js";

type Modes = Readonly<Record<string, Mode | undefined>>;

/**
 * Every mode kept from A to B that extends, directly or through other modes, a mode that was added, removed or
 * changed; or whose parent lives outside both bundles (a built-in, or a library mode it takes the key of) and was
 * rebuilt against another parent digest. The chain runs from the child to that ancestor.
 */
export function findAffectedModes(a: Modes, b: Modes, modes: SemanticDiff["modes"]): AffectedMode[] {
  const status = new Map<string, ModeChangeKind>();
  for (const m of modes.added) status.set(m.key, "added");
  for (const m of modes.removed) status.set(m.key, "removed");
  for (const m of modes.changed) status.set(m.key, "changed");
  const out: AffectedMode[] = [];
  const keys = Object.keys(b)
    .filter((k) => Object.hasOwn(a, k))
    .sort(compareCodeUnits);
  for (const key of keys) {
    const chain = [key];
    let current = key;
    for (;;) {
      // The newer definition names the parent; a parent that left B is still found in A.
      const mode = b[current] ?? a[current];
      const parent = mode?.extends;
      if (parent === undefined || (parent !== current && chain.includes(parent))) break;
      const outside = parent === current || (!Object.hasOwn(b, parent) && !Object.hasOwn(a, parent));
      if (outside) {
        if (a[current]?.extendsDigest !== b[current]?.extendsDigest) out.push({ mode: key, chain: [...chain, parent], change: "outside" });
        break;
      }
      chain.push(parent);
      const change = status.get(parent);
      if (change !== undefined) {
        out.push({ mode: key, chain, change });
        break;
      }
      current = parent;
    }
  }
  return out;
}
