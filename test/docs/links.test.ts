// Every relative link (and #anchor) in README.md, DEVELOPERS.md and docs/**/*.md resolves: the file exists and the
// anchor names a heading of it, as GitHub renders them; and the check fails on a broken file, anchor or image.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { brokenLinks, describeBroken, linksOf } from "../../scripts/docs/links.js";
import { githubSlug } from "../../scripts/docs/markdown.js";
import { documentationFiles } from "../../scripts/docs/pictures.js";

const REPO = join(import.meta.dirname, "..", "..");

describe("documentation links", () => {
  it("resolve in README.md, DEVELOPERS.md and every page under docs/", () => {
    const files = documentationFiles(REPO);
    expect(files).toEqual(expect.arrayContaining(["README.md", "DEVELOPERS.md", "docs/reference/cli.md"]));
    expect(brokenLinks(REPO, files).map(describeBroken)).toEqual([]);
  });

  it("are checked: a missing file, a missing anchor, an image, an escape; code and external links are not links", () => {
    const dir = mkdtempSync(join(tmpdir(), "forge-links-"));
    try {
      mkdirSync(join(dir, "docs"));
      writeFileSync(join(dir, "docs", "b.md"), "# Title\n\n## What a switch costs: `/forge cost`\n\n## Repeat\n\n## Repeat\n");
      const page = [
        "# A page",
        "[ok](b.md#what-a-switch-costs-forge-cost) [ok too](b.md#repeat-1) [self](#a-page) [web](https://example.com/x.md)",
        "[gone](missing.md) [bad anchor](b.md#nope) ![picture](img/none.png) [out](../../etc/passwd)",
        "`[in a span](missing.md)`",
        "```md",
        "[in a block](missing.md)",
        "```",
        '<img src="img/also-none.svg">',
        "[ref]: b.md#title",
      ].join("\n");
      writeFileSync(join(dir, "docs", "a.md"), page);
      expect(brokenLinks(dir, ["docs/a.md"]).map((b) => `${b.line} ${b.target}`)).toEqual([
        "3 missing.md",
        "3 b.md#nope",
        "3 img/none.png",
        "3 ../../etc/passwd",
        "8 img/also-none.svg",
      ]);
      expect(linksOf("docs/a.md", page).map((l) => l.target)).not.toContain("https://example.com/x.md#");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("anchor headings as GitHub does", () => {
    expect(githubSlug("What a switch costs: `/forge cost`")).toBe("what-a-switch-costs-forge-cost");
    expect(githubSlug("`forge import` of agent rules: Claude Code, Cursor, rulesync")).toBe("forge-import-of-agent-rules-claude-code-cursor-rulesync");
    expect(githubSlug("Monorepos: one layer per `.pi/forge/`")).toBe("monorepos-one-layer-per-piforge");
    expect(githubSlug("too_many_files")).toBe("too_many_files");
  });
});
