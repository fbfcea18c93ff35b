// Files where forge expects data but a cloned repository put something else: a symlink to /dev/zero, a FIFO, a
// directory. Every command reads regular files only, bounded, and says what it found instead of hanging.
import { execFileSync } from "node:child_process";
import { existsSync, lstatSync, mkdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const MODE = { ".pi/forge/modes/plan.yaml": "label: Plan\ndescription: Plan first.\nstrategy: append\nprompt: Think first.\n" };

function project(bundle: "zero" | "fifo" | "dir"): string {
  const root = makeTempDir();
  writeTree(root, MODE);
  const path = join(root, ".pi/forge/bundle.json");
  if (bundle === "zero") symlinkSync("/dev/zero", path);
  else if (bundle === "fifo") execFileSync("mkfifo", [path]);
  else mkdirSync(path);
  return root;
}

describe("a bundle.json that is not a regular file", () => {
  it.each(["zero", "fifo"] as const)("build --check (%s) exits 1 as stale, promptly, without reading it", (kind) => {
    const r = runCli(["build", "--check"], project(kind));
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("forge: stale: .pi/forge/bundle.json differs from the sources");
  });

  it("build replaces a /dev/zero link with the real bundle", () => {
    const root = project("zero");
    const r = runCli(["build"], root);
    expect(r.code, r.stderr).toBe(0);
    expect(lstatSync(join(root, ".pi/forge/bundle.json")).isFile()).toBe(true);
  });

  it.each(["zero", "fifo", "dir"] as const)("forge diff names what the file is (%s), exit 2", (kind) => {
    const root = project(kind);
    const r = runCli(["diff", ".pi/forge/bundle.json", "worktree"], root);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      kind === "dir" ? /is a directory/ : kind === "zero" ? /is a character device, not a regular file/ : /is a FIFO \(named pipe\), not a regular file/,
    );
  });
});

describe("sources and inputs that are not regular files", () => {
  it("a FIFO among the sources is skipped, never opened", () => {
    const root = makeTempDir();
    writeTree(root, MODE);
    execFileSync("mkfifo", [join(root, ".pi/forge/modes/pipe.yaml")]);
    const r = runCli(["build"], root);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(root, ".pi/forge/bundle.json"))).toBe(true);
  });

  it("forge import of /dev/zero or a FIFO is a coded import_unreadable error", () => {
    const root = makeTempDir();
    execFileSync("mkfifo", [join(root, "modes.json")]);
    for (const input of ["/dev/zero", "modes.json"]) {
      const r = runCli(["import", "pi-modes", input], root);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("import_unreadable");
      expect(r.stderr).toMatch(/not a regular file/);
    }
  });
});
