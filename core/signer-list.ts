// A repository's `.pi/forge/signers`: the maintainers' keys it names, one a line (`forge-ed25519 <public key> <name>`, as
// forge key new prints it, or `<fingerprint> <name>`). forge only shows it in the trust dialog; it grants nothing.
import { fingerprintOf, type Signer } from "./bundle-signature.js";

/** At most this many named signers are read: the list is for people to read in a dialog. */
export const MAX_SIGNERS = 64;

export interface SignerList {
  signers: Signer[];
  /** Lines that were neither a comment nor a signer (shown as a count, never quoted). */
  skipped: number;
}

const NAME_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Parses the file's text; never throws. */
export function parseSignerList(text: string): SignerList {
  const signers: Signer[] = [];
  const seen = new Set<string>();
  let skipped = 0;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === "" || line.startsWith("#")) continue;
    const [first, second, ...rest] = line.split(/\s+/);
    let fingerprint: string | null = null;
    let name = "";
    if (first === "forge-ed25519" && second !== undefined && /^[A-Za-z0-9+/]{43}=$/.test(second)) {
      fingerprint = fingerprintOf(Buffer.from(second, "base64"));
      name = rest.join(" ");
    } else if (first !== undefined && /^[0-9a-f]{64}$/.test(first)) {
      fingerprint = first;
      name = [second, ...rest].filter((w) => w !== undefined).join(" ");
    }
    if (fingerprint === null) {
      skipped++;
      continue;
    }
    if (seen.has(fingerprint) || signers.length >= MAX_SIGNERS) continue;
    seen.add(fingerprint);
    signers.push({ fingerprint, name: name.replace(NAME_UNSAFE, " ").slice(0, 128) });
  }
  return { signers, skipped };
}
