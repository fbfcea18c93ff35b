// What changed between the bundle on disk and a freshly compiled one: per-component digests and the bundleHash.
import { compareCodeUnits } from "../../core/canonical-json.js";
import type { ForgeBundle } from "../../generated/types.js";

export interface ComponentChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

export interface BundleChanges {
  /** "missing": no bundle on disk; "unreadable": not JSON or not a bundle; "ok": compared by digest. */
  previous: "missing" | "unreadable" | "ok";
  modes: ComponentChanges;
  presets: ComponentChanges;
  /** rules/ rules by digest (a bundle without rules has none). */
  rules: ComponentChanges;
  bundleHash: { from: string | null; to: string };
  /** The bytes differ but no digest does (source paths, formatting, a hand edit). */
  otherChanges: boolean;
}

type DigestMap = Record<string, string>;

function digestsOf(section: unknown): DigestMap | null {
  if (section === null || typeof section !== "object" || Array.isArray(section)) return null;
  const out: DigestMap = {};
  for (const [key, entry] of Object.entries(section as Record<string, unknown>)) {
    const d = (entry as { digest?: unknown } | null)?.digest;
    out[key] = typeof d === "string" ? d : "";
  }
  return out;
}

function compareDigests(before: DigestMap, after: DigestMap): ComponentChanges {
  const sort = (xs: string[]) => xs.sort(compareCodeUnits);
  return {
    added: sort(Object.keys(after).filter((k) => !(k in before))),
    removed: sort(Object.keys(before).filter((k) => !(k in after))),
    changed: sort(Object.keys(after).filter((k) => k in before && before[k] !== after[k])),
  };
}

function parseBundle(text: string): Record<string, unknown> | null {
  try {
    const data = JSON.parse(text) as unknown;
    return data !== null && typeof data === "object" && !Array.isArray(data) ? (data as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the file on disk already holds `nextText`. A bundle that differs only in its forgeVersion
 * counts as current: the version is bookkeeping outside every hash, so upgrading forge alone
 * neither rewrites committed bundles nor fails `--check`.
 */
export function isBundleCurrent(existing: string, nextText: string, next: ForgeBundle, emit: (b: ForgeBundle) => string): boolean {
  if (existing === nextText) return true;
  const old = parseBundle(existing);
  if (!old || typeof old.forgeVersion !== "string" || old.forgeVersion === next.forgeVersion) return false;
  try {
    return emit({ ...(old as unknown as ForgeBundle), forgeVersion: next.forgeVersion }) === nextText;
  } catch {
    return false;
  }
}

export function diffBundles(existing: string | null, next: ForgeBundle): BundleChanges {
  const nextModes = digestsOf(next.modes) ?? {};
  const nextPresets = digestsOf(next.presets) ?? {};
  const nextRules = digestsOf(next.rules ?? {}) ?? {};
  const old = existing === null ? null : parseBundle(existing);
  const oldModes = old ? digestsOf(old.modes) : null;
  const oldPresets = old ? digestsOf(old.presets) : null;
  const previous = existing === null ? "missing" : old && oldModes && oldPresets ? "ok" : "unreadable";
  const modes = compareDigests(oldModes ?? {}, nextModes);
  const presets = compareDigests(oldPresets ?? {}, nextPresets);
  const rules = compareDigests((old ? digestsOf(old.rules ?? {}) : null) ?? {}, nextRules);
  const from = old && typeof old.bundleHash === "string" ? old.bundleHash : null;
  const semantic =
    [modes, presets, rules].some((c) => c.added.length + c.removed.length + c.changed.length > 0) || from !== next.bundleHash;
  return { previous, modes, presets, rules, bundleHash: { from, to: next.bundleHash }, otherChanges: previous === "ok" && !semantic };
}

/** At most this many per-component lines in human output; --json always has the full lists. */
const MAX_CHANGE_LINES = 20;

/** Human lines for a change list, e.g. `  mode plan: changed`. */
export function describeChanges(c: BundleChanges): string[] {
  const lines: string[] = [];
  if (c.previous === "missing") {
    // Everything is new: a list of every component would only be noise.
    return [`  new bundle, bundleHash ${c.bundleHash.to}`];
  }
  if (c.previous === "unreadable") lines.push("  the existing bundle.json is not a readable forge bundle");
  const items: string[] = [];
  for (const [kind, set] of [["mode", c.modes], ["preset", c.presets], ["rule", c.rules]] as const) {
    for (const k of set.added) items.push(`  ${kind} ${k}: added`);
    for (const k of set.removed) items.push(`  ${kind} ${k}: removed`);
    for (const k of set.changed) items.push(`  ${kind} ${k}: changed`);
  }
  lines.push(...items.slice(0, MAX_CHANGE_LINES));
  if (items.length > MAX_CHANGE_LINES) lines.push(`  ... and ${items.length - MAX_CHANGE_LINES} more (--json lists all)`);
  if (c.bundleHash.from !== c.bundleHash.to) lines.push(`  bundleHash: ${c.bundleHash.from ?? "none"} -> ${c.bundleHash.to}`);
  if (c.otherChanges) lines.push("  no digest changed, but the bytes differ (source paths, formatting or a hand edit)");
  return lines;
}
