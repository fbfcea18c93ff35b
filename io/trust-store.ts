// forge's own project trust store (<agent dir>/forge/trust.json, schema/trust-store.schema.json): for each project
// layer (its root's realpath) the bundleHash the user trusted, short digests of everything it switches on so a later
// bundle's trust prompt can say what changed, and (when forge build wrote it) the sources it was built from; plus the
// signing keys the user trusts or revoked and what each signer-trusted layer showed last (io/signer-trust.ts). Shared
// by the runtime (/forge trust) and forge build (compiler/io/trust-carry.ts decides what a build keeps).
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { componentDigests, TRUST_KINDS, type ComponentDigests } from "../core/component-changes.js";
import { LIMITS } from "../generated/constants.js";
import { validateTrustStore } from "../generated/runtime-validators.js";
import type { ForgeBundle, RevokedSignerRecord, SeenRecord, SignerRecord, TrustRecord as StoredRecord } from "../generated/types.js";
import { writeTextAtomic } from "./atomic-write.js";
import { readBoundedText } from "./read-bounded.js";

/** One trusted layer: trust binds to the exact bundle, so a bundle that arrives changed (git pull) is asked about again. */
export interface TrustRecord {
  bundleHash: string;
  trustedAt: string;
  /** Short digests of the trusted bundle's components (absent in records written before forge kept them). */
  components?: ComponentDigests;
  /** The sources the trusted bundle was built from (path -> short sha256), when forge build recorded them. */
  sources?: Record<string, string>;
  /** Those files as git's HEAD held them then (path -> short sha256). */
  committed?: Record<string, string>;
}

/** What a record keeps of a bundle. */
export type TrustedBundle = Pick<ForgeBundle, "bundleHash" | "modes" | "presets" | "rules" | "lock" | "signatures">;

export interface TrustStore {
  v: 1;
  projects: Record<string, TrustRecord>;
  /** Trusted signing keys by fingerprint (absent: none). */
  signers?: Record<string, SignerRecord>;
  /** Revoked signing keys by fingerprint. */
  revokedSigners?: Record<string, RevokedSignerRecord>;
  /** Per layer root, the last bundle the user loaded trusted by a signer. */
  seen?: Record<string, SeenRecord>;
}

/** The store's sections besides projects: each parsed (and a malformed entry dropped) on its own. */
const SIDE_SECTIONS = ["signers", "revokedSigners", "seen"] as const;

/** Keys are paths from disk: defineProperty keeps a key such as "__proto__" an own data property. */
function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function copyOwn(map: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(map)) setOwn(out, k, v);
  return out;
}

export function emptyTrustStore(): TrustStore {
  return { v: 1, projects: {} };
}

/**
 * Parses the store against its schema, record by record: a malformed record is dropped (untrusted, never guessed)
 * without costing the user the other projects' trust decisions.
 */
export function parseTrustStore(text: string): TrustStore {
  const store = emptyTrustStore();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return store;
  }
  if (typeof value !== "object" || value === null || Array.isArray(value) || (value as { v?: unknown }).v !== 1) return store;
  const projects = (value as { projects: unknown }).projects;
  if (typeof projects !== "object" || projects === null || Array.isArray(projects)) return store;
  for (const [root, record] of Object.entries(projects)) {
    const one = { v: 1, projects: {} as Record<string, unknown> };
    setOwn(one.projects, root, record);
    if (!validateTrustStore(one)) continue;
    const valid = record as StoredRecord;
    const kept: TrustRecord = { bundleHash: valid.bundleHash, trustedAt: valid.trustedAt ?? "" };
    if (valid.components) {
      const components: Record<string, Record<string, string>> = {};
      for (const kind of TRUST_KINDS) {
        const map = valid.components[kind];
        if (map !== undefined) components[kind] = copyOwn(map as Record<string, string>);
      }
      kept.components = components as ComponentDigests;
    }
    if (valid.sources) kept.sources = copyOwn(valid.sources as Record<string, string>);
    if (valid.committed) kept.committed = copyOwn(valid.committed as Record<string, string>);
    setOwn(store.projects, root, kept);
  }
  for (const section of SIDE_SECTIONS) {
    const map = (value as Record<string, unknown>)[section];
    if (typeof map !== "object" || map === null || Array.isArray(map)) continue;
    const kept: Record<string, never> = {};
    for (const [key, entry] of Object.entries(map)) {
      const one: Record<string, unknown> = { v: 1, projects: {}, [section]: {} };
      setOwn(one[section] as Record<string, unknown>, key, entry);
      if (validateTrustStore(one)) setOwn(kept, key, structuredClone(entry) as never);
    }
    if (Object.keys(kept).length > 0) (store as unknown as Record<string, unknown>)[section] = kept;
  }
  return store;
}

