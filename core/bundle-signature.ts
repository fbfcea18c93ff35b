// Ed25519 signatures of a bundle's bundleHash (node:crypto only): what a signature covers, making one, and checking one.
// A signature is data beside the digests, never hashed, so signing never changes bundleHash.
import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from "node:crypto";
import { stringifyCanonical } from "./canonical-json.js";
import type { BundleSignature } from "../generated/types.js";
import type { Signer } from "./signer-text.js";

export { describeSigner, shortFingerprint, SHORT_FINGERPRINT, type Signer } from "./signer-text.js";

export type { BundleSignature };

/** The domain tag inside every signed payload: a forge bundle signature can never be replayed as another message. */
export const SIGNATURE_PURPOSE = "forge bundle signature v1";

/** A private key and what a signature made with it says about it. */
export interface SigningKey extends Signer {
  privateKey: KeyObject;
  /** The raw 32-byte public key, base64. */
  publicKey: string;
}

/** The SPKI DER prefix of every Ed25519 public key: the raw key is the 32 bytes after it. */
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/** sha256 of the raw 32-byte public key, lowercase hex. */
export function fingerprintOf(rawPublicKey: Uint8Array): string {
  return createHash("sha256").update(rawPublicKey).digest("hex");
}

/** The raw public key of an Ed25519 key object. */
export function rawPublicKeyOf(key: KeyObject): Buffer {
  const der = createPublicKey(key).export({ format: "der", type: "spki" });
  return Buffer.from(der.subarray(ED25519_SPKI_PREFIX.length));
}

/** An Ed25519 public key object from its raw 32 bytes, or null when they are not one. */
function publicKeyFromRaw(raw: Uint8Array): KeyObject | null {
  if (raw.length !== 32) return null;
  try {
    return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: "der", type: "spki" });
  } catch {
    return null;
  }
}

/** A signing key from a PKCS#8 PEM private key; null when it is not an Ed25519 private key (never echoes the text). */
export function signingKeyFromPem(pem: string, name: string): SigningKey | null {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: pem, format: "pem" });
  } catch {
    return null;
  }
  if (privateKey.asymmetricKeyType !== "ed25519") return null;
  const raw = rawPublicKeyOf(privateKey);
  return { privateKey, publicKey: raw.toString("base64"), fingerprint: fingerprintOf(raw), name };
}

/** The exact bytes a signature covers: canonical JSON of the purpose, the bundleHash, the key, its name and the time. */
export function signedPayload(bundleHash: string, signature: Pick<BundleSignature, "publicKey" | "name" | "signedAt">): Buffer {
  return Buffer.from(
    stringifyCanonical({ purpose: SIGNATURE_PURPOSE, bundleHash, publicKey: signature.publicKey, name: signature.name, signedAt: signature.signedAt }),
    "utf8",
  );
}

/** Signs a bundleHash. */
export function signBundleHash(bundleHash: string, key: SigningKey, now: Date): BundleSignature {
  const fields = { publicKey: key.publicKey, name: key.name, signedAt: now.toISOString() };
  const signature = sign(null, signedPayload(bundleHash, fields), key.privateKey).toString("base64");
  return { algorithm: "ed25519", ...fields, fingerprint: key.fingerprint, signature };
}

/** Why one signature does not hold for a bundleHash; null when it does. */
export function signatureProblem(bundleHash: string, signature: BundleSignature): string | null {
  const raw = Buffer.from(signature.publicKey, "base64");
  const key = publicKeyFromRaw(raw);
  if (key === null) return "its public key is not an Ed25519 key";
  if (fingerprintOf(raw) !== signature.fingerprint) return "its fingerprint is not the sha256 of its public key";
  const bytes = Buffer.from(signature.signature, "base64");
  let ok = false;
  try {
    ok = bytes.length === 64 && verify(null, signedPayload(bundleHash, signature), key, bytes);
  } catch {
    ok = false;
  }
  return ok ? null : "it does not verify: the bundle or the signature was changed after signing";
}

/** The signers of a bundle whose signatures verify (call after verification, which refuses any that does not). */
export function signersOf(bundle: { signatures?: readonly BundleSignature[] }): Signer[] {
  const seen = new Set<string>();
  const out: Signer[] = [];
  for (const s of bundle.signatures ?? []) {
    if (seen.has(s.fingerprint)) continue;
    seen.add(s.fingerprint);
    out.push({ fingerprint: s.fingerprint, name: s.name });
  }
  return out;
}
