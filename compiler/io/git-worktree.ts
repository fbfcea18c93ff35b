// forge test --against: a git ref checked out in a temporary worktree (never the user's own), with the project's
// node_modules linked in so the ref's sources resolve their forge libraries, and removed afterwards.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";
import { gitToplevel, resolveCommit } from "./git.js";

export interface Worktree {
  /** The worktree's top level: the repository's top level at `commit`. */
  dir: string;
  /** The repository's own top level (the worktree mirrors it). */
  top: string;
  commit: string;
  remove(): void;
}

function git(dir: string, args: string[], env: NodeJS.ProcessEnv): { ok: boolean; message: string } {
  const r = spawnSync("git", ["-C", dir, ...args], { env, encoding: "utf8", windowsHide: true });
  if (r.error) return { ok: false, message: r.error.message };
  return { ok: r.status === 0, message: (r.stderr || r.stdout || "").trim() };
}

/**
 * Checks `ref` out (detached) in a temporary directory beside the system's temp files. `root` is a directory in the
 * repository: every node_modules from the top level down to it is linked into the worktree at the same place.
 */
export function addWorktree(root: string, ref: string, env: NodeJS.ProcessEnv): Worktree | { problem: string } {
  const top = gitToplevel(root, env);
  if (top.status === "git-missing") return { problem: "--against needs git, which is not installed" };
  if (top.status !== "ok") return { problem: "--against needs a git repository: the project is not in one" };
  const commit = resolveCommit(top.dir, ref, env);
  if (commit === null) return { problem: `--against ${ref}: no such commit in this repository` };
  const parent = mkdtempSync(join(tmpdir(), "forge-test-against-"));
  const dir = join(parent, "worktree");
  const added = git(top.dir, ["worktree", "add", "--detach", "--quiet", dir, commit], env);
  if (!added.ok) {
    rmSync(parent, { recursive: true, force: true });
    return { problem: `--against ${ref}: git worktree add failed: ${added.message}` };
  }
  const steps = relative(top.dir, root)
    .split(sep)
    .filter((s) => s !== "");
  for (let i = 0; i <= steps.length; i++) {
    const at = steps.slice(0, i);
    const own = join(top.dir, ...at, "node_modules");
    const there = join(dir, ...at, "node_modules");
    if (existsSync(own) && existsSync(join(dir, ...at)) && !existsSync(there)) symlinkSync(own, there, "dir");
  }
  return {
    dir,
    top: top.dir,
    commit,
    remove() {
      git(top.dir, ["worktree", "remove", "--force", dir], env);
      rmSync(parent, { recursive: true, force: true });
      git(top.dir, ["worktree", "prune"], env);
    },
  };
}
