// Signer trust when a project layer loads: a valid signature by a key the user trusts trusts the bundle, with one notice
// listing what changed since the version the user last saw; a revoked key grants nothing; an unknown key's signature is
// named with how to trust it. The trust store's "seen" record is written by the scope loader.
import { describeSigner, type Signer } from "../core/bundle-signature.js";
import { describeComponentChanges, describeContents } from "../core/component-changes.js";
import type { ForgeBundle } from "../generated/types.js";
import { comparableDigests, type TrustStore } from "../io/trust-store.js";
import { lastSeen, newestUsed, revokedSignersOf, signedAtBy, trustedSignerOf, trustedSigners } from "../io/signer-trust.js";
import { lookAlikeWarning } from "../core/signer-text.js";

/** A layer loaded trusted by `signer` whose bundle the user had not seen: recorded as seen once its notice is told. */
export interface SeenUpdate {
  root: string;
  bundle: ForgeBundle;
  signer: Signer;
}

/** A bundle a trusted key signed before the newest one from that key the user already used here: not applied silently. */
export interface Rollback {
  signer: Signer;
  signedAt: string;
  /** The newest bundle from that key the user used in this layer: when it was signed, and first used. */
  newest: { signedAt: string; usedAt: string };
}

export interface SignerJudgement {
  /** The trusted key that vouches for the bundle (null: none, or it is trusted by its hash anyway). */
  signer: Signer | null;
  notices: string[];
  seen: SeenUpdate | null;
  /** A rollback: the bundle is not trusted for the signature, and /forge trust asks about it. */
  rollback: Rollback | null;
}

const day = (iso: string): string => iso.slice(0, 10);

/** What forge says of a rollback, in the notice and in the trust dialog. */
export function describeRollback(r: Rollback): string {
  return `it was signed by ${describeSigner(r.signer)}, a key you trust, on ${day(r.signedAt)}: older than the one you used on ${day(r.newest.usedAt)} (signed ${day(r.newest.signedAt)}). forge does not load an older bundle silently (a rollback can bring back what was fixed)`;
}

/** The one notice of a signer-trusted bundle the user has not seen: what changed since the last one they saw. */
export function signedChangeNotice(file: string, bundle: ForgeBundle, signer: Signer, before: ReturnType<typeof lastSeen>): string {
  const head = `forge: project bundle ${file} is trusted: signed by ${describeSigner(signer)}, a key you trust (bundleHash ${bundle.bundleHash.slice(0, 12)}).`;
  if (before === null) {
    const contents = describeContents(bundle);
    return [`${head} You have not seen this project's bundle before; it holds:`, ...(contents.length > 0 ? contents : ["nothing"]).map((c) => `  ${c}`)].join(
      "\n",
    );
  }
  if (before.components === undefined)
    return `${head} It changed since the version you saw (${before.bundleHash.slice(0, 12)}); forge's record of that version does not list its components.`;
  const changes = describeComponentChanges(before.components, comparableDigests(bundle));
  const since = `Since the version you saw (${before.bundleHash.slice(0, 12)}):`;
  return [`${head} ${changes.length > 0 ? since : `${since} nothing it switches on changed.`}`, ...changes.map((c) => `  ${c}`)].join("\n");
}

/** Decides what the bundle's signers do for one layer (forge decides trust: 0.73.1, or 1.x with trust: forge). */
export function judgeSigners(
  store: TrustStore,
  realRoot: string,
  file: string,
  bundle: ForgeBundle,
  signers: readonly Signer[],
  hashTrusted: boolean,
): SignerJudgement {
  const notices: string[] = [];
  const revoked = revokedSignersOf(store, signers);
  if (revoked.length > 0) {
    notices.push(
      `forge: project bundle ${file} is signed by ${revoked.map(describeSigner).join(", ")}, a key you revoked: its signature grants nothing (/forge trust decides by this bundle's hash)`,
    );
  }
  const trusted = trustedSigners(store);
  /** The keys that signed it and are neither revoked nor trusted, named with how to trust them (and look-alikes warned). */
  const tellUnknown = () => {
    const unknown = signers.filter((s) => !revoked.includes(s) && !trusted.some((t) => t.fingerprint === s.fingerprint));
    if (unknown.length === 0) return;
    const first = unknown[0]!;
    const warnings = unknown.flatMap((u) => lookAlikeWarning(u, trusted) ?? []);
    notices.push(
      [
        `forge: project bundle ${file} is signed by ${unknown.map(describeSigner).join(", ")}, a key you do not trust; /forge trust --key ${first.fingerprint} trusts every bundle that key signs`,
        ...warnings.map((w) => `  ${w}`),
      ].join("\n"),
    );
  };
  const signer = trustedSignerOf(store, signers);
  if (hashTrusted || signer === null) {
    if (!hashTrusted) tellUnknown();
    return { signer: null, notices, seen: null, rollback: null };
  }
  // A key the user trusts vouches only for what is not older than what they already used from it here (TUF's rule).
  const signedAt = signedAtBy(bundle, signer.fingerprint);
  const newest = newestUsed(store, realRoot, signer.fingerprint);
  if (signedAt !== null && newest !== null && signedAt < newest.signedAt) {
    tellUnknown();
    return { signer: null, notices, seen: null, rollback: { signer, signedAt, newest: { signedAt: newest.signedAt, usedAt: newest.usedAt } } };
  }
  const before = lastSeen(store, realRoot);
  if (before !== null && before.bundleHash === bundle.bundleHash) return { signer, notices, seen: null, rollback: null };
  notices.push(signedChangeNotice(file, bundle, signer, before));
  return { signer, notices, seen: { root: realRoot, bundle, signer }, rollback: null };
}