/** The store on disk: a regular file under its bound, else (absent, a FIFO, a device, too large) an empty store. */
export function readTrustStore(file: string): TrustStore {
  const read = readBoundedText(file, LIMITS.maxTrustStoreBytes);
  return read.ok ? parseTrustStore(read.text) : emptyTrustStore();
}

export function recordOf(store: TrustStore, root: string): TrustRecord | undefined {
  return Object.hasOwn(store.projects, root) ? store.projects[root] : undefined;
}

/** True only when the layer root is recorded with exactly this bundleHash. */
export function isBundleTrusted(store: TrustStore, projectRealpath: string, bundleHash: string): boolean {
  return recordOf(store, projectRealpath)?.bundleHash === bundleHash;
}

/** What the user trusted last for this layer, when it is not this bundle (for the trust prompt's "what changed"). */
export function previouslyTrusted(store: TrustStore, projectRealpath: string, bundleHash: string): TrustRecord | null {
  const record = recordOf(store, projectRealpath);
  return record !== undefined && record.bundleHash !== bundleHash ? record : null;
}

/**
 * A bundle's components with the first 16 hex digits of each digest, as a record stores them: enough to tell what
 * changed, small enough for many projects in one file.
 */
export function comparableDigests(bundle: Omit<TrustedBundle, "bundleHash">): ComponentDigests {
  const full = componentDigests(bundle);
  const cut = (m: Record<string, string>) => copyOwn(Object.fromEntries(Object.entries(m).map(([k, d]) => [k, d.slice(0, 16)])));
  const out: Record<string, Record<string, string>> = {};
  for (const kind of TRUST_KINDS) out[kind] = cut(full[kind]);
  return out as ComponentDigests;
}

/** Pure: a new store with the layer trusted at this bundle (built from `built`, when forge build knows the sources). */
export function withTrust(
  store: TrustStore,
  projectRealpath: string,
  bundle: TrustedBundle,
  now: Date,
  built?: { sources: Record<string, string>; committed: Record<string, string> },
): TrustStore {
  const projects: Record<string, TrustRecord> = {};
  for (const [root, record] of Object.entries(store.projects)) setOwn(projects, root, record);
  const record: TrustRecord = { bundleHash: bundle.bundleHash, trustedAt: now.toISOString(), components: comparableDigests(bundle) };
  if (built !== undefined) {
    record.sources = copyOwn(built.sources);
    record.committed = copyOwn(built.committed);
  }
  setOwn(projects, projectRealpath, record);
  return { ...store, v: 1, projects };
}

/** Writes the store atomically (private to the user: it decides which repositories are honored). */
export function writeTrustStore(file: string, store: TrustStore): void {
  mkdirSync(dirname(file), { recursive: true });
  const sorted: Record<string, TrustRecord> = {};
  for (const root of Object.keys(store.projects).sort()) setOwn(sorted, root, store.projects[root]!);
  const out: Record<string, unknown> = { v: 1, projects: sorted };
  for (const section of SIDE_SECTIONS) {
    const map = store[section];
    if (map === undefined || Object.keys(map).length === 0) continue;
    const ordered: Record<string, unknown> = {};
    for (const key of Object.keys(map).sort()) setOwn(ordered, key, map[key]);
    out[section] = ordered;
  }
  writeTextAtomic(file, JSON.stringify(out, null, 2) + "\n", 0o600);
}
