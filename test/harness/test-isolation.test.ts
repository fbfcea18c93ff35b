// The test run's isolation (test/support/home-guard.ts): its processes cannot reach the user's home, agent dir, caches or
// temp folder, and the run's check reads only its own root, so another forge process of the user cannot fail it.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir, tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bareEnv, isInside, RUN_ROOT_VAR, runDirs, runLeftovers } from "../support/home-guard.js";
import { testTempDir } from "../support/temp-dir.js";

const root = process.env[RUN_ROOT_VAR] ?? "";
/** The user's own home, from the password file: what HOME would be without the run's. */
const realHome = userInfo().homedir;

describe("a test run's isolation", () => {
  it("runs every worker with HOME, the temp folder and the build cache inside the run's root, and Pi's agent dir as its default there", () => {
    expect(root).not.toBe("");
    expect(isInside(root, realHome)).toBe(false);
    for (const dir of [homedir(), tmpdir(), process.env.FORGE_CACHE_DIR ?? ""]) expect(isInside(root, dir), dir).toBe(true);
    expect(process.env.PI_CODING_AGENT_DIR).toBeUndefined();
    for (const name of ["XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"]) expect(process.env[name]).toBeUndefined();
  });

  it("gives a child process the run's home: what it writes under ~ lands in the run's root", () => {
    const childHome = execFileSync(process.execPath, ["-p", "require('node:os').homedir()"], { encoding: "utf8" }).trim();
    expect(isInside(root, childHome)).toBe(true);
    expect(childHome).not.toBe(realHome);
  });

  it("refuses, before it starts, a child process whose HOME, agent dir or cache dir reaches outside the run's root", () => {
    const marker = join(testTempDir("forge-isolation-"), "started");
    const script = ["-e", `require("node:fs").writeFileSync(${JSON.stringify(marker)}, "")`];
    const outside = { HOME: realHome, PI_CODING_AGENT_DIR: join(realHome, ".pi", "agent"), FORGE_CACHE_DIR: join(realHome, ".cache", "forge") };
    for (const [name, value] of Object.entries(outside)) {
      const env = { ...process.env, [name]: value };
      expect(() => spawnSync(process.execPath, script, { env }), name).toThrow(`${name}=${value} is outside the run's temp root`);
      expect(() => execFileSync(process.execPath, script, { env }), name).toThrow("is not isolated");
    }
    // A child without HOME would take the password file's home.
    expect(() => spawnSync(process.execPath, script, { env: { PATH: process.env.PATH, TMPDIR: tmpdir() } })).toThrow("HOME is not set");
    expect(existsSync(marker)).toBe(false);
    // bareEnv() is the isolated environment for a hand-made one.
    expect(spawnSync(process.execPath, script, { env: bareEnv() }).status).toBe(0);
    expect(existsSync(marker)).toBe(true);
  });

  it("reports what a run wrote to its home and left in its temp folder, tool caches aside, and reads nothing outside its root", () => {
    const fakeRoot = testTempDir("forge-run-");
    const dirs = runDirs(fakeRoot);
    for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
    expect(runLeftovers(fakeRoot)).toEqual([]);
    mkdirSync(join(dirs.home, ".cache", "forge"), { recursive: true });
    mkdirSync(join(dirs.tmp, "forge-ext-a1"));
    mkdirSync(join(dirs.tmp, "worker-1", "jiti"), { recursive: true });
    mkdirSync(join(dirs.tmp, "worker-1", "node-compile-cache"));
    writeFileSync(join(dirs.tmp, "worker-1", "forge-gate-b2"), "");
    expect(runLeftovers(fakeRoot)).toEqual(["home: .cache", "home: .cache/forge", "temp: forge-ext-a1", "temp: worker-1/forge-gate-b2"]);
  });
});
