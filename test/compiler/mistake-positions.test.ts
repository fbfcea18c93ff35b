// Diagnostics at the mistake (issue 21 item 7): a template syntax error in forge's words at the tag that is wrong, an
// indentation mistake once at the line that is indented wrongly, and every phase's diagnostics of a file at once.
import fc from "fast-check";
import Handlebars from "handlebars";
import { describe, expect, test } from "vitest";
import { compile } from "../../compiler/compile.js";
import { FIXED_OPTIONS } from "./fixture-cases.js";
import { treeOf } from "./source-tree.js";

const HEAD = "label: Notes\ndescription: Keeps notes.\nstrategy: append\n";
const at = (d: { start: { line: number; column: number } | null; end: { line: number; column: number } | null }) => [
  d.start?.line,
  d.start?.column,
  d.end?.column,
];
const build = (files: Record<string, string>) => compile(treeOf(files), FIXED_OPTIONS).diagnostics;
/** Handlebars' parser vocabulary, which a message in forge's words never shows. */
const PARSER_WORDS = /Expecting|'[A-Z_]{3,}'|Parse error|Lexical error|doesn't match/;

describe("template syntax errors", () => {
  test('prompt: "hi {{cwd}" points at the unclosed tag, in forge\'s words, with the fix', () => {
    const [d, ...rest] = build({ "modes/notes.yaml": `${HEAD}prompt: "hi {{cwd}"\n` });
    expect(rest).toEqual([]);
    expect(d!.code).toBe("template_syntax_error");
    // Line 4 is `prompt: "hi {{cwd}"`: the tag starts at column 13 and runs to column 19.
    expect(at(d!)).toEqual([4, 13, 19]);
    expect(d!.message).toMatch(/^the tag "\{\{cwd\}" is not closed: end it with "\}\}", as in \{\{cwd\}\}\./);
    expect(d!.message).not.toMatch(PARSER_WORDS);
  });

  test("in a block scalar and in a partial file, the position is the tag's line and column in that file", () => {
    const block = build({ "modes/notes.yaml": `${HEAD}prompt: |\n  First line.\n  Then {{date} here.\n` });
    expect(block.map((d) => [d.code, d.file, ...at(d)])).toEqual([["template_syntax_error", "modes/notes.yaml", 6, 8, 15]]);
    const partial = build({ "modes/notes.yaml": `${HEAD}prompt: "{{> rules}}"\n`, "partials/rules.md": "Rule one.\nRule {{os two.\n" });
    expect(partial.map((d) => [d.code, d.file, ...at(d)])).toEqual([["template_syntax_error", "partials/rules.md", 2, 6, 10]]);
  });

  test.each([
    ["{{}}", 1, 5, /the tag "\{\{\}\}" is empty: name a variable inside it, as in \{\{cwd\}\}/],
    ["See {{> }} here", 5, 11, /the partial tag "\{\{> \}\}" names no partial, as in \{\{> house-rules\}\}/],
    ["{{cwd}}}", 1, 9, /opens with two braces but closes with three; write \{\{cwd\}\}/],
    ["{{{cwd}}", 1, 9, /opens with three braces but closes with two; write \{\{cwd\}\}/],
    ["a {{cwd} b {{date}}", 3, 9, /the tag "\{\{cwd\}" is not closed/],
    ["x {{#if model}}y", 3, 16, /"\{\{#if model\}\}" opens a block that is never closed with \{\{\/if\}\}/],
    ["x {{/if}}", 3, 10, /"\{\{\/if\}\}" closes a block that was never opened/],
    ["{{#if a}}x{{/each}}", 11, 20, /"\{\{\/each\}\}" closes "\{\{#if a\}\}", which needs \{\{\/if\}\}/],
    ["x {{else}}", 3, 11, /"\{\{else\}\}" stands outside any block/],
    ["x {{!-- note", 3, 8, /the comment "\{\{!-- note" is not closed: end it with "--\}\}"/],
    ["{{ 'a }}", 1, 9, /has a quoted string that is not closed/],
  ])("%j is reported at its tag, in forge's words", (template, from, to, message) => {
    // A template file (promptFile): columns are the template's own.
    const diagnostics = build({ "modes/notes.yaml": `${HEAD}promptFile: notes.md\n`, "modes/notes.md": template }).filter(
      (d) => d.code !== "unrecognized_source_file",
    );
    expect(diagnostics.map((d) => [d.code, ...at(d)])).toEqual([["template_syntax_error", 1, from, to]]);
    expect(diagnostics[0]!.message).toMatch(message);
    expect(diagnostics[0]!.message).not.toMatch(PARSER_WORDS);
  });

  test("a mistake only handlebars' lexer finds (a raw block opening a comment) is still in forge's words", () => {
    // Found by the property below: "{{{{" starts a raw block, which the scan leaves to handlebars.
    const errors = build({ "modes/notes.yaml": `${HEAD}promptFile: notes.md\n`, "modes/notes.md": "{{{{{{!--" }).filter(
      (d) => d.code === "template_syntax_error",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.message).not.toMatch(PARSER_WORDS);
    expect(errors[0]!.message).toMatch(/cannot stand inside a tag/);
  });

  test("any template handlebars refuses gets one diagnostic in forge's words, inside the template", () => {
    const text = fc
      .array(fc.constantFrom("{{", "}}", "{", "}", "#", "/", "!", ">", "~", "a", " ", "\n", "'", "--", "else", "^"), { maxLength: 14 })
      .map((parts) => parts.join(""));
    fc.assert(
      fc.property(text, (template) => {
        let refused = false;
        try {
          Handlebars.parse(template);
        } catch {
          refused = true;
        }
        fc.pre(refused);
        const lines = template.split("\n");
        const errors = build({ "modes/notes.yaml": `${HEAD}promptFile: notes.md\n`, "modes/notes.md": template }).filter(
          (d) => d.code === "template_syntax_error",
        );
        expect(errors).toHaveLength(1);
        const d = errors[0]!;
        expect(d.message).not.toMatch(PARSER_WORDS);
        expect(d.start!.line).toBeGreaterThanOrEqual(1);
        expect(d.start!.line).toBeLessThanOrEqual(lines.length);
        expect(d.start!.column).toBeLessThanOrEqual(lines[d.start!.line - 1]!.length + 1);
      }),
      { numRuns: 300 },
    );
  });
});

