// forge's canonical JSON is RFC 8785 (JCS) after NFC: the `canonicalize` package (a JCS implementation) is the oracle,
// on every committed bundle, on the RFC's own examples and on random JSON values.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import jcs from "canonicalize";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { stringifyCanonical, stringifyCanonicalPretty } from "../../core/canonical-json.js";
import { sha256Hex } from "../../core/digest.js";

const ROOT = join(import.meta.dirname, "..", "..");
const BUNDLES = [
  "presets/bundle.json",
  "examples/demo/.pi/forge/bundle.json",
  "examples/library/app/.pi/forge/bundle.json",
  "examples/library/forge-house/forge-bundle.json",
  ...["libraries-layered", "path-rules", "extends-valid", "valid-rich", "builtin-refs"].map((c) => `test/fixtures/compile/${c}/bundle.json`),
];

/** Every string (keys too) in Unicode normalization form C: the one step forge adds before JCS. */
function nfc(value: unknown): unknown {
  if (typeof value === "string") return value.normalize("NFC");
  if (Array.isArray(value)) return value.map(nfc);
  if (value !== null && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value))
      Object.defineProperty(out, k.normalize("NFC"), { value: nfc(v), enumerable: true, writable: true, configurable: true });
    return out;
  }
  return value;
}

const oracle = (value: unknown): string => jcs(nfc(value))!;

describe("canonical JSON is JCS after NFC", () => {
  it.each(BUNDLES)("%s", (file) => {
    const text = readFileSync(join(ROOT, file), "utf8");
    const value = JSON.parse(text) as unknown;
    expect(stringifyCanonical(value)).toBe(oracle(value));
    // The file on disk is the same data pretty-printed: parsing it back and canonicalizing gives the JCS bytes too.
    expect(stringifyCanonicalPretty(value)).toBe(text);
  });

  it("the RFC 8785 examples (3.2.2 values, 3.2.3 key order; U+FB33 differs only by its NFC form)", () => {
    const values = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    ) as unknown;
    expect(stringifyCanonical(values)).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
    expect(stringifyCanonical(values)).toBe(jcs(values));
    const keys = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    // Read back as text: JSON.parse would list the integer-like key "1" first whatever the order written.
    const order = (text: string) => [...text.matchAll(/"((?:[^"\\]|\\.)*)":/g)].map((m) => JSON.parse(`"${m[1]}"`) as string);
    expect(order(jcs(keys)!)).toEqual(["\r", "1", "\u0080", "\u00f6", "\u20ac", "\ud83d\ude00", "\ufb33"]);
    // NFC decomposes U+FB33 (a composition exclusion) into U+05D3 U+05BC, which sorts before U+20AC.
    expect(order(stringifyCanonical(keys))).toEqual(["\r", "1", "\u0080", "\u00f6", "\u05d3\u05bc", "\u20ac", "\ud83d\ude00"]);
    expect(stringifyCanonical(keys)).toBe(oracle(keys));
  });

  it("random JSON values, full Unicode strings included", () => {
    const json = fc.jsonValue({
      maxDepth: 4,
      stringUnit: fc.constantFrom(...'aA0 é\u0065\u0301\u00c5\u212b\u1e9b\u0323\ufb33\u2000\ud83d\ude00"\\\n\u0000'),
      noUnicodeString: false,
    } as never);
    fc.assert(
      fc.property(json, (value) => {
        expect(stringifyCanonical(value)).toBe(oracle(value));
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3 }), (value) => {
        expect(stringifyCanonical(value)).toBe(oracle(value));
        // The pretty form is the same data and order, laid out for review.
        expect(stringifyCanonical(JSON.parse(stringifyCanonicalPretty(value)))).toBe(stringifyCanonical(value));
      }),
      { numRuns: 500 },
    );
  });

  it("a digest is the sha256 of those bytes, so any JCS tool can recompute one", () => {
    expect(sha256Hex(stringifyCanonical({ b: 1, a: "e\u0301" }))).toBe(sha256Hex(jcs({ a: "\u00e9", b: 1 })!));
  });
});
