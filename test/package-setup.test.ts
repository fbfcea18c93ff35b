// The repository's set-up promises: CI runs exactly the README's two commands, the studio's browser is an npm
// devDependency (no system package step), and the published package carries its licence and the README's images.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { guardedHomeDirs, snapshotTree, treeChanges } from "./support/home-guard.js";

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

/** Every file `npm pack` would put in the package (a dry run: nothing is written). */
function packedFiles(): string[] {
  const r = spawnSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: REPO,
    encoding: "utf8",
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  expect(r.status, r.stderr).toBe(0);
  return JSON.parse(r.stdout)[0].files.map((f: { path: string }) => f.path);
}

describe("set-up", () => {
  it(".ci/run runs exactly the README's commands, npm ci and npm test, and nothing more", () => {
    expect(commandsOf(readFileSync(join(REPO, ".ci", "run"), "utf8"))).toEqual(["npm ci", "npm test"]);
    expect(README).toContain("npm ci && npm run demo");
    expect(README).toMatch(/^npm test\b/m);
  });

  it("gets the studio tests' Chromium from an npm devDependency, not from the system", () => {
    expect(PKG.devDependencies["@sparticuz/chromium"]).toBeDefined();
    expect(readFileSync(join(REPO, "test", "studio", "chromium.ts"), "utf8")).not.toContain("/usr/bin/chromium");
    expect(README).not.toContain("apt-get install");
  });
});

describe("the run's home guard (test/support/global-setup.ts fails the run on any change)", () => {
  it("guards forge's build cache and agent dir under HOME (and XDG_CACHE_HOME's forge cache)", () => {
    expect(guardedHomeDirs({ XDG_CACHE_HOME: "/x/cache" }, "/h")).toEqual(["/h/.cache/forge", "/h/.pi/agent/forge", "/x/cache/forge"]);
  });

  it("sees a directory appear, a file written into it, and nothing when nothing changed", () => {
    const home = mkdtempSync(join(tmpdir(), "forge-guard-"));
    try {
      const cache = join(home, ".cache", "forge");
      const before = snapshotTree(cache);
      expect(treeChanges(before, snapshotTree(cache))).toEqual([]);
      mkdirSync(cache, { recursive: true });
      writeFileSync(join(cache, "entry.json"), "{}");
      const changes = treeChanges(before, snapshotTree(cache));
      expect(changes).toContain(`- ${cache} absent`);
      expect(changes.some((c) => c.startsWith(`+ ${join(cache, "entry.json")} file`))).toBe(true);
    } finally {
      rmSync(home, { recursive: true, force: true });
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
