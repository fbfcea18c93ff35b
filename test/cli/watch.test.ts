// forge build --watch: a broken edit prints diagnostics and keeps the bundle; a fix rebuilds it; SIGINT stops it; an
// edited nested context file rebuilds it too.
import { readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ChildProcess } from "node:child_process";
import { MODE_REVIEW, assertBuilt, makeProject, makeTempDir, outputWatcher, removeTempDirs, snapshot, startCli, waitUntil, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

let child: ChildProcess | null = null;
afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  child = null;
});

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe("forge build --watch", () => {
  it("recovers from a broken edit and stops on SIGINT", async () => {
    const root = makeTempDir();
    const bundlePath = makeProject(root);
    child = startCli(["build", "--watch"], root);
    const out = outputWatcher(child);
    await out.waitFor((t) => /wrote \.pi\/forge\/bundle\.json/.test(t), "the first build");
    const good = snapshot(bundlePath);

    // Break a mode: diagnostics are printed, the last good bundle stays.
    writeTree(root, { ".pi/forge/modes/review.yaml": "label: Review\nstrategy: [oops\n" });
    await out.waitFor((t) => /build failed/.test(t), "the broken rebuild");
    expect(out.text()).toContain("modes/review.yaml");
    expect(snapshot(bundlePath)).toEqual(good);

    // Fix it differently: the bundle is rebuilt with the new digest.
    const writesBefore = count(out.text(), "wrote .pi/forge/bundle.json");
    writeTree(root, { ".pi/forge/modes/review.yaml": MODE_REVIEW.replace("Review carefully.", "Review twice.") });
    await out.waitFor((t) => count(t, "wrote .pi/forge/bundle.json") > writesBefore, "the fixed rebuild");
    await waitUntil(() => readFileSync(bundlePath, "utf8") !== good.bytes, "bundle.json to change");
    expect(out.text()).toContain("mode review: changed");

    // Our own bundle.json write must not trigger an endless rebuild loop.
    const settled = out.text();
    await new Promise((r) => setTimeout(r, 400));
    expect(count(out.text(), "change detected")).toBe(count(settled, "change detected"));

    const exited = new Promise<number | null>((resolve) => child!.on("exit", (code) => resolve(code)));
    child.kill("SIGINT");
    const code = await Promise.race([exited, new Promise<"timeout">((r) => setTimeout(() => r("timeout"), 10_000))]);
    expect(code).toBe(0);
  });

  it("with contextFiles: nested, an edit of a nested context file the last build read rebuilds the bundle", async () => {
    const root = makeTempDir();
    writeTree(root, { ".pi/forge/forge.yaml": "contextFiles: nested\n", "packages/api/AGENTS.md": "Validate input.\n" });
    child = startCli(["build", "--watch"], root);
    const out = outputWatcher(child);
    await out.waitFor((t) => /wrote \.pi\/forge\/bundle\.json/.test(t), "the first build");
    const bundlePath = `${root}/.pi/forge/bundle.json`;
    expect(readFileSync(bundlePath, "utf8")).toContain("Validate input.");
    const writesBefore = count(out.text(), "wrote .pi/forge/bundle.json");
    writeTree(root, { "packages/api/AGENTS.md": "Validate input, then log.\n" });
    await out.waitFor((t) => count(t, "wrote .pi/forge/bundle.json") > writesBefore, "the rebuild after the edit");
    await waitUntil(() => readFileSync(bundlePath, "utf8").includes("Validate input, then log."), "bundle.json to hold the new text");
    expect(out.text()).toContain("rule context-packages-api: changed");
  });
});
