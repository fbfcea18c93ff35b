// What a bundle lets repository content switch on, as short digests by kind (modes, their edit limits, presets, their
// blocks, rules, libraries), and what changed between two such sets: what Pi's trust prompt and /forge trust list,
// and what forge's trust record compares.
import { compareCodeUnits, stringifyCanonical } from "./canonical-json.js";
import { sha256Hex } from "./digest.js";
import type { ForgeBundle } from "../generated/types.js";

/** The kinds a trust decision covers, in the order they are listed. */
export const TRUST_KINDS = ["modes", "limits", "presets", "blocks", "rules", "libraries"] as const;
export type TrustKind = (typeof TRUST_KINDS)[number];

/** Digest of everything a bundle can switch on, by kind and key. `modes` and `presets` are always there. */
export type ComponentDigests = { modes: Record<string, string>; presets: Record<string, string> } & Partial<
  Record<Exclude<TrustKind, "modes" | "presets">, Record<string, string>>
>;

export interface ComponentChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

/** How each kind is named in a listing. */
const KIND_NAMES: Record<TrustKind, string> = {
  modes: "modes",
  limits: "edit limits (of modes)",
  presets: "presets",
  blocks: "blocks (preset/block)",
  rules: "rules",
  libraries: "libraries",
};

/** A listing stays one screen: long lists are cut with a count. */
const MAX_LISTED = 12;
const list = (items: readonly string[]): string =>
  items.length > MAX_LISTED ? `${items.slice(0, MAX_LISTED).join(", ")} and ${items.length - MAX_LISTED} more` : items.join(", ");

function put(record: Record<string, string>, key: string, value: string): void {
  Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Every kind's digests. A mode's digest covers its edit limit and a preset's its blocks, so those kinds add only the
 * detail a reader needs (which limit, which block changed); a library is its bundleHash and version.
 */
export function componentDigests(bundle: Pick<ForgeBundle, "modes" | "presets" | "rules" | "lock">): Required<ComponentDigests> {
  const out: Required<ComponentDigests> = { modes: {}, limits: {}, presets: {}, blocks: {}, rules: {}, libraries: {} };
  for (const [key, mode] of Object.entries(bundle.modes)) {
    if (mode === undefined) continue;
    put(out.modes, key, mode.digest);
    if (mode.edits !== undefined) put(out.limits, key, sha256Hex(stringifyCanonical(mode.edits)));
  }
  for (const [key, preset] of Object.entries(bundle.presets)) {
    if (preset === undefined) continue;
    put(out.presets, key, preset.digest);
    for (const block of preset.systemUpdates) put(out.blocks, `${key}/${block.id}`, block.digest);
  }
  for (const [key, rule] of Object.entries(bundle.rules ?? {})) if (rule !== undefined) put(out.rules, key, rule.digest);
  for (const lib of bundle.lock ?? []) put(out.libraries, lib.name, sha256Hex(`${lib.version}\u0000${lib.bundleHash}`));
  return out;
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

/**
 * One line per kind with changes, e.g. `rules: added inject` or `modes: added tdd; changed review`; empty when nothing
 * changed. A kind the earlier record did not keep (records written before forge kept it) is compared as empty when
 * the new side has any, so nothing new goes unlisted.
 */
export function describeComponentChanges(before: ComponentDigests, after: ComponentDigests): string[] {
  const lines: string[] = [];
  for (const kind of TRUST_KINDS) {
    const c = compareDigests(before[kind] ?? {}, after[kind] ?? {});
    const parts = [
      ...(c.added.length > 0 ? [`added ${list(c.added)}`] : []),
      ...(c.changed.length > 0 ? [`changed ${list(c.changed)}`] : []),
      ...(c.removed.length > 0 ? [`removed ${list(c.removed)}`] : []),
    ];
    if (parts.length > 0) lines.push(`${KIND_NAMES[kind]}: ${parts.join("; ")}`);
  }
  return lines;
}

/** Every component of a bundle, one line per kind that has any (for a first trust: what it will switch on). */
export function describeContents(bundle: Pick<ForgeBundle, "modes" | "presets" | "rules" | "lock">): string[] {
  const all = componentDigests(bundle);
  return TRUST_KINDS.filter((kind) => Object.keys(all[kind]).length > 0).map(
    (kind) => `${KIND_NAMES[kind]}: ${list(Object.keys(all[kind]).sort(compareCodeUnits))}`,
  );
}
