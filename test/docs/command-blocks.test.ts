// The command blocks of docs/tutorial/ and docs/guides/ (`sh run`, with the `text output` they show) are read as the
// pages mean them, and their output is compared line by line; test/e2e/doc-commands.e2e.test.ts runs them.
import { describe, expect, it } from "vitest";
import { commandBlocksByPage, commandBlocksOf, outputMismatch, passesOf } from "../../scripts/docs/command-blocks.js";

const REPO = new URL("../..", import.meta.url).pathname;
const pages = commandBlocksByPage(REPO);

describe("command blocks in the docs", () => {
  it("are found in the tutorial", () => {
    expect([...pages.keys()]).toContain("docs/tutorial/README.md");
    expect(pages.get("docs/tutorial/README.md")!.filter((b) => b.output !== undefined).length).toBeGreaterThanOrEqual(4);
  });

  it("are read from a page: `sh run` with hosts and exit, and the `text output` block right after", () => {
    const page = [
      "```sh run",
      "forge init",
      "```",
      "",
      "```text output",
      "created x",
      "```",
      "```sh",
      "not run",
      "```",
      "```sh run hosts=legacy,modern exit=1",
      "pi -p hi",
      "```",
      "Between.",
      "```text output",
      "not this one's: prose comes between",
      "```",
    ].join("\n");
    expect(commandBlocksOf("p.md", page)).toEqual([
      { file: "p.md", line: 1, script: "forge init", hosts: [], exit: 0, output: "created x" },
      { file: "p.md", line: 11, script: "pi -p hi", hosts: ["legacy", "modern"], exit: 1 },
    ]);
    expect(() => commandBlocksOf("p.md", "```sh run hosts=pi2\nx\n```\n")).toThrow("p.md:1: unknown host pi2");
    expect(passesOf(commandBlocksOf("p.md", page))).toEqual(["legacy", "modern"]);
  });

  it("compare the shown output line by line, in order, with ... for any text", () => {
    const actual = "forge: wrote a.json (bundleHash 1234)\nnoise\n  size: 635 chars\n";
    expect(outputMismatch("forge: wrote a.json (bundleHash ...)\nsize: 635 chars", actual)).toMatch(/size: 635 chars/);
    expect(outputMismatch("forge: wrote a.json (bundleHash ...)\n  size: 635 chars", actual)).toBeNull();
    expect(outputMismatch("  size: 635 chars\nforge: wrote a.json (bundleHash ...)", actual)).toMatch(/in this order/);
    expect(outputMismatch("forge: wrote a.json (bundleHash 12)", actual)).not.toBeNull();
  });
});
