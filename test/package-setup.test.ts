// The repository's set-up promises: CI runs exactly the README's two commands, the studio's browser is an npm
// devDependency (no system package step), and the published package carries its licence and the README's images.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { extractedChromiumDir } from "./support/chromium-binary.js";
import { isInside, isolationProblems, namesIn, RUN_ROOT_VAR, RUN_UNSET_VARS, runDirs, runLeftovers, runVars } from "./support/home-guard.js";

const REPO = join(import.meta.dirname, "..");
const README = readFileSync(join(REPO, "README.md"), "utf8");
const PKG = JSON.parse(readFileSync(join(REPO, "package.json"), "utf8"));

/** The commands a shell script runs: its lines without comments, blank lines, `set` and the `cd` to the repository. */
function commandsOf(script: string): string[] {
  return script
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#") && !/^set\s/.test(l) && !/^cd\s+"\$\(dirname "\$0"\)\/\.\."$/.test(l));
}

/** Every file `npm pack` would put in the package (a dry run: nothing is written but npm's cache and log, kept aside). */
function packedFiles(): string[] {
  const cache = mkdtempSync(join(tmpdir(), "forge-npm-cache-"));
  try {
    const r = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
      cwd: REPO,
      encoding: "utf8",
      env: { ...process.env, npm_config_update_notifier: "false", npm_config_cache: cache },
    });
    expect(r.status, r.stderr).toBe(0);
    return JSON.parse(r.stdout)[0].files.map((f: { path: string }) => f.path);
  } finally {
    rmSync(cache, { recursive: true, force: true });
  }
}

describe("set-up", () => {
  it(".ci/run runs exactly the README's two commands, npm ci && npm run demo and npm test, and nothing more", () => {
    expect(commandsOf(readFileSync(join(REPO, ".ci", "run"), "utf8"))).toEqual(["npm ci && npm run demo", "npm test"]);
    expect(README).toContain("npm ci && npm run demo");
    expect(README).toMatch(/^npm test\b/m);
  });

  it("gets the studio tests' Chromium from an npm devDependency, not from the system", () => {
    expect(PKG.devDependencies["@sparticuz/chromium"]).toBeDefined();
    expect(readFileSync(join(REPO, "test", "studio", "chromium.ts"), "utf8")).not.toContain("/usr/bin/chromium");
    expect(README).not.toContain("apt-get install");
  });
});

describe("the run's isolation (test/support/global-setup.ts, isolation-setup.ts, home-guard.ts)", () => {
  const root = process.env[RUN_ROOT_VAR]!;

  it("runs this worker with its home, agent dir, caches and temp folder inside the run's own temp root", () => {
    expect(root).toBeTruthy();
    expect(isolationProblems(process.env, root)).toEqual([]);
    for (const name of RUN_UNSET_VARS) expect(process.env[name], name).toBeUndefined();
    // Where forge and Pi look when those are unset: the agent dir and the caches, all under the run's HOME.
    for (const path of [homedir(), tmpdir(), join(homedir(), ".pi", "agent"), join(homedir(), ".cache"), process.env.FORGE_CACHE_DIR!]) {
      expect(isInside(root, path), path).toBe(true);
    }
    expect(isInside(root, extractedChromiumDir())).toBe(false);
    expect(isInside(tmpdir(), extractedChromiumDir()) || isInside(homedir(), extractedChromiumDir())).toBe(false);
  });

  it("names what is not isolated: no HOME (the password file's home), a path outside the root, no TMPDIR", () => {
    const vars = runVars("/r");
    expect(isolationProblems(vars, "/r")).toEqual([]);
    expect(isolationProblems({ ...vars, HOME: undefined }, "/r")).toEqual(["HOME is not set"]);
    expect(isolationProblems({ ...vars, HOME: "/root" }, "/r")).toEqual(["HOME=/root is outside the run's temp root /r"]);
    expect(isolationProblems({ ...vars, FORGE_CACHE_DIR: "/r/../home/u/.cache/forge" }, "/r")).toHaveLength(1);
    expect(isolationProblems({ ...vars, PI_CODING_AGENT_DIR: "/rr/agent" }, "/r")).toHaveLength(1);
    expect(isolationProblems({ ...vars, XDG_CACHE_HOME: "/home/u/.cache" }, "/r")).toEqual(["XDG_CACHE_HOME=/home/u/.cache is outside the run's temp root /r"]);
    expect(isolationProblems({ PATH: "/bin", HOME: "/r/h" }, "/r")).toEqual(["TMPDIR is not set"]);
  });

  it("refuses a child process whose environment is not isolated, and runs one that inherits the run's", () => {
    // The named import is the wrapped function: syncBuiltinESMExports carries the guard to ESM importers.
    expect(() => spawnSync(process.execPath, ["-e", "0"], { env: { PATH: process.env.PATH } })).toThrow(/not isolated: HOME is not set/);
    expect(() => spawnSync(process.execPath, ["-e", "0"], { env: { ...process.env, HOME: "/root" } })).toThrow(/HOME=\/root is outside/);
    const r = spawnSync(process.execPath, ["-p", "require('node:os').homedir()"], { encoding: "utf8" });
    expect(r.status).toBe(0);
    expect(isInside(root, r.stdout.trim())).toBe(true);
  });

  it("lists what a run left in its temp folder, its workers' folders and its home", () => {
    const dir = mkdtempSync(join(tmpdir(), "forge-guard-"));
    try {
      const { tmp, home } = runDirs(dir);
      expect(runLeftovers(dir)).toEqual([]);
      mkdirSync(join(tmp, "worker-1", "forge-ext-1"), { recursive: true });
      mkdirSync(join(home, ".cache", "forge"), { recursive: true });
      writeFileSync(join(tmp, "stray.txt"), "");
      expect(runLeftovers(dir)).toEqual(["home: .cache", "home: .cache/forge", "temp: stray.txt", "temp: worker-1/forge-ext-1"]);
      expect(namesIn(join(dir, "absent"))).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("the published package", () => {
  const files = packedFiles();

  it("ships an MIT LICENSE file, matching package.json", () => {
    expect(PKG.license).toBe("MIT");
    expect(existsSync(join(REPO, "LICENSE"))).toBe(true);
    expect(readFileSync(join(REPO, "LICENSE"), "utf8")).toMatch(/^MIT License\n/);
    expect(files).toContain("LICENSE");
  });

  it("carries every image the README shows (or the README links it absolutely), so it renders from npm", () => {
    const images = [...README.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
    expect(images.length).toBeGreaterThan(0);
    for (const image of images) {
      if (/^https:\/\//.test(image)) continue;
      expect(files, image).toContain(image);
    }
  });
});