describe("YAML indentation mistakes", () => {
  test("a wrongly indented second key is reported once, at that key, naming the key it should line up with", () => {
    const diagnostics = build({ "modes/notes.yaml": "label: Notes\n  description: Keeps notes.\nstrategy: append\nprompt: Hi.\n" });
    expect(diagnostics.map((d) => [d.code, ...at(d)])).toEqual([["yaml_syntax_error", 2, 3, 14]]);
    expect(diagnostics[0]!.message).toBe(
      '"description" is indented 2 spaces, more than "label" on line 1, so YAML reads it as part of the value of "label". ' +
        'Keys of one mapping start at the same column: start "description" at column 1, as "label" does',
    );
  });

  test("inside a list item, and a key that lines up with none above it", () => {
    const nested = build({
      "presets/daily.yaml": "description: Daily.\nsystemUpdates:\n  - id: freeze\n    name: Freeze\n      description: Stop.\n    content: Stop.\n",
    });
    expect(nested.map((d) => [d.code, ...at(d)])).toEqual([["yaml_syntax_error", 5, 7, 18]]);
    expect(nested[0]!.message).toContain('start "description" at column 5, as "name" does');
    const between = build({ "modes/notes.yaml": `${HEAD}prompt: Hi.\nedits:\n    deny: [a/**]\n  allow: [b/**]\n` });
    expect(between.map((d) => [d.code, ...at(d)])).toEqual([["yaml_syntax_error", 7, 3, 8]]);
    expect(between[0]!.message).toContain('"allow" is indented 2 spaces and lines up with no key above it ("deny" on line 6 is indented 4 spaces)');
  });

  test("a line of a block scalar indented less than the block is reported once, at that line", () => {
    const diagnostics = build({ "modes/notes.yaml": `${HEAD}prompt: |\n  line one\n line two\n` });
    expect(diagnostics.map((d) => [d.code, ...at(d)])).toEqual([["yaml_syntax_error", 6, 2, 10]]);
    expect(diagnostics[0]!.message).toContain("this line is indented 1 space, less than line 5 above it (2 spaces)");
  });
});

describe("every phase's diagnostics of a file at once", () => {
  test("a wrong_type error does not hide the same file's template error", () => {
    const diagnostics = build({ "modes/notes.yaml": 'label: 5\ndescription: Keeps notes.\nstrategy: append\nprompt: "hi {{cwd}"\n' });
    expect(diagnostics.map((d) => [d.code, ...at(d)])).toEqual([
      ["wrong_type", 1, 8, 9],
      ["template_syntax_error", 4, 13, 19],
    ]);
  });

  test("nor its other later findings: a missing partial, a promptFile that is not there, a bad glob, an unknown mode", () => {
    const mode = build({ "modes/notes.yaml": "label: [Notes]\ndescription: Keeps notes.\nstrategy: append\nprompt: '{{> rulez}}'\nedits:\n  allow: ['[']\n" });
    expect(mode.map((d) => d.code)).toEqual(["wrong_type", "missing_partial", "invalid_glob"]);
    const file = build({ "modes/notes.yaml": "label: Notes\ndescription: 7\nstrategy: append\npromptFile: gone.md\n" });
    expect(file.map((d) => d.code)).toEqual(["wrong_type", "file_not_found"]);
    const preset = build({
      "presets/daily.yaml": "description: [Daily]\noverlays: [notes]\nsystemUpdates:\n  - id: a\n    name: A\n    description: A.\n    content: '{{nope}}'\n",
    });
    expect(preset.map((d) => d.code)).toEqual(["wrong_type", "unknown_mode", "unknown_variable"]);
  });

  test("a field that is itself wrong is not checked again (no cascade)", () => {
    const diagnostics = build({ "modes/notes.yaml": `${HEAD}prompt: ["{{cwd}"]\n` });
    expect(diagnostics.map((d) => d.code)).toEqual(["wrong_type"]);
  });
});
