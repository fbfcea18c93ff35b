// Signer-based trust in forge's trust store: the keys a user trusts or revoked, which trusted key vouches for a bundle,
// and the last version of each signer-trusted layer the user saw (for the one notice of what changed). Pure store
// transforms; io/trust-store.ts reads and writes the file.
import type { Signer } from "../core/bundle-signature.js";
import type { ForgeBundle, UsedSignature } from "../generated/types.js";
import type { ComponentDigests } from "../core/component-changes.js";
import { comparableDigests, recordOf, type TrustedBundle, type TrustStore } from "./trust-store.js";

function setOwn<T>(target: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function copyWithout<T>(map: Record<string, T> | undefined, drop: string): Record<string, T> {
  const out: Record<string, T> = {};
  for (const [k, v] of Object.entries(map ?? {})) if (k !== drop) setOwn(out, k, v);
  return out;
}

const has = (map: Record<string, unknown> | undefined, key: string) => map !== undefined && Object.hasOwn(map, key);

/** The first of the bundle's (verified) signers the user trusts and has not revoked; null when none. */
export function trustedSignerOf(store: TrustStore, signers: readonly Signer[]): Signer | null {
  return signers.find((s) => has(store.signers, s.fingerprint) && !has(store.revokedSigners, s.fingerprint)) ?? null;
}

/** The bundle's signers the user revoked. */
export function revokedSignersOf(store: TrustStore, signers: readonly Signer[]): Signer[] {
  return signers.filter((s) => has(store.revokedSigners, s.fingerprint));
}

export function isSignerTrusted(store: TrustStore, fingerprint: string): boolean {
  return has(store.signers, fingerprint) && !has(store.revokedSigners, fingerprint);
}

/** Pure: the key trusted (and no longer revoked). */
export function withTrustedSigner(store: TrustStore, signer: Signer, now: Date): TrustStore {
  const signers = copyWithout(store.signers, signer.fingerprint);
  setOwn(signers, signer.fingerprint, { name: signer.name, trustedAt: now.toISOString() });
  return { ...store, signers, revokedSigners: copyWithout(store.revokedSigners, signer.fingerprint) };
}

/** Pure: the key revoked: its signatures grant nothing from now on (a bundle it signed falls back to hash trust). */
export function withRevokedSigner(store: TrustStore, signer: Signer, now: Date): TrustStore {
  const revokedSigners = copyWithout(store.revokedSigners, signer.fingerprint);
  setOwn(revokedSigners, signer.fingerprint, { name: signer.name, revokedAt: now.toISOString() });
  return { ...store, signers: copyWithout(store.signers, signer.fingerprint), revokedSigners };
}

/** What the user last saw of a layer: its last signer-trusted bundle, else the bundle they trusted by hash. */
export function lastSeen(store: TrustStore, root: string): { bundleHash: string; components: ComponentDigests | undefined } | null {
  if (has(store.seen, root)) {
    const seen = store.seen![root]!;
    return { bundleHash: seen.bundleHash, components: seen.components as ComponentDigests };
  }
  const record = recordOf(store, root);
  return record === undefined ? null : { bundleHash: record.bundleHash, components: record.components };
}

/**
 * At most this many layers keep a "seen" record (the oldest go first): the store stays far under its size bound, past
 * which it would be refused whole and every trust decision lost. A layer whose record went is announced in full again.
 */
export const MAX_SEEN = 500;

/** The keys the user trusts (and has not revoked), with the names they had when trusted: for look-alike warnings. */
export function trustedSigners(store: TrustStore): Signer[] {
  return Object.entries(store.signers ?? {})
    .filter(([fingerprint]) => !has(store.revokedSigners, fingerprint))
    .map(([fingerprint, r]) => ({ fingerprint, name: r?.name ?? "" }));
}

/** When `signer` signed `bundle` (its signature's signedAt), or null when it did not. */
export function signedAtBy(bundle: Pick<ForgeBundle, "signatures">, fingerprint: string): string | null {
  return bundle.signatures?.find((s) => s.fingerprint === fingerprint)?.signedAt ?? null;
}

/** The newest bundle from `fingerprint` the user has used in this layer: when it was signed and first used. */
export function newestUsed(store: TrustStore, root: string, fingerprint: string): UsedSignature | null {
  const newest = has(store.seen, root) ? store.seen![root]!.newest : undefined;
  return newest !== undefined && has(newest, fingerprint) ? newest[fingerprint]! : null;
}

/** At most this many signers per layer keep a "newest" record (the oldest signatures go first). */
const MAX_NEWEST = 64;

/**
 * Pure: the layer's bundle recorded as seen (loaded trusted by `signer`), and, when its signature by `signer` is newer
 * than any the user used here, as the newest from that signer: a later bundle it signed earlier is then a rollback.
 */
export function withSeen(store: TrustStore, root: string, bundle: TrustedBundle, signer: Signer, now: Date): TrustStore {
  const kept = Object.entries(copyWithout(store.seen, root))
    .sort(([, a], [, b]) => (a.seenAt < b.seenAt ? 1 : a.seenAt > b.seenAt ? -1 : 0))
    .slice(0, MAX_SEEN - 1);
  const seen: NonNullable<TrustStore["seen"]> = {};
  for (const [key, record] of kept) setOwn(seen, key, record);
  const newest: Record<string, UsedSignature> = {};
  const before = has(store.seen, root) ? (store.seen![root]!.newest ?? {}) : {};
  const signedAt = signedAtBy(bundle, signer.fingerprint);
  const last = has(before, signer.fingerprint) ? before[signer.fingerprint] : undefined;
  const entries = Object.entries(before).filter(([fp]) => fp !== signer.fingerprint || signedAt === null || (last !== undefined && last.signedAt >= signedAt));
  if (signedAt !== null && (last === undefined || signedAt > last.signedAt)) entries.push([signer.fingerprint, { signedAt, usedAt: now.toISOString() }]);
  for (const [fp, used] of entries.sort(([, a], [, b]) => (a!.signedAt < b!.signedAt ? 1 : -1)).slice(0, MAX_NEWEST)) setOwn(newest, fp, used!);
  const record: NonNullable<TrustStore["seen"]>[string] = {
    bundleHash: bundle.bundleHash,
    seenAt: now.toISOString(),
    signer: signer.fingerprint,
    components: comparableDigests(bundle),
  };
  if (Object.keys(newest).length > 0) record.newest = newest;
  setOwn(seen, root, record);
  return { ...store, seen };
}
