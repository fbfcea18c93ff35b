// Signer trust when a project layer loads: a valid signature by a key the user trusts trusts the bundle, with one notice
// listing what changed since the version the user last saw; a revoked key grants nothing; an unknown key's signature is
// named with how to trust it. The trust store's "seen" record is written by the scope loader.
import { describeSigner, type Signer } from "../core/bundle-signature.js";
import { describeComponentChanges, describeContents } from "../core/component-changes.js";
import type { ForgeBundle } from "../generated/types.js";
import { comparableDigests, type TrustStore } from "../io/trust-store.js";
import { lastSeen, revokedSignersOf, trustedSignerOf } from "../io/signer-trust.js";

/** A layer loaded trusted by `signer` whose bundle the user had not seen: recorded as seen once its notice is told. */
export interface SeenUpdate {
  root: string;
  bundle: ForgeBundle;
  signer: Signer;
}

export interface SignerJudgement {
  /** The trusted key that vouches for the bundle (null: none, or it is trusted by its hash anyway). */
  signer: Signer | null;
  notices: string[];
  seen: SeenUpdate | null;
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
  const signer = trustedSignerOf(store, signers);
  if (hashTrusted || signer === null) {
    const unknown = signers.filter((s) => !revoked.includes(s));
    if (!hashTrusted && unknown.length > 0) {
      const first = unknown[0]!;
      notices.push(
        `forge: project bundle ${file} is signed by ${unknown.map(describeSigner).join(", ")}, a key you do not trust; /forge trust --key ${first.fingerprint} trusts every bundle that key signs`,
      );
    }
    return { signer: null, notices, seen: null };
  }
  const before = lastSeen(store, realRoot);
  if (before !== null && before.bundleHash === bundle.bundleHash) return { signer, notices, seen: null };
  notices.push(signedChangeNotice(file, bundle, signer, before));
  return { signer, notices, seen: { root: realRoot, bundle, signer } };
}
