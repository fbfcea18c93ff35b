// The agent rule importers' documented details: how a file splits into front matter and text, the preset's key,
// built-in mode keys, the 64-overlay bound, rulesync's strict YAML, and what the rules directory reader reads.
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { splitRuleFile } from "../../compiler/import/front-matter.js";
import { importCursorRules } from "../../compiler/import/cursor-rules.js";
import { importRulesyncRules } from "../../compiler/import/rulesync-rules.js";
import { readRuleTree } from "../../compiler/io/read-rule-tree.js";

const OPTIONS = { overlay: false, builtinModeKeys: ["review", "plan"], suffix: "cursor" };
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe("splitRuleFile: the text is everything after the front matter, less one empty line", () => {
  test.each([
    ["no front matter: the whole file", "# Title\n\nText.\n", null, "# Title\n\nText.\n"],
    ["one empty line after --- is dropped", "---\na: 1\n---\n\nText.\n", "a: 1", "Text.\n"],
    ["only one", "---\na: 1\n---\n\n\nText.\n", "a: 1", "\nText.\n"],
    ["none to drop", "---\na: 1\n---\nText.\n", "a: 1", "Text.\n"],
    ["CRLF lines", "---\r\na: 1\r\n---\r\n\r\nText.\r\n", "a: 1", "Text.\r\n"],
    ["a byte order mark is no text", "\uFEFF---\na: 1\n---\n\nText.\n", "a: 1", "Text.\n"],
    ["a second --- block belongs to the text", "---\na: 1\n---\n---\nb: 2\n---\n", "a: 1", "---\nb: 2\n---\n"],
  ])("%s", (_name, raw, header, text) => {
    const split = splitRuleFile(raw);
    expect(split.header?.text ?? null).toBe(header);
    expect(split.body).toBe(text);
  });

  test("an opening --- that never closes: no front matter, and the file is reported unclosed", () => {
    expect(splitRuleFile("---\na: 1\nText.\n")).toMatchObject({ header: null, unclosed: true });
  });
});

describe("the preset and the keys", () => {
  const rule = (path: string, header: string): { path: string; rel: string; text: string } => ({
    path,
    rel: path,
    text: `---\n${header}\n---\n\nText of ${path}.\n`,
  });

  test("a mode on a built-in key gets the format's suffix, and the preset follows; a rule on the preset's key moves it", () => {
    const result = importCursorRules([rule("review.mdc", "alwaysApply: true"), rule("cursor-rules.mdc", "alwaysApply: true")], OPTIONS);
    expect(Object.keys(result.sources).sort()).toEqual(["modes/cursor-rules.yaml", "modes/review-cursor.yaml", "presets/cursor-rules-2.yaml"]);
    expect(result.sources["presets/cursor-rules-2.yaml"]).toContain("overlays: [review-cursor, cursor-rules]");
    expect(result.diagnostics.map((d) => d.code)).toEqual(["import_shadows_builtin"]);
  });

  test("a preset holds 64 overlays: a 65th always-on rule stays a mode, with a warning", () => {
    const many = Array.from({ length: 65 }, (_, i) => rule(`r${String(i).padStart(2, "0")}.mdc`, "alwaysApply: true"));
    const result = importCursorRules(many, OPTIONS);
    expect(result.sources["modes/r64.yaml"]).toBeDefined();
    expect(result.sources["presets/cursor-rules.yaml"]).not.toContain("r64");
    expect(result.diagnostics.map((d) => `${d.code} ${d.file}`)).toEqual(["import_invalid_value r64.mdc"]);
  });

  test("and 64 blocks: a 65th agent-requested rule is skipped, with a warning", () => {
    const many = Array.from({ length: 65 }, (_, i) => rule(`b${String(i).padStart(2, "0")}.mdc`, "description: Ask for it"));
    const result = importCursorRules(many, OPTIONS);
    expect(result.sources["presets/cursor-rules.yaml"]).toContain("id: b63");
    expect(result.sources["presets/cursor-rules.yaml"]).not.toContain("b64");
    expect(result.diagnostics.map((d) => `${d.code} ${d.file}`)).toEqual(["import_rule_skipped b64.mdc"]);
    expect(result.skipped).toEqual([{ file: "b64.mdc", path: "" }]);
  });

  test("rulesync reads its header as YAML only: a header that is not YAML is an error, and nothing is imported", () => {
    const result = importRulesyncRules([rule("a.md", "root: false\nglobs: **/*.ts")], OPTIONS);
    expect(result.diagnostics.map((d) => `${d.severity} ${d.code}`)).toEqual(["error import_unreadable"]);
    expect(result.sources).toEqual({});
  });
});

describe("the rules directory reader", () => {
  function tree(files: Record<string, string>): string {
    const root = mkdtempSync(join(tmpdir(), "forge-rule-tree-"));
    dirs.push(root);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }

  test("a project stands for its .cursor/rules; every depth is read; hidden folders and other files are not", () => {
    const root = tree({
      ".cursor/rules/a.mdc": "A\n",
      ".cursor/rules/deep/b.mdc": "B\n",
      ".cursor/rules/folder/RULE.md": "C\n",
      ".cursor/rules/README.md": "docs\n",
      ".cursor/rules/.hidden/d.mdc": "D\n",
    });
    const read = readRuleTree("cursor", root, "repo", "rules");
    expect(read.inputs.map((i) => [i.path, i.rel])).toEqual([
      ["repo/.cursor/rules/a.mdc", "a.mdc"],
      ["repo/.cursor/rules/deep/b.mdc", "deep/b.mdc"],
      ["repo/.cursor/rules/folder/RULE.md", "folder/RULE.md"],
    ]);
  });

  test("a symbolic link is read only when it ends at a file inside the rules directory", () => {
    const outside = tree({ "secret.md": "outside\n" });
    const root = tree({ "rules/a.md": "A\n" });
    symlinkSync(join(outside, "secret.md"), join(root, "rules", "out.md"));
    symlinkSync(join(root, "rules", "a.md"), join(root, "rules", "in.md"));
    symlinkSync(outside, join(root, "rules", "linked-dir"));
    const read = readRuleTree("claude-rules", root, "repo", "rules");
    expect(read.inputs.map((i) => i.rel)).toEqual(["a.md", "in.md"]);
  });
});
