// Which modes and presets were added, removed or changed between two bundles, by digest: what forge build --check
// lists, and what Pi's trust prompt shows for a bundle that changed since the user trusted it.
import { compareCodeUnits } from "./canonical-json.js";
import type { ForgeBundle } from "../generated/types.js";

/** Digest of every mode and preset of a bundle, by key. */
export interface ComponentDigests {
  modes: Record<string, string>;
  presets: Record<string, string>;
}

export interface ComponentChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

export function componentDigests(bundle: Pick<ForgeBundle, "modes" | "presets">): ComponentDigests {
  const of = (section: Record<string, { digest: string } | undefined>) =>
    Object.fromEntries(Object.entries(section).map(([key, entry]) => [key, entry?.digest ?? ""]));
  return { modes: of(bundle.modes), presets: of(bundle.presets) };
}

export function compareDigests(before: Readonly<Record<string, string>>, after: Readonly<Record<string, string>>): ComponentChanges {
  const sort = (xs: string[]) => xs.sort(compareCodeUnits);
  const has = (map: Readonly<Record<string, string>>, k: string) => Object.hasOwn(map, k);
  return {
    added: sort(Object.keys(after).filter((k) => !has(before, k))),
    removed: sort(Object.keys(before).filter((k) => !has(after, k))),
    changed: sort(Object.keys(after).filter((k) => has(before, k) && before[k] !== after[k])),
  };
}

/** One line per kind with changes, e.g. `modes: added tdd; changed review`; empty when nothing changed. */
export function describeComponentChanges(before: ComponentDigests, after: ComponentDigests): string[] {
  const lines: string[] = [];
  for (const kind of ["modes", "presets"] as const) {
    const c = compareDigests(before[kind], after[kind]);
    const parts = [
      ...(c.added.length > 0 ? [`added ${c.added.join(", ")}`] : []),
      ...(c.changed.length > 0 ? [`changed ${c.changed.join(", ")}`] : []),
      ...(c.removed.length > 0 ? [`removed ${c.removed.join(", ")}`] : []),
    ];
    if (parts.length > 0) lines.push(`${kind}: ${parts.join("; ")}`);
  }
  return lines;
}
