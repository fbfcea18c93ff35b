// The no-op cache (compiler/io/build-cache.ts): replays the same report, never hides a change, and is optional.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cleanEnv, makeProject, makeTempDir, removeTempDirs, runCli, snapshot, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const CLOCK = { ".pi/forge/modes/clock.yaml": "label: Clock\ndescription: x\nstrategy: append\nprompt: Now {{time}}.\n" };

function reportOf(args: string[], root: string, env = cleanEnv()) {
  const r = runCli([...args, "--json"], root, env);
  return { code: r.code, report: JSON.parse(r.stdout) };
}

describe("the no-op build cache", () => {
  it("replays the diagnostics and hash of the full build", () => {
    const cache = makeTempDir("forge-cache-");
    const env = cleanEnv({ FORGE_CACHE_DIR: cache });
    const root = makeTempDir();
    makeProject(root, CLOCK);
    const first = reportOf(["build"], root, env).report;
    // One entry of the no-op cache, beside the token counts the build kept (compiler/io/token-count-cache.ts).
    expect(readdirSync(cache).filter((f) => !f.startsWith("tokens-")).length).toBe(1);
    expect(readdirSync(cache).filter((f) => /^tokens-o200k_base-[0-9a-f]{16}\.json$/.test(f)).length).toBe(1);
    const cached = reportOf(["build"], root, env).report;
    const uncached = reportOf(["build"], root, cleanEnv({ FORGE_NO_CACHE: "1" })).report;
    expect(cached).toEqual(uncached);
    expect(cached).toMatchObject({ status: "unchanged", bundleHash: first.bundleHash, counts: first.counts });
    expect(cached.diagnostics).toEqual(first.diagnostics);
    expect(cached.diagnostics.map((d: { code: string }) => d.code)).toEqual(["volatile_time"]);
  });

  it("never hides a source edit or a hand-edited bundle", () => {
    const env = cleanEnv({ FORGE_CACHE_DIR: makeTempDir("forge-cache-") });
    const root = makeTempDir();
    const bundlePath = makeProject(root);
    expect(runCli(["build"], root, env).code).toBe(0);
    // Same size, different bytes.
    writeTree(root, { ".pi/forge/partials/shared.md": "Keep it SHORT.\n" });
    expect(reportOf(["build", "--check"], root, env)).toMatchObject({ code: 1, report: { status: "stale" } });
    expect(reportOf(["build"], root, env).report.status).toBe("written");
    const good = snapshot(bundlePath);
    writeFileSync(bundlePath, good.bytes.replace("Keep it SHORT.", "Keep it short."));
    expect(reportOf(["build", "--check"], root, env)).toMatchObject({ code: 1, report: { status: "stale" } });
    expect(reportOf(["build"], root, env).report.status).toBe("written");
    expect(readFileSync(bundlePath, "utf8")).toBe(good.bytes);
  });

  it("survives a corrupt cache and an unusable cache directory", () => {
    const cache = makeTempDir("forge-cache-");
    const env = cleanEnv({ FORGE_CACHE_DIR: cache });
    const root = makeTempDir();
    makeProject(root);
    expect(runCli(["build"], root, env).code).toBe(0);
    for (const f of readdirSync(cache)) writeFileSync(join(cache, f), "{not json");
    expect(reportOf(["build"], root, env)).toMatchObject({ code: 0, report: { status: "unchanged" } });
    const notADir = join(makeTempDir(), "file");
    writeFileSync(notADir, "");
    const r = runCli(["build"], root, cleanEnv({ FORGE_CACHE_DIR: notADir }));
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
  });
});
