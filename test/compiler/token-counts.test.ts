// The build-time token counter: equal to the tokenizer's own count of the whole text wherever it cuts at safe places,
// linear in the text's length, and never refusing text that spells a special token.
import { createRequire } from "node:module";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { countTokens, MAX_RUN } from "../../compiler/tokens/count-tokens.js";

const library = createRequire(import.meta.url)("gpt-tokenizer/encoding/o200k_base") as { countTokens(text: string, options?: object): number };
const whole = (text: string) => library.countTokens(text, { disallowedSpecial: new Set() });

/** Pieces prompts are made of: words, numbers, punctuation, runs of spaces and line breaks, "/" after a break, CJK, emoji, contractions. */
const piece = fc.constantFrom(
  "a",
  "Hello",
  "world",
  "don't",
  "it's",
  " ",
  "  ",
  "   ",
  "\t",
  "\n",
  "\n\n",
  "\r\n",
  " \n",
  "/",
  "//",
  "\n/",
  ".",
  "!!",
  "{{",
  "}}",
  "<forge-x>",
  "</forge-x>",
  "#",
  "# ",
  "- ",
  "123",
  "4567",
  "漢字",
  "😀",
  "é",
  "e\u0301",
  "'s",
  "'S",
  "—",
  "\u00a0",
  "\u3000",
  "`",
  "```",
  "λ",
  "Ω",
);
const text = fc.array(piece, { maxLength: 400 }).map((parts) => parts.join(""));

describe("countTokens", () => {
  test("the sum of its safe chunks equals the tokenizer's count of the whole text", () => {
    fc.assert(
      fc.property(text, fc.integer({ min: 1, max: 256 }), (t, chunk) => {
        // No forced cut (maxRun above the text's length): chunks end only at safe places, so the sum is exact.
        expect(countTokens(t, t.length + 1, chunk)).toBe(whole(t));
      }),
      { numRuns: 400 },
    );
  });

  test("a prompt that spells a special token is counted as ordinary text", () => {
    expect(countTokens("stop at <|endoftext|> here")).toBe(whole("stop at <|endoftext|> here"));
  });

  test("a long run without a safe place is cut, so the time stays linear", () => {
    const run = "漢".repeat(8 * MAX_RUN);
    expect(Math.abs(countTokens(run) - whole(run.slice(0, 4 * MAX_RUN)) * 2)).toBeLessThan(16);
  });
});
