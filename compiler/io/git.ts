// The git edge of `forge diff`: the work tree's top level, verifying a ref, and reading one file at a commit.
import { spawnSync } from "node:child_process";
import { LIMITS } from "../../generated/constants.js";

interface GitRun {
  status: number | null;
  stdout: Buffer;
  stderr: string;
  /** git is not installed (spawn failed with ENOENT). */
  missing: boolean;
}

/** A committed bundle is read under the same bound as one on disk; a larger blob is refused, not loaded. */
const MAX_BLOB_BYTES = LIMITS.maxBundleBytes;

/** Runs git in `dir` with an argument array (never a shell), so a ref cannot inject anything. */
function runGit(dir: string, args: string[], env: NodeJS.ProcessEnv): GitRun {
  const r = spawnSync("git", ["-C", dir, ...args], { env, maxBuffer: MAX_BLOB_BYTES, windowsHide: true });
  const missing = (r.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
  if (r.error && !missing) throw r.error;
  return { status: r.status, stdout: r.stdout ?? Buffer.alloc(0), stderr: r.stderr?.toString("utf8") ?? "", missing };
}

export type Toplevel = { status: "ok"; dir: string } | { status: "not-a-repo" } | { status: "git-missing" };

/** The top level of the git work tree containing `dir`. */
export function gitToplevel(dir: string, env: NodeJS.ProcessEnv): Toplevel {
  const r = runGit(dir, ["rev-parse", "--show-toplevel"], env);
  if (r.missing) return { status: "git-missing" };
  const top = r.stdout.toString("utf8").trim();
  return r.status === 0 && top !== "" ? { status: "ok", dir: top } : { status: "not-a-repo" };
}

/** The full commit id `ref` names, or null when it names no commit. */
export function resolveCommit(top: string, ref: string, env: NodeJS.ProcessEnv): string | null {
  // `--end-of-options` is not needed: refs starting with "-" are rejected before this.
  const r = runGit(top, ["rev-parse", "--verify", "--quiet", `${ref}^{commit}`], env);
  const id = r.stdout.toString("utf8").trim();
  return r.status === 0 && /^[0-9a-f]{40,64}$/.test(id) ? id : null;
}

export type BlobRead = { status: "ok"; text: string } | { status: "absent" } | { status: "failed"; message: string };

/** The text of `path` (relative to the top level, posix) in `commit`; `absent` when the commit has no such file. */
export function readBlobAt(top: string, commit: string, path: string, env: NodeJS.ProcessEnv): BlobRead {
  const object = `${commit}:${path}`;
  if (runGit(top, ["cat-file", "-e", object], env).status !== 0) return { status: "absent" };
  const r = runGit(top, ["cat-file", "blob", object], env);
  if (r.status !== 0) return { status: "failed", message: r.stderr.trim() || `git cat-file blob ${object} failed` };
  return { status: "ok", text: r.stdout.toString("utf8") };
}
