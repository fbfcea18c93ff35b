// forge's own project trust store (<agent dir>/forge/trust.json): project realpath -> trusted bundleHash.
import { mkdirSync, readFileSync } from "node:fs";
import { writeTextAtomic } from "../io/atomic-write.js";
import { dirname } from "node:path";
import { validateTrustStore } from "../generated/runtime-validators.js";
import type { ForgeTrustStore } from "../generated/types.js";

/** One trusted project: trust binds to the exact bundle, so a rebuilt bundle needs trust again. */
export interface TrustRecord {
  bundleHash: string;
  trustedAt: string;
}

/** schema/trust-store.schema.json, with every record's trustedAt filled in. */
export interface TrustStore {
  v: 1;
  projects: Record<string, TrustRecord>;
}

/** Keys are paths from disk: defineProperty keeps a key such as "__proto__" an own data property. */
function setOwn(target: Record<string, TrustRecord>, key: string, value: TrustRecord): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

export function emptyTrustStore(): TrustStore {
  return { v: 1, projects: {} };
}

/**
 * Parses the store against schema/trust-store.schema.json, record by record: a malformed record is dropped
 * (untrusted, never guessed) without costing the user the other projects' trust decisions.
 */
export function parseTrustStore(text: string): TrustStore {
  const store = emptyTrustStore();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return store;
  }
  if (!validateTrustStore({ ...(value as object), projects: {} })) return store;
  const projects = (value as { projects: unknown }).projects;
  if (typeof projects !== "object" || projects === null || Array.isArray(projects)) return store;
  for (const [root, record] of Object.entries(projects)) {
    const one: ForgeTrustStore = { v: 1, projects: {} };
    setOwn(one.projects as Record<string, TrustRecord>, root, record as TrustRecord);
    if (!validateTrustStore(one)) continue;
    const valid = record as NonNullable<ForgeTrustStore["projects"][string]>;
    setOwn(store.projects, root, { bundleHash: valid.bundleHash, trustedAt: valid.trustedAt ?? "" });
  }
  return store;
}

export function readTrustStore(file: string): TrustStore {
  try {
    return parseTrustStore(readFileSync(file, "utf8"));
  } catch {
    return emptyTrustStore();
  }
}

/** True only when the project root is recorded with exactly this bundleHash. */
export function isBundleTrusted(store: TrustStore, projectRealpath: string, bundleHash: string): boolean {
  const record = Object.prototype.hasOwnProperty.call(store.projects, projectRealpath)
    ? store.projects[projectRealpath]
    : undefined;
  return record !== undefined && record.bundleHash === bundleHash;
}

/** Pure: a new store with the project trusted at this bundleHash. */
export function withTrust(store: TrustStore, projectRealpath: string, bundleHash: string, now: Date): TrustStore {
  const projects: Record<string, TrustRecord> = {};
  for (const [root, record] of Object.entries(store.projects)) setOwn(projects, root, record);
  setOwn(projects, projectRealpath, { bundleHash, trustedAt: now.toISOString() });
  return { v: 1, projects };
}

/** Writes the store atomically (private to the user: it decides which repositories are honored). */
export function writeTrustStore(file: string, store: TrustStore): void {
  mkdirSync(dirname(file), { recursive: true });
  const sorted: Record<string, TrustRecord> = {};
  for (const root of Object.keys(store.projects).sort()) setOwn(sorted, root, store.projects[root]!);
  writeTextAtomic(file, JSON.stringify({ v: 1, projects: sorted }, null, 2) + "\n", 0o600);
}
