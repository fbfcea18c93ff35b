// Who signed, as people read it: a fingerprint shortened for display beside the name its owner gave the key. Pure text,
// no Node API (the studio page shows it too); core/bundle-signature.ts does the cryptography.
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

/** "Alice (0123456789abcdef)", or the short fingerprint alone for an unnamed key; control characters shown visibly. */
export function describeSigner(signer: Signer): string {
  const fingerprint = visible(shortFingerprint(signer.fingerprint));
  return signer.name === "" ? `an unnamed key (${fingerprint})` : `${visible(signer.name)} (${fingerprint})`;
}
