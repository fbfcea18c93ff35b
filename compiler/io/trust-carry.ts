// What forge build does to forge's trust record (Pi 0.73.1): trust stays with a rebuilt bundle only for changes forge
// can attribute to you. A source change since the trusted build is yours when git's HEAD has not changed that file
// since (an uncommitted edit), or when HEAD now holds exactly what the trusted bundle (or your kept rebuild) was built
// from (your own commit of what you built); a change that arrived with a commit of other content (a pull, a checkout,
// a merge) is not, and the message names what forge saw.
import { createHash } from "node:crypto";
import type { ForgeBundle } from "../../generated/types.js";
import { comparableDigests, readTrustStore, recordOf, withTrust, writeTrustStore, type TrustRecord } from "../../io/trust-store.js";
import { compareDigests, describeComponentChanges } from "../../core/component-changes.js";
import { isOwnOutput, type SourceTree } from "../types.js";
import { headMovesSince, readHeadFiles } from "./git.js";

/** What the build reports about trust: kept, or not kept with why and what forge could not attribute to you. */
export type TrustOutcome = { kept: true } | { kept: false; reason: string; changes: string[] };

/** The first 16 hex digits of the sha256 of each source file's bytes, by path (a record keeps these). */
export function sourceDigests(files: ReadonlyArray<{ path: string; bytes: Uint8Array }> | ReadonlyMap<string, Uint8Array>): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = files instanceof Map ? [...files] : (files as ReadonlyArray<{ path: string; bytes: Uint8Array }>).map((f) => [f.path, f.bytes] as const);
  for (const [path, bytes] of entries) {
    Object.defineProperty(out, path, {
      value: createHash("sha256").update(bytes).digest("hex").slice(0, 16),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

const get = (map: Readonly<Record<string, string>>, key: string): string | undefined => (Object.hasOwn(map, key) ? map[key] : undefined);

/**
 * Pure: the source paths that changed since `base` (what the trusted bundle, or the user's kept rebuild, was built
 * from) where HEAD moved too: HEAD then (`headThen`, when that bundle was built) and HEAD now differ for that file
 * (absent counts as a version), and HEAD now does not hold exactly `base`'s version either. A change while HEAD stayed
 * put is an uncommitted edit; HEAD holding what was built is the user's own commit of it: both theirs.
 */
export function unattributedSources(
  base: Readonly<Record<string, string>>,
  current: Readonly<Record<string, string>>,
  headThen: Readonly<Record<string, string>>,
  headNow: Readonly<Record<string, string>>,
): string[] {
  const c = compareDigests(base, current);
  return [...c.added, ...c.changed, ...c.removed].filter((path) => get(headNow, path) !== get(headThen, path) && get(headNow, path) !== get(base, path)).sort();
}

/**
 * Why trust is not kept, naming what forge saw: a library; HEAD moved only by commits (the user's own commit of other
 * content than what the trusted bundle was built from); or a pull, a checkout, a merge (git's reflog says which).
 */
export function notKeptReason(sources: readonly string[], libraries: readonly string[], moves: readonly string[] | null): string {
  const parts: string[] = [];
  if (sources.length > 0) {
    const others = moves === null ? [] : [...new Set(moves.filter((m) => m !== "commit"))];
    if (moves !== null && moves.length > 0 && others.length === 0)
      parts.push("your commit holds other content than the bundle you trusted was built from (build before you commit, then it stays trusted)");
    else if (others.length > 0) parts.push(`changed since the bundle you trusted by ${others.join(", ")} (git's reflog), not by your own edits`);
    else parts.push("changed since the bundle you trusted by commits (a pull, a checkout or a merge)");
  }
  if (libraries.length > 0) parts.push("a library changed since the bundle you trusted (a library is never yours)");
  return parts.join("; and ");
}

/** Pure: the libraries whose version or bundle differs from the trusted record's (a library is never yours). */
function changedLibraries(record: TrustRecord, next: ForgeBundle): string[] {
  const before = record.components?.libraries ?? {};
  const after = comparableDigests(next).libraries ?? {};
  const c = compareDigests(before, after);
  return [...c.added, ...c.changed, ...c.removed].map((name) => `library ${name}`);
}

/** Every change since the trusted bundle, by component (`modes: changed alpha`). */
function changedSince(record: TrustRecord, next: ForgeBundle): string[] {
  return record.components === undefined
    ? ["a record without components: every component"]
    : describeComponentChanges(record.components, comparableDigests(next));
}

/**
 * Every input of a build by forge-root-relative path: the sources, and the nested context files seen from the forge
 * root (`../../packages/api/AGENTS.md`), so an AGENTS.md a pull changed is a change forge must attribute too.
 */
export function buildInputs(tree: SourceTree): Array<{ path: string; bytes: Uint8Array }> {
  const context = tree.context;
  return [...tree.files, ...(context === undefined ? [] : context.files.map((f) => ({ path: `${context.fromForgeRoot}${f.path}`, bytes: f.bytes })))];
}

/** Where the nested context files sit seen from the forge root (a project's is always two levels up). */
const contextPrefix = (tree: SourceTree): string => tree.context?.fromForgeRoot ?? "../../";

/**
 * HEAD's files of the forge root, plus HEAD's version of each nested context file the build read or the record names
 * (keyed like buildInputs). Context files are asked for by name: the project's whole tree may be far larger.
 */
function readHeadInputs(
  forgeRoot: string,
  layerRoot: string,
  tree: SourceTree,
  recorded: Readonly<Record<string, string>> | undefined,
  env: NodeJS.ProcessEnv,
) {
  const head = readHeadFiles(forgeRoot, env);
  if (head.status !== "ok") return head;
  // forge's own output is never a source (the reader skips it too).
  for (const path of [...head.files.keys()]) if (isOwnOutput(path)) head.files.delete(path);
  const prefix = contextPrefix(tree);
  const named = new Set(
    [...buildInputs(tree).map((f) => f.path), ...Object.keys(recorded ?? {})].filter((p) => p.startsWith(prefix)).map((p) => p.slice(prefix.length)),
  );
  const context = readHeadFiles(layerRoot, env, [...named]);
  if (context.status !== "ok")
    return context.status === "failed" ? context : ({ status: "failed", message: "git could not read the committed context files" } as const);
  for (const [path, bytes] of context.files) head.files.set(`${prefix}${path}`, bytes);
  return head;
}

export interface CarryInput {
  trustFile: string;
  /** The layer root's real path (the trust store's key). */
  layerRoot: string;
  forgeRoot: string;
  /** The bundleHash of the bundle this build replaced (null: there was none). */
  replacedHash: string | null;
  next: ForgeBundle;
  tree: SourceTree;
  env: NodeJS.ProcessEnv;
  now: Date;
  /** Compiles another source tree exactly as this build did: its bundleHash, or null when it has errors. */
  buildHash(tree: SourceTree): string | null;
}

/** The tree HEAD's files make (keyed like buildInputs): the sources, and the context files when the build read any. */
function committedTree(files: ReadonlyMap<string, Uint8Array>, tree: SourceTree): SourceTree {
  const prefix = contextPrefix(tree);
  const sources = [...files].filter(([path]) => !path.startsWith(prefix)).map(([path, bytes]) => ({ path, bytes }));
  const context = [...files]
    .filter(([path]) => path.startsWith(prefix))
    .map(([path, bytes]) => ({ path: path.slice(prefix.length), bytes }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const committed: SourceTree = { files: sources, escapingLinks: [], fileCount: sources.length };
  return tree.context === undefined ? committed : { ...committed, context: { fromForgeRoot: prefix, files: context, skipped: [], problem: null } };
}

/**
 * After a build replaced a bundle: when the user had trusted the replaced one, trust the new one only if every change
 * since is theirs. Null when there was nothing to decide (no trusted bundle replaced). Never throws: a failure is "not
 * kept", with its reason.
 */
export function carryTrust(input: CarryInput): TrustOutcome | null {
  try {
    const { next } = input;
    if (input.replacedHash === null || input.replacedHash === next.bundleHash) return null;
    const store = readTrustStore(input.trustFile);
    const record = recordOf(store, input.layerRoot);
    if (record === undefined || record.bundleHash !== input.replacedHash) return null;
    const notKept = (reason: string, changes: string[] = []): TrustOutcome => ({ kept: false, reason, changes });
    const head = readHeadInputs(input.forgeRoot, input.layerRoot, input.tree, record.sources, input.env);
    if (head.status === "failed") return notKept(`git could not list the committed sources (${head.message})`);
    if (head.status !== "ok") {
      const why =
        head.status === "no-commit"
          ? "the repository has no commit yet"
          : head.status === "git-missing"
            ? "git is not installed"
            : "this is not a git repository";
      return notKept(`${why}, so forge cannot tell your edits from changes that arrived another way`);
    }
    const headNow = sourceDigests(head.files);
    let base = record.sources;
    let headThen = record.committed;
    if (base === undefined) {
      // Trusted in Pi: forge does not know what the bundle was built from, unless the committed sources build it.
      if (input.buildHash(committedTree(head.files, input.tree)) !== record.bundleHash) {
        // Nothing can be attributed, so every change since the trusted bundle is listed, by component.
        return notKept(
          "the bundle you trusted is not what the committed sources build, so forge cannot tell your edits from others'",
          changedSince(record, next),
        );
      }
      base = headNow;
      headThen = headNow;
    }
    if (headThen === undefined) return notKept("forge's record of the bundle you trusted does not say what git held then", changedSince(record, next));
    const current = sourceDigests(buildInputs(input.tree));
    const sources = unattributedSources(base, current, headThen, headNow);
    const libraries = changedLibraries(record, next);
    if (sources.length + libraries.length > 0) {
      const since = Date.parse(record.trustedAt);
      const moves = sources.length > 0 && Number.isFinite(since) ? headMovesSince(input.forgeRoot, since, input.env) : null;
      return notKept(notKeptReason(sources, libraries, moves), [...sources, ...libraries]);
    }
    writeTrustStore(input.trustFile, withTrust(store, input.layerRoot, next, input.now, { sources: current, committed: headNow }));
    return { kept: true };
  } catch (error) {
    return { kept: false, reason: `forge could not update its trust record (${error instanceof Error ? error.message : String(error)})`, changes: [] };
  }
}

/**
 * A build whose bundle is exactly the trusted one proves what it was built from: the record keeps these sources and
 * what HEAD held, so the next build can attribute changes (a bundle trusted in Pi has none recorded). Only in a git
 * repository with a commit; best effort: never throws.
 */
export function recordTrustedSources(
  trustFile: string,
  layerRoot: string,
  forgeRoot: string,
  bundleHash: string,
  tree: SourceTree,
  env: NodeJS.ProcessEnv,
  now: Date,
): void {
  try {
    const store = readTrustStore(trustFile);
    const record = recordOf(store, layerRoot);
    if (record === undefined || record.bundleHash !== bundleHash) return;
    const current = sourceDigests(buildInputs(tree));
    const same = (a: Record<string, string> | undefined, b: Record<string, string>) => {
      if (a === undefined) return false;
      const c = compareDigests(a, b);
      return c.added.length + c.changed.length + c.removed.length === 0;
    };
    const head = readHeadInputs(forgeRoot, layerRoot, tree, record.sources, env);
    if (head.status !== "ok") return;
    const committed = sourceDigests(head.files);
    if (same(record.sources, current) && same(record.committed, committed)) return;
    const next: TrustRecord = { ...record, sources: current, committed, trustedAt: record.trustedAt || now.toISOString() };
    const projects: Record<string, TrustRecord> = {};
    for (const [root, r] of Object.entries(store.projects))
      Object.defineProperty(projects, root, { value: r, enumerable: true, writable: true, configurable: true });
    Object.defineProperty(projects, layerRoot, { value: next, enumerable: true, writable: true, configurable: true });
    writeTrustStore(trustFile, { ...store, v: 1, projects });
  } catch {
    // best effort
  }
}
