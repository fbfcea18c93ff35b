// The o200k_base ranks as one compact binary table (dist/o200k_base.ranks): read with one file read and looked up in
// place, so a count starts in milliseconds where building gpt-tokenizer's 200,000-entry Map took a quarter of a second.
import { createHash } from "node:crypto";

/**
 * Layout, little-endian, every array 4-byte aligned:
 *   0  "FRK1"; u32 rank count N (the highest rank + 1); u32 slot bits B; u32 byte length of the token bytes;
 *   16 the SHA-256 of everything after the header (it names the table: kept counts are filed under it);
 *   48 u32 offsets[N + 1] into the token bytes (a rank's bytes are offsets[r]..offsets[r + 1]; empty: no such rank);
 *      i32 slots[2^B]: an open-addressing hash of a token's bytes to its entry (-1 empty, linear probing): the rank
 *      times two, plus one when the library gave the rank as bytes rather than as text (see bpe-count.ts);
 *      the token bytes.
 */
const MAGIC = 0x314b5246; // "FRK1"
const HEADER = 48;
/** The table's file name in dist/, beside the module that loads it (o200k_base.cjs). */
export const RANKS_FILE = "o200k_base.ranks";
/** How many bytes of the file say its id. */
export const RANKS_HEADER_BYTES = HEADER;

/** Where a rank table came from: its ranks as gpt-tokenizer lists them (a string is its UTF-8 bytes; holes allowed). */
export type RawRanks = ReadonlyArray<string | readonly number[] | undefined>;

export interface RankTable {
  /** The SHA-256 (hex) of the table's body. */
  readonly id: string;
  /**
   * The entry of the token that is exactly `bytes[start..end)`: its rank times two, plus one when the library lists it
   * as bytes rather than text; -1 when no token is those bytes.
   */
  entry(bytes: Uint8Array, start: number, end: number): number;
}

/** FNV-1a over bytes[start..end). */
function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let h = 0x811c9dc5;
  for (let i = start; i < end; i++) h = Math.imul(h ^ bytes[i]!, 0x01000193);
  return h >>> 0;
}

/** Builds the table from the library's ranks (scripts/build.mjs writes it to dist/; tests build it in memory). */
export function encodeRankTable(ranks: RawRanks): Uint8Array {
  const encoder = new TextEncoder();
  const tokens: Uint8Array[] = [];
  for (let r = 0; r < ranks.length; r++) {
    const value = ranks[r];
    tokens.push(value === undefined ? new Uint8Array(0) : typeof value === "string" ? encoder.encode(value) : Uint8Array.from(value));
  }
  const n = tokens.length;
  let bits = 1;
  while (1 << bits < n * 2) bits++; // load factor at most 1/2
  const blobLength = tokens.reduce((sum, t) => sum + t.length, 0);
  const offsetsAt = HEADER;
  const slotsAt = offsetsAt + 4 * (n + 1);
  const blobAt = slotsAt + 4 * (1 << bits);
  const out = new Uint8Array(blobAt + blobLength);
  const view = new DataView(out.buffer);
  const offsets = new Uint32Array(out.buffer, offsetsAt, n + 1);
  const slots = new Int32Array(out.buffer, slotsAt, 1 << bits).fill(-1);
  const blob = out.subarray(blobAt);
  const mask = (1 << bits) - 1;
  let at = 0;
  for (let r = 0; r < n; r++) {
    const token = tokens[r]!;
    offsets[r] = at;
    blob.set(token, at);
    if (token.length > 0) {
      let slot = hashBytes(token, 0, token.length) & mask;
      while (slots[slot] !== -1) {
        const other = slots[slot]! >> 1;
        if (tokens[other]!.length === token.length && tokens[other]!.every((b, i) => b === token[i]))
          throw new Error(`ranks ${other} and ${r} are the same bytes`);
        slot = (slot + 1) & mask;
      }
      slots[slot] = r * 2 + (typeof ranks[r] === "string" ? 0 : 1);
    }
    at += token.length;
  }
  offsets[n] = at;
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, n, true);
  view.setUint32(8, bits, true);
  view.setUint32(12, blobLength, true);
  out.set(createHash("sha256").update(out.subarray(HEADER)).digest(), 16);
  return out;
}

/** The id of a table from its header alone (what the kept counts are filed under), or null when it is not one. */
export function rankTableId(header: Uint8Array): string | null {
  if (header.length < HEADER) return null;
  const view = new DataView(header.buffer, header.byteOffset, HEADER);
  if (view.getUint32(0, true) !== MAGIC) return null;
  return Buffer.from(header.subarray(16, 48)).toString("hex");
}

/** Reads a table in place (no copy unless the bytes are misaligned); throws on bytes that are not a whole table. */
export function readRankTable(input: Uint8Array): RankTable {
  const bytes = input.byteOffset % 4 === 0 ? input : input.slice();
  const id = rankTableId(bytes);
  if (id === null) throw new Error("not a forge rank table");
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  const n = view.getUint32(4, true);
  const bits = view.getUint32(8, true);
  const blobLength = view.getUint32(12, true);
  const slotsAt = HEADER + 4 * (n + 1);
  const blobAt = slotsAt + 4 * 2 ** bits;
  if (bits > 26 || blobAt + blobLength !== bytes.length) throw new Error("a forge rank table of the wrong length");
  const offsets = new Uint32Array(bytes.buffer, bytes.byteOffset + HEADER, n + 1);
  const slots = new Int32Array(bytes.buffer, bytes.byteOffset + slotsAt, 2 ** bits);
  const blob = bytes.subarray(blobAt);
  const mask = 2 ** bits - 1;
  return {
    id,
    entry(key, start, end) {
      const length = end - start;
      let slot = hashBytes(key, start, end) & mask;
      for (;;) {
        const entry = slots[slot]!;
        if (entry === -1) return -1;
        const r = entry >> 1;
        const from = offsets[r]!;
        if (offsets[r + 1]! - from === length) {
          let i = 0;
          while (i < length && blob[from + i] === key[start + i]) i++;
          if (i === length) return entry;
        }
        slot = (slot + 1) & mask;
      }
    },
  };
}
