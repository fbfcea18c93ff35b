// o200k_base token counts from a rank table (rank-table.ts): the encoding's own pre-tokenizer, then byte-pair merges
// as gpt-tokenizer makes them (the lowest-ranked adjacent pair first, the leftmost of equals), counted without building
// token lists. test/compiler/bpe-count.test.ts holds it equal to gpt-tokenizer's count, byte for byte, lookups included.
import type { RankTable } from "./rank-table.js";

const CONTRACTION = String.raw`(?:'(?:[sS]|[dD]|[mM]|[tT]|[lL][lL]|[vV][eE]|[rR][eE]))?`;
const UPPER = String.raw`[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]`;
const LOWER = String.raw`[\p{Ll}\p{Lm}\p{Lo}\p{M}]`;
/** o200k_base's pre-tokenizer, as tiktoken defines it (gpt-tokenizer's O200K_TOKEN_SPLIT_REGEX). */
const O200K_SPLIT = new RegExp(
  String.raw`[^\r\n\p{L}\p{N}]?${UPPER}*${LOWER}+${CONTRACTION}|[^\r\n\p{L}\p{N}]?${UPPER}+${LOWER}*${CONTRACTION}|\p{N}{1,3}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+`,
  "gu",
);

/** Merged pieces remembered by their text, up to this many (then forgotten at once): prompts repeat their words. */
const MAX_REMEMBERED = 50_000;

/** Whether a string has no lone surrogate (String.prototype.isWellFormed, which TypeScript's ES2022 lib does not declare). */
function isWellFormed(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xd800 || code > 0xdfff) continue;
    if (code > 0xdbff) return false;
    const next = text.charCodeAt(i + 1);
    if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
    i++;
  }
  return true;
}

/** Whether bytes[start..end) are valid UTF-8 as gpt-tokenizer checks it (no overlong form, surrogate or code point past U+10FFFF). */
function isValidUtf8(bytes: Uint8Array, start: number, end: number): boolean {
  for (let i = start; i < end; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let n: number;
    let cp: number;
    if ((b & 0xe0) === 0xc0) {
      if (b <= 0xc1) return false;
      n = 2;
      cp = b & 0x1f;
    } else if ((b & 0xf0) === 0xe0) {
      n = 3;
      cp = b & 0x0f;
    } else if ((b & 0xf8) === 0xf0) {
      if (b > 0xf4) return false;
      n = 4;
      cp = b & 0x07;
    } else return false;
    if (i + n > end) return false;
    for (let j = 1; j < n; j++) {
      const c = bytes[i + j]!;
      if ((c & 0xc0) !== 0x80) return false;
      cp = (cp << 6) | (c & 0x3f);
    }
    if ((n === 3 && cp < 0x800) || (n === 4 && cp < 0x10000) || (cp >= 0xd800 && cp <= 0xdfff) || cp > 0x10ffff) return false;
    i += n;
  }
  return true;
}

/** A counter of o200k_base tokens over `table`. Not reentrant (one scratch buffer), which a synchronous count never needs. */
export function createBpeCounter(table: RankTable): (text: string) => number {
  const encoder = new TextEncoder();
  let bytes = new Uint8Array(1024);
  let starts = new Int32Array(1024);
  let ranks = new Float64Array(1024);
  const remembered = new Map<string, number>();

  /** The piece's UTF-8 bytes in `bytes`; returns their length. */
  function encode(piece: string): number {
    if (bytes.length < piece.length * 3) bytes = new Uint8Array(piece.length * 3);
    let i = 0;
    for (; i < piece.length; i++) {
      const code = piece.charCodeAt(i);
      if (code >= 0x80) break;
      bytes[i] = code;
    }
    if (i === piece.length) return i;
    return encoder.encodeInto(piece, bytes).written;
  }

  const pairRank = (at: number, parts: number): number => (at + 2 > parts ? Infinity : rankOrInfinity(starts[at]!, starts[at + 2]!));

  /**
   * The rank of bytes[start..end) as gpt-tokenizer finds it while merging: bytes that are valid UTF-8 are decoded (a
   * TextDecoder drops a leading byte-order mark) and looked up among the ranks it lists as text; other bytes among
   * the ranks it lists as bytes. So a token listed as bytes though valid UTF-8 (one that starts with a byte-order mark)
   * is never found, and bytes after a byte-order mark are found as the text after it.
   */
  const rankOrInfinity = (start: number, end: number): number => {
    if (isValidUtf8(bytes, start, end)) {
      const from = end - start >= 3 && bytes[start] === 0xef && bytes[start + 1] === 0xbb && bytes[start + 2] === 0xbf ? start + 3 : start;
      const entry = from === end ? -1 : table.entry(bytes, from, end);
      return entry < 0 || (entry & 1) === 1 ? Infinity : entry >> 1;
    }
    const entry = table.entry(bytes, start, end);
    return entry < 0 || (entry & 1) === 0 ? Infinity : entry >> 1;
  };

  /** How many tokens the merges leave of bytes[0..length). */
  function mergeCount(length: number): number {
    if (starts.length < length + 1) {
      starts = new Int32Array(length + 1);
      ranks = new Float64Array(length + 1);
    }
    let parts = length; // starts[0..parts] bound `parts` parts
    for (let i = 0; i <= length; i++) starts[i] = i;
    for (let i = 0; i < length; i++) ranks[i] = i < length - 1 ? rankOrInfinity(i, i + 2) : Infinity;
    while (parts > 1) {
      let lowest = Infinity;
      let at = -1;
      for (let i = 0; i < parts - 1; i++) {
        if (ranks[i]! < lowest) {
          lowest = ranks[i]!;
          at = i;
        }
      }
      if (at === -1) break;
      // Merge parts `at` and `at + 1`: drop the start between them and the pair rank that joined them.
      starts.copyWithin(at + 1, at + 2, parts + 1);
      ranks.copyWithin(at, at + 1, parts);
      parts--;
      ranks[at] = pairRank(at, parts);
      if (at > 0) ranks[at - 1] = pairRank(at - 1, parts);
    }
    return parts;
  }

  function countPiece(piece: string): number {
    if (piece.length === 1 && piece.charCodeAt(0) < 0x80) return 1;
    const length = encode(piece);
    // gpt-tokenizer looks a whole piece up by its text among the ranks it lists as text (a lone surrogate never
    // matches); then it merges bytes.
    if (isWellFormed(piece)) {
      const entry = table.entry(bytes, 0, length);
      if (entry >= 0 && (entry & 1) === 0) return 1;
    }
    const known = remembered.get(piece);
    if (known !== undefined) return known;
    const count = mergeCount(length);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(piece, count);
    return count;
  }

  return (text) => {
    let total = 0;
    O200K_SPLIT.lastIndex = 0;
    for (let match = O200K_SPLIT.exec(text); match !== null; match = O200K_SPLIT.exec(text)) total += countPiece(match[0]);
    return total;
  };
}
