// Sizes forge reports: characters of a composition and the one token estimate (4 characters per token).
import type { Composition } from "./composition.js";

/** A rough token estimate from a character count (4 per token): the one rule behind every size forge reports. */
export function estimateTokens(chars: number): number {
  return Math.ceil(chars / 4);
}

/** Characters forge contributes (the exact total for replace_final). */
export function composedChars(composition: Composition): number {
  if (composition.kind === "native") return 0;
  let n = composition.base?.text.length ?? 0;
  for (const o of composition.overlays) n += o.text.length;
  return n;
}
