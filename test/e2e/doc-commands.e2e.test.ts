// Every command block marked `sh run` in docs/tutorial/ and docs/guides/ runs, in order, in a new repository with forge
// installed, on each Pi host it names (against the fake provider), and prints what its page shows; and the check fails
// on a command that fails, an exit the page does not say, and output the page does not show.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commandBlocksByPage, commandBlocksOf, passesOf } from "../../scripts/docs/command-blocks.js";
import { type FakeServer, startFakeServer } from "../../scripts/demo/fake-server.js";
import { describeRun, runDocPage } from "./harness/run-doc-page.js";

const REPO = new URL("../..", import.meta.url).pathname;
const pages = commandBlocksByPage(REPO);
let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());

describe("command blocks in the docs", () => {
  it("include the tutorial's, on both hosts", () => {
    expect([...pages.keys()]).toContain("docs/tutorial/README.md");
    expect(passesOf(pages.get("docs/tutorial/README.md")!)).toEqual(["legacy", "modern"]);
  });

  for (const [file, blocks] of pages) {
    for (const host of passesOf(blocks)) {
      it(`run as ${file} shows${host ? ` on the ${host} host` : ""}`, { timeout: 300_000 }, async () => {
        const runs = await runDocPage(blocks, host, server.baseUrl);
        expect(runs.filter((r) => r.problem !== null).map(describeRun)).toEqual([]);
        expect(runs.length).toBe(blocks.filter((b) => b.hosts.length === 0 || (host !== null && b.hosts.includes(host))).length);
      });
    }
  }

  it("fail on a command that fails, an exit the page does not say, and output the page does not show", { timeout: 120_000 }, async () => {
    const blocks = commandBlocksOf(
      "docs/guides/bad.md",
      [
        "```sh run",
        "echo hello",
        "```",
        "```text output",
        "forge: nothing to check",
        "```",
        "```sh run exit=3",
        "true",
        "```",
        "```sh run",
        "false",
        "echo never",
        "```",
      ].join("\n"),
    );
    const problems = async (only: number[]) =>
      (
        await runDocPage(
          only.map((i) => blocks[i]!),
          null,
        )
      ).map((r) => r.problem);
    expect(await problems([0])).toEqual([expect.stringContaining('the page shows "forge: nothing to check"')]);
    expect(await problems([1])).toEqual(["exited with 0 (the page expects 3)"]);
    expect(await problems([2])).toEqual(["exited with 1 (the page expects 0)"]);
  });
});
