// Imported prompt text survives forge's YAML emission and handlebars lowering byte for byte, braces and backslashes included.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile.js";
import { emitSourceYaml } from "../../compiler/import/emit-yaml.js";
import { normalizeKey } from "../../compiler/import/keys.js";
import { escapeTemplateText } from "../../compiler/import/template-text.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

const NOWHERE = { file: null, start: null, end: null, path: "" };

/** The prompt text of mode "m" after writing `text` as an imported source and compiling it. */
function roundTrip(text: string): { prompt: string | null; errors: string[] } {
  const yaml = emitSourceYaml({
    key: "m",
    keyWhere: NOWHERE,
    entry: "test",
    comments: ["round trip"],
    source: { label: "M", description: "d", strategy: "append", prompt: escapeTemplateText(text) },
  });
  const result = compile(treeOf({ "modes/m.yaml": yaml }), FIXED_OPTIONS);
  const errors = result.diagnostics.filter((d) => d.severity === "error").map((d) => `${d.code}: ${d.message}`);
  const segments = result.bundle?.modes.m?.prompt;
  if (!segments || segments.some((s) => !("text" in s))) return { prompt: null, errors };
  return { prompt: segments.map((s) => ("text" in s ? s.text : "")).join(""), errors };
}

describe("escapeTemplateText", () => {
  test.each([
    "Work in {{cwd}} on {{ unknown }}.",
    "{{#if x}}a{{/if}} {{> partial}} {{{triple}}} {{! comment }}",
    "a \\{{escaped}} and \\\\{{double}} and \\\\\\{{triple}}",
    "{{{{",
    "ends with {{",
    "\\",
    "}}{{}}",
    "  indented\n\n{{cwd}}\n trailing  \n",
    " \n",
    "a\n \t\nb",
  ])("keeps %j literally", (text) => {
    expect(roundTrip(text)).toEqual({ prompt: text, errors: [] });
  });

  test("keeps any text of braces, backslashes, bangs and whitespace literally", () => {
    const alphabet = fc.constantFrom("{", "}", "\\", "!", "#", ">", "~", "a", " ", "\n", "é");
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 24 }).map((chars) => chars.join("")),
        (text) => {
          expect(roundTrip(text)).toEqual({ prompt: text, errors: [] });
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("escapeTemplateText scans once", () => {
  /** The replace it took the place of (quadratic over long runs of backslashes without "{{"): the oracle. */
  const byRegex = (t: string): string => t.replace(/(\\*)\{\{/g, (_m, b: string) => (b.length === 0 ? "\\{{" : `${b}\\{{!}}\\{{`));

  test("and escapes exactly as the regex did", () => {
    const alphabet = fc.constantFrom("{", "}", "\\", "a", "!");
    fc.assert(
      fc.property(
        fc.array(alphabet, { maxLength: 40 }).map((c) => c.join("")),
        (t) => {
          expect(escapeTemplateText(t)).toBe(byRegex(t));
        },
      ),
      { numRuns: 2000 },
    );
  });

  test("a 200,000-backslash run without braces, as a rule file may hold, is left as it is", () => {
    const run = "\\".repeat(200_000) + "x";
    expect(escapeTemplateText(run)).toBe(run);
  });
});

describe("normalizeKey", () => {
  test.each([
    ["plan", "plan"],
    ["Deep_Work", "deep-work"],
    ["📝 Docs  Writer!", "docs-writer"],
    ["café", "cafe"],
    ["3d-artist", "mode-3d-artist"],
    ["constructor", "constructor-mode"],
    ["__proto__", "proto"],
    ["--", null],
    ["日本語", null],
  ])("%j -> %j", (raw, key) => {
    expect(normalizeKey(raw, "mode")).toBe(key);
  });

  test("cuts to the length bound without a trailing dash", () => {
    const key = normalizeKey(`${"a".repeat(63)}-bcd`, "mode");
    expect(key).toBe("a".repeat(63));
    expect(normalizeKey("x".repeat(100), "mode", 59)).toHaveLength(59);
  });
});
