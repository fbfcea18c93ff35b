// The source texts authoring writes through yaml's Document API: the /mode new template, a prompt put into an existing
// source (its comments kept), a preset's YAML.
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { renderModeTemplate, setModePrompt } from "../../compiler/source-edit/mode-source.js";
import { renderPresetSource } from "../../compiler/source-edit/preset-source.js";
import { validateModeSource, validatePresetSource } from "../../generated/source-validators.js";

const TRICKY = ["  leading spaces on the first line", "", "a # not a comment", "key: not a key", "\ttab", '"quotes" and \\backslashes\\ {{cwd}}'].join("\n");

describe("the prompt value", () => {
  it.each([
    ["plain", "Be brief."],
    ["several lines with blanks and YAML-looking text", TRICKY],
    ["unicode", "Réponds en français — 日本語も"],
    ["a whitespace-only line, which a literal block cannot hold", "one\n  \ntwo"],
  ])("holds %s exactly", (_name, text) => {
    expect(parse(renderModeTemplate("x", "append", text)).prompt).toBe(text);
    const edited = setModePrompt("label: A\nprompt: old\n", text);
    expect(edited.ok && parse(edited.text).prompt).toBe(text);
  });

  it("drops the final newlines of a file and normalizes CRLF", () => {
    expect(parse(renderModeTemplate("x", "append", "one\r\ntwo\n\n")).prompt).toBe("one\ntwo");
  });
});

describe("renderModeTemplate", () => {
  it.each(["append", "replace_base", "replace_final"] as const)("is a valid %s mode source with a comment on each part", (strategy) => {
    const text = renderModeTemplate("code-review", strategy);
    const value = parse(text);
    expect(validateModeSource(value)).toBe(true);
    expect(value).toMatchObject({ label: "Code review", strategy });
    expect(text).toContain("nothing is activated");
    // A plain block scalar in the editor, with a comment saying how it reads (not `|-` or `|2-`).
    expect(text).toMatch(
      /\n# `prompt: \|` starts the text: every line below it, indented by two spaces, is kept as written[^\n]*\nprompt: \|\n {2}Describe how/,
    );
    expect(text).toContain(`# ${strategy}:`);
  });

  it("carries a given prompt exactly", () => {
    expect(parse(renderModeTemplate("x", "append", TRICKY)).prompt).toBe(TRICKY);
  });
});

describe("setModePrompt", () => {
  const source = ["# comment", "label: Alpha", "prompt: |", "  old line 1", "", "  old line 2", "", "# trailing comment", "before: [beta]", ""].join("\n");

  it("replaces the value, keeping every comment, the key order and the other values", () => {
    const r = setModePrompt(source, "new text\nsecond");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(parse(r.text)).toEqual({ label: "Alpha", prompt: "new text\nsecond", before: ["beta"] });
    expect(r.text).toContain("# comment\n");
    expect(r.text).toContain("\n\n# trailing comment\nbefore: [beta]\n");
  });

  it.each([
    ["a single-line value", "label: A\nprompt: old\n", { label: "A", prompt: TRICKY }],
    ["a quoted value continued on indented lines", 'prompt: "old\n  continued"\nlabel: A', { label: "A", prompt: TRICKY }],
    ["the last key without a final newline", "label: A\nprompt: |\n  old", { label: "A", prompt: TRICKY }],
  ])("handles %s", (_name, input, expected) => {
    const r = setModePrompt(input, TRICKY);
    expect(r.ok && parse(r.text)).toEqual(expected);
  });

  it.each([
    ["promptFile", "label: A\npromptFile: ../prompts/a.md\n", "promptFile"],
    ["JSON", '{"label": "A", "prompt": "x"}', "it is JSON"],
    ["YAML that does not parse", "label: [A\nprompt: x\n", "does not parse"],
    ["an indented prompt only", "nested:\n  prompt: x\n", "no top-level `prompt:`"],
  ])("refuses a source with %s", (_name, input, says) => {
    const r = setModePrompt(input, "new");
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(says);
  });
});

describe("renderPresetSource", () => {
  it("is a valid preset source whatever the description holds", () => {
    const text = renderPresetSource({ header: ["from a test"], description: 'line\n"two" # x: y', base: "plan", overlays: ["a", "b"], driftPolicy: "warn" });
    const value = parse(text);
    expect(validatePresetSource(value)).toBe(true);
    expect(value).toEqual({ description: 'line\n"two" # x: y', base: "plan", overlays: ["a", "b"], driftPolicy: "warn" });
    expect(parse(renderPresetSource({ header: [], description: "d", base: null, overlays: [], driftPolicy: "block" }))).toEqual({
      description: "d",
      overlays: [],
      driftPolicy: "block",
    });
  });
});
