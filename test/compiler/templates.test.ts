// Template lowering: segments, partial inlining with handlebars' indentation, and agreement with real handlebars.
import fc from "fast-check";
import Handlebars from "handlebars";
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile.js";
import { indentSegments } from "../../compiler/phases/handlebars-lower.js";
import { SLOT_NAMES } from "../../generated/constants.js";
import { normalizeSegments } from "../../compiler/phases/segments.js";
import type { Segment } from "../../generated/types.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

/** A minimal renderer of segments, as the runtime does it: text verbatim, slots replaced raw. */
function render(segments: readonly Segment[], vars: Record<string, string>): string {
  return segments.map((s) => ("text" in s ? s.text : vars[s.slot]!)).join("");
}

function lowerWith(prompt: string, partials: Record<string, string> = {}): { segments: Segment[] | null; codes: string[] } {
  const files: Record<string, string> = { "modes/m.md": prompt, "modes/m.yaml": "label: M\ndescription: M.\nstrategy: append\npromptFile: m.md\n" };
  for (const [name, text] of Object.entries(partials)) files[`partials/${name}.md`] = text;
  const result = compile(treeOf(files), FIXED_OPTIONS);
  // modes/m.md is itself an unrecognized source file (a warning); ignore that one.
  const codes = result.diagnostics.map((d) => d.code).filter((c) => c !== "unrecognized_source_file");
  return { segments: result.bundle?.modes.m?.prompt ?? null, codes };
}

const VARS = { cwd: "/repo", date: "2026-11-30", time: "09:00", model: "p/m", os: "linux", mode: "m", preset: "p" };

describe("lowering", () => {
  test("text and slots, adjacent text merged, comments dropped, values never escaped", () => {
    const { segments, codes } = lowerWith("A {{! note }}B {{cwd}}{{os}} & <x> {{!-- long --}}C");
    expect(codes).toEqual([]);
    expect(segments).toEqual([{ text: "A B " }, { slot: "cwd" }, { slot: "os" }, { text: " & <x> C" }]);
    expect(render(segments!, { ...VARS, cwd: "<a&b>" })).toBe("A B <a&b>linux & <x> C");
  });

  test("escaped mustaches stay literal text", () => {
    expect(lowerWith("\\{{cwd}} and {{cwd}}").segments).toEqual([{ text: "{{cwd}} and " }, { slot: "cwd" }]);
  });

  test("standalone partials are indented line by line like handlebars", () => {
    const { segments } = lowerWith("list:\n  {{> items}}\nend\n", { items: "- {{cwd}}\n- b\n\n- c\n" });
    expect(render(segments!, VARS)).toBe(
      Handlebars.compile("list:\n  {{> items}}\nend\n", { noEscape: true })(VARS, { partials: { items: "- {{cwd}}\n- b\n\n- c\n" } }),
    );
    expect(segments).toEqual([{ text: "list:\n  - " }, { slot: "cwd" }, { text: "\n  - b\n  \n  - c\nend\n" }]);
  });

  test("indentSegments leaves a final empty line unindented and indents a slot at line start", () => {
    expect(indentSegments([{ slot: "cwd" }, { text: "\nx\n" }], "  ")).toEqual([{ text: "  " }, { slot: "cwd" }, { text: "\n  x\n" }]);
    expect(indentSegments([{ text: "" }], "  ")).toEqual([{ text: "" }]);
  });

  test("normalizeSegments drops empty text and merges neighbours", () => {
    expect(normalizeSegments([{ text: "" }, { text: "a" }, { text: "b" }, { slot: "os" }, { text: "" }])).toEqual([{ text: "ab" }, { slot: "os" }]);
  });

  test("{{time}} warns and {{date}} informs, but both lower to slots", () => {
    const { segments, codes } = lowerWith("{{time}} {{date}}");
    expect(codes).toEqual(["volatile_time", "date_variable"]);
    expect(segments).toEqual([{ slot: "time" }, { text: " " }, { slot: "date" }]);
  });

  test.each([
    ["{{foo}}", "unknown_variable"],
    ["{{{cwd}}}", "triple_stash"],
    ["{{&cwd}}", "triple_stash"],
    ["{{lookup cwd}}", "unsupported_helper"],
    ["{{cwd x=1}}", "unsupported_helper"],
    ["{{#each x}}{{/each}}", "unsupported_block"],
    ["{{#> p}}{{/p}}", "unsupported_partial_block"],
    ["{{> (p)}}", "dynamic_partial"],
    ["{{> p x}}", "dynamic_partial"],
    ["{{* d}}", "unsupported_decorator"],
    ["{{> nope}}", "missing_partial"],
    ["{{#if", "template_syntax_error"],
  ])("%s -> %s", (template, code) => {
    const { segments, codes } = lowerWith(template, { p: "P" });
    expect(codes).toEqual([code]);
    expect(segments).toBeNull();
  });

  test("a partial cycle is an error, not a hang", () => {
    expect(lowerWith("{{> a}}", { a: "{{> b}}", b: "{{> a}}" }).codes).toEqual(["partial_cycle"]);
  });

  test("a partial used twice (not a cycle) is fine", () => {
    expect(lowerWith("{{> a}}{{> a}}", { a: "x" }).segments).toEqual([{ text: "xx" }]);
  });

  test("exponential partial fan-out stops at the size bound instead of exhausting memory", () => {
    const partials: Record<string, string> = { p0: "x".repeat(1000) };
    for (let i = 1; i <= 15; i++) partials[`p${i}`] = `{{> p${i - 1}}}{{> p${i - 1}}}`;
    const { codes } = lowerWith("{{> p15}}", partials);
    expect(codes).toEqual(["prompt_too_large"]);
  });
});

describe("agreement with handlebars", () => {
  // Templates built from the allowed pieces: text (with newlines, indentation), slots, comments, partials.
  const text = fc.stringMatching(/^[a-z <>&"'\n ]{0,8}$/);
  const piece = fc.oneof(
    text,
    fc.constantFrom(...SLOT_NAMES).map((s) => `{{${s}}}`),
    fc.constantFrom("{{! c }}", "{{!-- c --}}", "\n{{! standalone }}\n", " {{~! strip ~}} ", "{{~os}}", "{{model~}}", "\\{{cwd}}"),
    fc.constantFrom("{{> a}}", "\n  {{> a}}\n", "{{> b}}", "\n{{> b}}\n", "\t{{~> b}}\n"),
  );
  const template = fc.array(piece, { maxLength: 8 }).map((parts) => parts.join(""));

  test("rendering the lowered segments equals Handlebars.compile(noEscape) output", () => {
    fc.assert(
      fc.property(template, template, template, (main, a, bRaw) => {
        const b = bRaw.replace(/\{\{~?> [ab]\}\}/g, ""); // keep partials acyclic: b includes nothing
        const aAcyclic = a.replace(/\{\{~?> a\}\}/g, ""); // a may include b, never itself
        const { segments, codes } = lowerWith(main, { a: aAcyclic, b });
        expect(codes.filter((c) => c !== "volatile_time" && c !== "date_variable" && c !== "empty_prompt")).toEqual([]);
        const expected = Handlebars.compile(main, { noEscape: true })(VARS, { partials: { a: aAcyclic, b } });
        expect(render(segments!, VARS)).toBe(expected.normalize("NFC"));
      }),
      { numRuns: 300 },
    );
  });
});
