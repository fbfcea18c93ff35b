// The I/O edge of nested context files (compiler/io/read-context-files.ts): outside a repository the bounded walk, which
// never follows a symbolic link to a directory and stops at its entry bound; inside one git's listing, ignored files out.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readContextFiles } from "../../compiler/io/read-context-files.js";
import { LIMITS } from "../../generated/constants.js";
import { bareEnv } from "../support/home-guard.js";

const ENV = bareEnv({ GIT_CONFIG_NOSYSTEM: "1" });
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A temporary directory holding `project/` (with these files) and `outside/`. */
function project(files: Record<string, string>): { root: string; forgeRoot: string; outside: string } {
  const tmp = realpathSync(mkdtempSync(join(tmpdir(), "forge-context-io-")));
  dirs.push(tmp);
  const root = join(tmp, "project");
  const forgeRoot = join(root, ".pi", "forge");
  mkdirSync(forgeRoot, { recursive: true });
  mkdirSync(join(tmp, "outside"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return { root, forgeRoot, outside: join(tmp, "outside") };
}

const paths = (scan: ReturnType<typeof readContextFiles>) => scan.files.map((f) => f.path);

describe("readContextFiles outside a repository", () => {
  it("walks below the root, never into node_modules, a hidden directory or a symbolic link to a directory", () => {
    const p = project({ "a/AGENTS.md": "A.\n", "a/b/CLAUDE.md": "B.\n", "node_modules/x/AGENTS.md": "X.\n", ".cache/AGENTS.md": "C.\n" });
    writeFileSync(join(p.outside, "AGENTS.md"), "Outside.\n");
    symlinkSync(p.outside, join(p.root, "linked"));
    const scan = readContextFiles(p.root, p.forgeRoot, ENV);
    expect(scan.problem).toBeNull();
    expect(scan.fromForgeRoot).toBe("../../");
    expect(paths(scan)).toEqual(["a/AGENTS.md", "a/b/CLAUDE.md"]);
  });

  it("stops past its entry bound with a problem instead of a partial answer (100,000 entries by default)", () => {
    expect(LIMITS.maxContextSearchEntries).toBe(100_000);
    const files: Record<string, string> = { "a/AGENTS.md": "A.\n" };
    for (let i = 0; i < 30; i++) files[`src/f${i}.ts`] = "";
    const p = project(files);
    expect(readContextFiles(p.root, p.forgeRoot, ENV, { maxEntries: 40, maxFiles: 256 }).problem).toBeNull();
    const scan = readContextFiles(p.root, p.forgeRoot, ENV, { maxEntries: 20, maxFiles: 256 });
    expect(scan.problem).toEqual({ kind: "too-many", detail: expect.stringContaining("more than 20 files and directories") });
    expect(scan.files).toEqual([]);
  });
});

describe("readContextFiles in a repository", () => {
  it("asks git: tracked files and untracked ones git does not ignore; never a file through a symbolic link out", () => {
    const p = project({ "a/AGENTS.md": "A.\n", "ignored/AGENTS.md": "I.\n", "new/AGENTS.md": "N.\n", ".gitignore": "ignored/\n" });
    writeFileSync(join(p.outside, "secret.md"), "Secret.\n");
    mkdirSync(join(p.root, "linked"));
    symlinkSync(join(p.outside, "secret.md"), join(p.root, "linked", "AGENTS.md"));
    const git = (...args: string[]) => expect(spawnSync("git", args, { cwd: p.root, env: ENV }).status).toBe(0);
    git("init", "-q");
    git("add", "a", ".gitignore", "linked");
    const scan = readContextFiles(p.root, p.forgeRoot, ENV);
    expect(scan.problem).toBeNull();
    expect(paths(scan)).toEqual(["a/AGENTS.md", "new/AGENTS.md"]);
    expect(scan.skipped).toEqual([{ path: "linked/AGENTS.md", reason: "is a symbolic link to a file outside the project, which forge never reads" }]);
  });
});
