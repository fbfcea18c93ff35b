// What changed between the bundle on disk and a freshly compiled one: per-component digests and the bundleHash.
import { forgeCommand } from "../../core/forge-command.js";
import { compareCodeUnits, stringifyCanonical } from "../../core/canonical-json.js";
import type { ForgeBundle } from "../../generated/types.js";
import { describeSigner } from "../../core/signer-text.js";

export interface ComponentChanges {
  added: string[];
  removed: string[];
  changed: string[];
}

/** A forge library whose lock entry differs: another version or bundle, and the components taken from it that changed. */
export interface LibraryChange {
  name: string;
  change: "added" | "removed" | "changed";
  version: { from: string | null; to: string | null };
  bundleHash: { from: string | null; to: string | null };
  /** Components taken from the library, compared by their digests in the library's bundle (the lock). */
  modes: ComponentChanges;
  presets: ComponentChanges;
  /** Its version changed but its bundle did not: probably published without `forge build --library` after an edit. */
  bundleUnchanged?: true;
  /** The keys that signed its bundle (by fingerprint), when they changed. */
  signers?: { from: string[]; to: string[] };
}

export interface BundleChanges {
  /** "missing": no bundle on disk; "unreadable": not JSON or not a bundle; "ok": compared by digest. */
  previous: "missing" | "unreadable" | "ok";
  modes: ComponentChanges;
  presets: ComponentChanges;
  /** rules/ rules by digest (a bundle without rules has none). */
  rules: ComponentChanges;
  /** Libraries (forge.yaml) whose lock entry changed: an upgrade names the library and what it changes. */
  libraries: LibraryChange[];
  bundleHash: { from: string | null; to: string };
  /** The bytes differ but no digest and no signature does (source paths, formatting, a hand edit). */
  otherChanges: boolean;
  /** Only the signatures differ (and perhaps the forge version): --sign added one, or one was dropped. */
  signaturesChanged?: boolean;
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
    // hasOwn, not `in`: "constructor" is a valid key, and `in` would find it on Object.prototype.
    added: sort(Object.keys(after).filter((k) => !Object.hasOwn(before, k))),
    removed: sort(Object.keys(before).filter((k) => !Object.hasOwn(after, k))),
    changed: sort(Object.keys(after).filter((k) => Object.hasOwn(before, k) && before[k] !== after[k])),
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
 * neither rewrites committed bundles nor fails `--check`. The next bundle is written with the old
 * version and compared byte for byte, as a bundle of the same version is.
 */
export function isBundleCurrent(
  existing: string,
  nextText: string,
  next: ForgeBundle,
  emit: (b: ForgeBundle) => string,
  known: ForgeBundle | null = null,
): boolean {
  if (existing === nextText) return true;
  const old = known ?? parseBundle(existing);
  if (!old || typeof old.forgeVersion !== "string" || old.forgeVersion === next.forgeVersion) return false;
  return emit({ ...next, forgeVersion: old.forgeVersion }) === existing;
}

interface LockView {
  version: string | null;
  bundleHash: string | null;
  modes: DigestMap;
  presets: DigestMap;
  /** "Name (fingerprint)" of each signer, in lock order. */
  signers: string[];
}

/** A bundle's lock by library name, read defensively (the old bundle on disk may be anything). */
function locksOf(lock: unknown): Map<string, LockView> {
  const out = new Map<string, LockView>();
  if (!Array.isArray(lock)) return out;
  for (const entry of lock as unknown[]) {
    const e = entry as { name?: unknown; version?: unknown; bundleHash?: unknown; components?: { modes?: unknown; presets?: unknown } } | null;
    if (typeof e?.name !== "string") continue;
    const digests = (section: unknown): DigestMap =>
      section !== null && typeof section === "object" && !Array.isArray(section)
        ? Object.fromEntries(Object.entries(section as Record<string, unknown>).map(([k, v]) => [k, typeof v === "string" ? v : ""]))
        : {};
    const signers = Array.isArray((e as { signers?: unknown }).signers) ? (e as { signers: unknown[] }).signers : [];
    out.set(e.name, {
      signers: signers.flatMap((s) => {
        const v = s as { fingerprint?: unknown; name?: unknown } | null;
        return typeof v?.fingerprint === "string" ? [describeSigner({ fingerprint: v.fingerprint, name: typeof v.name === "string" ? v.name : "" })] : [];
      }),
      version: typeof e.version === "string" ? e.version : null,
      bundleHash: typeof e.bundleHash === "string" ? e.bundleHash : null,
      modes: digests(e.components?.modes),
      presets: digests(e.components?.presets),
    });
  }
  return out;
}

/** Libraries whose lock entries differ between the old bundle and the new one, in the new bundle's order, then removed ones. */
export function diffLocks(oldLock: unknown, nextLock: unknown): LibraryChange[] {
  const before = locksOf(oldLock);
  const after = locksOf(nextLock);
  const names = [...after.keys(), ...[...before.keys()].filter((n) => !after.has(n))];
  const empty: LockView = { version: null, bundleHash: null, modes: {}, presets: {}, signers: [] };
  const changes: LibraryChange[] = [];
  for (const name of names) {
    const a = before.get(name) ?? empty;
    const b = after.get(name) ?? empty;
    const modes = compareDigests(a.modes, b.modes);
    const presets = compareDigests(a.presets, b.presets);
    const signersChanged = a.signers.join("\n") !== b.signers.join("\n");
    const same =
      !signersChanged &&
      a.version === b.version &&
      a.bundleHash === b.bundleHash &&
      [modes, presets].every((c) => c.added.length + c.removed.length + c.changed.length === 0);
    if (same) continue;
    const change = !before.has(name) ? "added" : !after.has(name) ? "removed" : "changed";
    const bumpedOnly = change === "changed" && a.version !== b.version && a.bundleHash !== null && a.bundleHash === b.bundleHash;
    changes.push({
      name,
      change,
      version: { from: a.version, to: b.version },
      bundleHash: { from: a.bundleHash, to: b.bundleHash },
      modes,
      presets,
      ...(bumpedOnly ? { bundleUnchanged: true as const } : {}),
      ...(signersChanged ? { signers: { from: a.signers, to: b.signers } } : {}),
    });
  }
  return changes;
}

/** `known`: what `existing` parses to, when the caller has it (the bundle an incremental rebuild wrote as that text). */
export function diffBundles(existing: string | null, next: ForgeBundle, known: ForgeBundle | null = null): BundleChanges {
  const nextModes = digestsOf(next.modes) ?? {};
  const nextPresets = digestsOf(next.presets) ?? {};
  const nextRules = digestsOf(next.rules ?? {}) ?? {};
  const old = existing === null ? null : known !== null ? Object.fromEntries(Object.entries(known)) : parseBundle(existing);
  const oldModes = old ? digestsOf(old.modes) : null;
  const oldPresets = old ? digestsOf(old.presets) : null;
  const previous = existing === null ? "missing" : old && oldModes && oldPresets ? "ok" : "unreadable";
  const modes = compareDigests(oldModes ?? {}, nextModes);
  const presets = compareDigests(oldPresets ?? {}, nextPresets);
  const rules = compareDigests((old ? digestsOf(old.rules ?? {}) : null) ?? {}, nextRules);
  const from = old && typeof old.bundleHash === "string" ? old.bundleHash : null;
  const semantic = [modes, presets, rules].some((c) => c.added.length + c.removed.length + c.changed.length > 0) || from !== next.bundleHash;
  const libraries = diffLocks(old?.lock, next.lock);
  const signaturesOnly = previous === "ok" && !semantic && old !== null && differsOnlyInSignatures(old, next);
  return {
    previous,
    modes,
    presets,
    rules,
    libraries,
    bundleHash: { from, to: next.bundleHash },
    otherChanges: previous === "ok" && !semantic && !signaturesOnly,
    ...(signaturesOnly ? { signaturesChanged: true } : {}),
  };
}

/** Whether two bundles are the same but for their signatures (and the forge version, which a rebuild keeps anyway). */
function differsOnlyInSignatures(old: Record<string, unknown>, next: ForgeBundle): boolean {
  const strip = (b: Record<string, unknown>) => {
    const { signatures, forgeVersion: _version, ...rest } = b;
    return { rest: stringifyCanonical(rest), signatures: stringifyCanonical(signatures ?? []) };
  };
  const a = strip(old);
  const b = strip(next as unknown as Record<string, unknown>);
  return a.rest === b.rest && a.signatures !== b.signatures;
}

const short = (hash: string | null): string => (hash === null ? "none" : hash.slice(0, 12));

/** e.g. `  library @acme/house: 1.0.0 -> 1.1.0 (bundleHash 04e921f7a64e -> 9b1c...)` and the components that changed. */
export function describeLibraryChange(lib: LibraryChange): string[] {
  const version =
    lib.change === "added"
      ? `added at ${lib.version.to}`
      : lib.change === "removed"
        ? `removed (was ${lib.version.from})`
        : lib.version.from === lib.version.to
          ? `${lib.version.to}, rebuilt`
          : `${lib.version.from} -> ${lib.version.to}`;
  const lines = [`  library ${lib.name}: ${version} (bundleHash ${short(lib.bundleHash.from)} -> ${short(lib.bundleHash.to)})`];
  const parts: string[] = [];
  for (const [kind, set] of [
    ["mode", lib.modes],
    ["preset", lib.presets],
  ] as const) {
    for (const [word, keys] of [
      ["added", set.added],
      ["removed", set.removed],
      ["changed", set.changed],
    ] as const) {
      if (keys.length > 0) parts.push(`${kind}s ${word}: ${keys.join(", ")}`);
    }
  }
  lines.push(parts.length > 0 ? `    ${parts.join("; ")}` : "    no component this bundle takes from it changed");
  if (lib.signers) {
    const who = (list: string[]) => (list.length === 0 ? "unsigned" : list.join(", "));
    lines.push(`    signed by: ${who(lib.signers.from)} -> ${who(lib.signers.to)}`);
  }
  if (lib.bundleUnchanged) {
    lines.push(
      `    warning: ${lib.name}'s version changed but its bundle did not: if its sources changed, its bundle is stale ` +
        `(run \`${forgeCommand("build", "--library")}\` in the library, then publish it again); a project can only take what the bundle holds`,
    );
  }
  return lines;
}

/**
 * What to run when the installed libraries differ from the lock: take them (rebuild, review, commit) or go back to
 * what the lock pins (npm ci installs what package-lock.json pins).
 */
export function libraryAdvice(libraries: readonly LibraryChange[]): string[] {
  const moved = libraries.filter((l) => l.change === "changed" || l.change === "added");
  if (moved.length === 0) return [];
  const names = moved.map((l) => `${l.name}${l.version.to === null ? "" : ` ${l.version.to}`}`).join(", ");
  const back = moved.filter((l) => l.change === "changed" && l.version.from !== null && l.version.from !== l.version.to);
  const pinned = back.map((l) => `npm install ${l.name}@${l.version.from}`).join(" and ");
  return [
    `  the installed ${names} differ${moved.length === 1 ? "s" : ""} from the lock in bundle.json: to take ${moved.length === 1 ? "it" : "them"}, run \`npx --no-install forge build\` (review the change with \`npx --no-install forge diff\`) and commit the bundle;` +
      ` to keep what the lock pins, run \`npm ci\`${pinned ? ` (or ${pinned})` : ""}; \`npx --no-install forge outdated\` lists every library`,
  ];
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
  for (const lib of c.libraries) lines.push(...describeLibraryChange(lib));
  lines.push(...libraryAdvice(c.libraries));
  const items: string[] = [];
  for (const [kind, set] of [
    ["mode", c.modes],
    ["preset", c.presets],
    ["rule", c.rules],
  ] as const) {
    for (const k of set.added) items.push(`  ${kind} ${k}: added`);
    for (const k of set.removed) items.push(`  ${kind} ${k}: removed`);
    for (const k of set.changed) items.push(`  ${kind} ${k}: changed`);
  }
  lines.push(...items.slice(0, MAX_CHANGE_LINES));
  if (items.length > MAX_CHANGE_LINES) lines.push(`  ... and ${items.length - MAX_CHANGE_LINES} more (--json lists all)`);
  if (c.bundleHash.from !== c.bundleHash.to) lines.push(`  bundleHash: ${c.bundleHash.from ?? "none"} -> ${c.bundleHash.to}`);
  if (c.otherChanges) lines.push("  no digest changed, but the bytes differ (source paths, formatting or a hand edit)");
  if (c.signaturesChanged) lines.push("  no digest changed; only the signatures differ (see the signature line below)");
  return lines;
}
