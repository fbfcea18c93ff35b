// forge's own o200k_base counter (compiler/tokens/bpe-count.ts over the rank table of rank-table.ts) gives exactly
// gpt-tokenizer's counts: on every text of the repository's fixtures, presets and docs, and on random texts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { createBpeCounter } from "../../compiler/tokens/bpe-count.js";
import { encodeRankTable, rankTableId, readRankTable, type RawRanks } from "../../compiler/tokens/rank-table.js";

const require = createRequire(import.meta.url);
const library = require("gpt-tokenizer/encoding/o200k_base") as { countTokens(text: string, options?: object): number };
const ranks = (require("gpt-tokenizer/bpeRanks/o200k_base") as { default: RawRanks }).default;
/** gpt-tokenizer's count, special-token text counted as ordinary text (as forge counts it). */
const reference = (text: string) => library.countTokens(text, { disallowedSpecial: new Set() });
const bytes = encodeRankTable(ranks);
const table = readRankTable(bytes);
const count = createBpeCounter(table);
const REPO = join(import.meta.dirname, "..", "..");

/** Every text file under `dir` (fixtures, presets, docs): what forge counts in practice. */
function textsUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !/\.(ya?ml|md|json|txt)$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    if (statSync(file).size < 512 * 1024) out.push(readFileSync(file, "utf8"));
  }
  return out;
}

describe("the rank table", () => {
  test("finds every rank by its bytes, saying whether the library lists it as text or bytes; nothing for other bytes", () => {
    const encoder = new TextEncoder();
    let asBytes = 0;
    for (let r = 0; r < ranks.length; r++) {
      const value = ranks[r];
      if (value === undefined) continue;
      const token = typeof value === "string" ? encoder.encode(value) : Uint8Array.from(value);
      const padded = new Uint8Array(token.length + 2);
      padded.set(token, 1);
      const entry = r * 2 + (typeof value === "string" ? 0 : 1);
      if (table.entry(padded, 1, token.length + 1) !== entry) throw new Error(`rank ${r} not found by its bytes`);
      asBytes += entry & 1;
    }
    expect(asBytes).toBeGreaterThan(0);
    expect(table.entry(encoder.encode("zzzzqqqqxxxxjjjj"), 0, 16)).toBe(-1);
  });

  test("is named by the SHA-256 of its body, read from the header alone; a file that is not a table is refused", () => {
    expect(table.id).toMatch(/^[0-9a-f]{64}$/);
    expect(rankTableId(bytes.subarray(0, 48))).toBe(table.id);
    expect(Buffer.compare(encodeRankTable(ranks), bytes)).toBe(0); // deterministic: the build writes the same file every time
    expect(rankTableId(new Uint8Array(48))).toBeNull();
    expect(() => readRankTable(bytes.subarray(0, bytes.length - 1))).toThrow(/wrong length/);
  });
});

describe("forge's o200k_base counts equal gpt-tokenizer's", () => {
  test("on every text of the fixtures, the built-in presets, the examples and the docs", () => {
    const texts = [
      ...textsUnder(join(REPO, "test", "fixtures")),
      ...textsUnder(join(REPO, "presets")),
      ...textsUnder(join(REPO, "examples")),
      ...textsUnder(join(REPO, "docs")),
    ];
    texts.push(readFileSync(join(REPO, "README.md"), "utf8"), readFileSync(join(REPO, "DEVELOPERS.md"), "utf8"));
    expect(texts.length).toBeGreaterThan(100);
    const differing = texts.filter((t) => count(t) !== reference(t)).map((t) => t.slice(0, 80));
    expect(differing).toEqual([]);
  });

  /** Pieces that exercise the pre-tokenizer: cases, contractions, digits, punctuation runs, breaks, scripts, emoji. */
  const piece = fc.oneof(
    fc.constantFrom("Hello", "WORLD", "don't", "I'LL", "x's", " ", "   ", "\t", "\n", "\r\n", " \n ", "/", "\n/", "123456", "½", "٣", "...", "!?", "{{cwd}}"),
    fc.constantFrom("漢字", "カタカナ", "한국어", "Ελληνικά", "Ωmega", "ǅungla", "e\u0301", "😀👍🏽", "\u00a0", "\u3000", "\u200b", "<|endoftext|>"),
    // A byte-order mark: gpt-tokenizer's decoder drops it from the bytes it looks up, and forge counts as it does.
    fc.constantFrom("\ufeff", "\ufeff\ufeff", "\ufeffa", "a\ufeff", " \ufeff ", "\ufeff漢", "\ufeff\n"),
    fc.string({ unit: "grapheme", maxLength: 12 }),
    fc.string({ unit: "binary", maxLength: 6 }), // lone surrogates and any code point
  );
  const text = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(""));

  test("on random texts", () => {
    fc.assert(
      fc.property(text, (t) => count(t) === reference(t)),
      { numRuns: 2000 },
    );
  });

  test("on random byte-level texts: every code point, any order", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (t) => count(t) === reference(t)),
      { numRuns: 1000 },
    );
  });
});
