// Token counts at build time with OpenAI's o200k_base encoding (gpt-tokenizer), cut into pieces so the time stays
// linear in the text's length. The runtime never tokenizes: it reads these counts from the bundle.
import { createRequire } from "node:module";

/** esbuild defines it in dist/cli.js: the tokenizer's own bundle beside it (dist/tokenizer.cjs), loaded on first use. */
declare const FORGE_TOKENIZER: string | undefined;

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

/** The library is loaded once per process, on the first count (a CLI command that counts nothing never parses it). */
let loaded: CountFn | null = null;

/** The module the counts come from: dist/tokenizer.cjs beside dist/cli.js, else the library (tests, tsx). */
export function tokenizerModule(): string {
  return typeof FORGE_TOKENIZER === "string" ? FORGE_TOKENIZER : "gpt-tokenizer/encoding/o200k_base";
}

function tokenizer(): CountFn {
  if (loaded !== null) return loaded;
  const id = tokenizerModule();
  const library = createRequire(import.meta.url)(id) as { countTokens(text: string, options: object): number };
  // Text that spells a special token (<|endoftext|>) is ordinary text in a prompt, as the API counts it: never refused.
  const options = { disallowedSpecial: new Set<string>() };
  loaded = (text) => library.countTokens(text, options);
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
