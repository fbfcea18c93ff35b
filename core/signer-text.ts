// Who signed, as people read it: the fingerprint first (what trust binds to), then the name the key's owner gave it,
// marked as claimed (anyone can give a key any name). Pure text, no Node API (the studio page shows it too);
// core/bundle-signature.ts does the cryptography.
import { visible } from "./safe-text.js";

/** The fingerprint's length as commands show it: 16 hex digits (64 bits), always with the name beside it. */
export const SHORT_FINGERPRINT = 16;

/** Who signed: a fingerprint (what trust binds to) and the name the key's owner gave it (what people read). */
export interface Signer {
  fingerprint: string;
  name: string;
}

export function shortFingerprint(fingerprint: string): string {
  return fingerprint.slice(0, SHORT_FINGERPRINT);
}

/** `3f1c2a9be07d5c4e (claimed name "Ada")`, or `3f1c2a9be07d5c4e (no name)`; control characters shown visibly. */
export function describeSigner(signer: Signer): string {
  const fingerprint = visible(shortFingerprint(signer.fingerprint));
  return signer.name === "" ? `${fingerprint} (no name)` : `${fingerprint} (claimed name ${JSON.stringify(visible(signer.name))})`;
}

/** A name as two people would compare it: compatibility forms, case, and runs of spaces folded. */
function comparableName(name: string): string {
  return name.normalize("NFKC").toLowerCase().replace(/\s+/gu, " ").trim();
}

/**
 * The trusted keys whose name `signer` claims too, on a different key: an attacker's key can carry exactly the name
 * and email of a key the user trusts, and only the fingerprint tells them apart.
 */
export function lookAlikesOf(signer: Signer, trusted: readonly Signer[]): Signer[] {
  if (signer.name.trim() === "") return [];
  const name = comparableName(signer.name);
  return trusted.filter((t) => t.fingerprint !== signer.fingerprint && comparableName(t.name) === name);
}

/** The warning line for a look-alike (null when `signer` claims no trusted key's name). */
export function lookAlikeWarning(signer: Signer, trusted: readonly Signer[]): string | null {
  const alikes = lookAlikesOf(signer, trusted);
  if (alikes.length === 0) return null;
  return `warning: ${shortFingerprint(signer.fingerprint)} claims the name ${JSON.stringify(visible(signer.name))} of a key you trust (${alikes.map((a) => shortFingerprint(a.fingerprint)).join(", ")}), but it is a different key: only the fingerprint tells them apart`;
}
