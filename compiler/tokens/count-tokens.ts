// Token counts at build time with OpenAI's o200k_base encoding, cut into pieces so the time stays linear in the text's
// length. The ranks are gpt-tokenizer's, as a binary table (rank-table.ts) the counter reads in place (bpe-count.ts);
// the runtime never tokenizes: it reads these counts from the bundle.
import { createRequire } from "node:module";
import { createBpeCounter } from "./bpe-count.js";
import { encodeRankTable, readRankTable, type RankTable, type RawRanks } from "./rank-table.js";

/**
 * esbuild defines it in dist/cli.js: the module beside it that loads the rank table's bytes (dist/o200k_base.cjs, which
 * reads dist/o200k_base.ranks; scripts/build.mjs writes both). Like the tokenizer module it replaced, the table is part
 * of the program, loaded as a module on the first count.
 */
declare const FORGE_RANKS: string | undefined;

/** The encoding every count is exact for: OpenAI's o200k family (GPT-4o, GPT-4.1, GPT-5, o1, o3, o4-mini). */
export const TOKENIZER = "o200k_base";

/**
 * BPE merges inside one pre-token take time quadratic in its length (a 65,536-character run of CJK text took 20 s in
 * one call). A text is therefore counted in chunks cut only where the encoding's own pre-tokenizer always cuts (before
 * a space that follows a non-space, after a line break that a non-space other than "/" follows), which leaves the sum
 * equal to the whole count (test/compiler/token-counts.test.ts checks it against the tokenizer). Only a run of more
 * than MAX_RUN characters without such a place (a long unbroken Chinese paragraph, a base64 blob) is cut inside, where
 * the count may differ from the tokenizer's by a token or so per cut.
 */
export const MAX_RUN = 512;
/** Chunks are cut at the last safe place once they reach this many characters: fewer calls, each still linear. */
const CHUNK = 4096;

type CountFn = (text: string) => number;

/** The table is loaded once per process, on the first count (a CLI command that counts nothing never reads it). */
let table: RankTable | null = null;
let loaded: CountFn | null = null;

/** The module the table comes from: dist/o200k_base.cjs beside dist/cli.js, else gpt-tokenizer's ranks (tests, tsx). */
export function rankTableModule(): string {
  return typeof FORGE_RANKS === "string" ? FORGE_RANKS : "gpt-tokenizer/bpeRanks/o200k_base";
}

/** The rank table counts are made with: dist's file as it is, or one built in memory from the library's ranks. */
export function rankTable(): RankTable {
  if (table !== null) return table;
  const loadedModule = createRequire(import.meta.url)(rankTableModule()) as Uint8Array | { default: RawRanks };
  table = readRankTable(loadedModule instanceof Uint8Array ? loadedModule : encodeRankTable(loadedModule.default));
  return table;
}

function tokenizer(): CountFn {
  if (loaded === null) loaded = createBpeCounter(rankTable());
  return loaded;
}

const isSpace = (code: number): boolean =>
  code === 32 ||
  (code >= 9 && code <= 13) ||
  code === 0x85 ||
  code === 0xa0 ||
  code === 0x1680 ||
  (code >= 0x2000 && code <= 0x200a) ||
  code === 0x2028 ||
  code === 0x2029 ||
  code === 0x202f ||
  code === 0x205f ||
  code === 0x3000 ||
  code === 0xfeff;

/** Whether o200k's pre-tokenizer always ends a pre-token right before position `i` (0 < i < text.length). */
function isSafeCut(text: string, i: number): boolean {
  const before = text.charCodeAt(i - 1);
  const at = text.charCodeAt(i);
  if (at === 32) return !isSpace(before);
  return before === 10 && !isSpace(at) && at !== 47; // "/" may join a punctuation pre-token across the line break
}

/** A forced cut at `i`, moved back one when it would split a surrogate pair. */
function forcedCut(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code >= 0xdc00 && code <= 0xdfff ? i - 1 : i;
}

/** The o200k_base token count of `text`, in time linear in its length (`maxRun`: tests only). */
export function countTokens(text: string, maxRun = MAX_RUN, chunk = CHUNK): number {
  if (text === "") return 0;
  const count = tokenizer();
  if (text.length <= Math.min(maxRun, chunk)) return count(text);
  let total = 0;
  let start = 0;
  let lastSafe = 0;
  for (let i = 1; i < text.length; i++) {
    if (isSafeCut(text, i)) lastSafe = i;
    let cut: number;
    if (i - Math.max(start, lastSafe) >= maxRun) cut = forcedCut(text, i);
    else if (i - start >= chunk && lastSafe > start) cut = lastSafe;
    else continue;
    if (cut <= start) cut = i;
    total += count(text.slice(start, cut));
    start = cut;
  }
  return total + count(text.slice(start));
}
