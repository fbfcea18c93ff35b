// Test signing keys (fresh Ed25519 pairs) and a signed copy of a bundle, as forge build --sign writes one.
import { generateKeyPairSync } from "node:crypto";
import { signBundleHash, signingKeyFromPem, type SigningKey } from "../../core/bundle-signature.js";
import type { ForgeBundle } from "../../generated/types.js";

export function newKey(name = "Ada <ada@example.com>"): SigningKey {
  const { privateKey } = generateKeyPairSync("ed25519");
  return signingKeyFromPem(privateKey.export({ format: "pem", type: "pkcs8" }).toString(), name)!;
}

/** The private key's PEM text (what a key file holds after its comment lines). */
export function pemOf(key: SigningKey): string {
  return key.privateKey.export({ format: "pem", type: "pkcs8" }).toString();
}

export function signed(bundle: ForgeBundle, ...keys: SigningKey[]): ForgeBundle {
  return { ...bundle, signatures: keys.map((k) => signBundleHash(bundle.bundleHash, k, new Date(0))).sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : 1)) };
}

/** A signed copy whose signatures were made at `when` (forge build --sign stamps the time it signs). */
export function signedOn(bundle: ForgeBundle, when: Date, ...keys: SigningKey[]): ForgeBundle {
  return { ...bundle, signatures: keys.map((k) => signBundleHash(bundle.bundleHash, k, when)).sort((a, b) => (a.fingerprint < b.fingerprint ? -1 : 1)) };
}
