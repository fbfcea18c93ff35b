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

export type HeadFiles =
  | { status: "ok"; files: Map<string, Uint8Array> }
  | { status: "not-a-repo" | "git-missing" | "no-commit" }
  | { status: "failed"; message: string };

/** Everything a tree read may hold: a bound, so a hostile history cannot exhaust memory (the read then fails closed). */
const MAX_TREE_BYTES = 4 * LIMITS.maxBundleBytes;

/**
 * The regular files under `dir` as HEAD holds them, by posix path relative to `dir`: what the last commit says, so a
 * build can tell an uncommitted edit from a change that arrived with a commit. Symbolic links and submodules are left
 * out. One `ls-tree` and one `cat-file --batch`, with argument arrays (never a shell). `paths` (posix, relative to
 * `dir`, matched literally): only those files (the nested context files a build compiled), not the whole directory.
 */
export function readHeadFiles(dir: string, env: NodeJS.ProcessEnv, paths?: readonly string[]): HeadFiles {
  const top = gitToplevel(dir, env);
  if (top.status !== "ok") return top;
  const head = resolveCommit(top.dir, "HEAD", env);
  if (head === null) return { status: "no-commit" };
  if (paths !== undefined && paths.length === 0) return { status: "ok", files: new Map() };
  const prefix = runGit(dir, ["rev-parse", "--show-prefix"], env).stdout.toString("utf8").trim();
  const pathspecs = paths === undefined ? ["."] : paths.map((p) => `:(literal)${p}`);
  const ls = runGit(dir, ["ls-tree", "-r", "-z", "--full-name", head, "--", ...pathspecs], env);
  if (ls.status !== 0) return { status: "failed", message: ls.stderr.trim() || "git ls-tree failed" };
  const entries: Array<{ oid: string; path: string }> = [];
  for (const line of ls.stdout.toString("utf8").split("\0")) {
    const m = /^(\d{6}) blob ([0-9a-f]{40,64})\t(.*)$/s.exec(line);
    if (m === null || (m[1] !== "100644" && m[1] !== "100755") || !m[3]!.startsWith(prefix)) continue;
    entries.push({ oid: m[2]!, path: m[3]!.slice(prefix.length) });
  }
  if (entries.length > LIMITS.maxFiles) return { status: "failed", message: `HEAD holds more than ${LIMITS.maxFiles} files here` };
  const files = new Map<string, Uint8Array>();
  if (entries.length === 0) return { status: "ok", files };
  const r = spawnSync("git", ["-C", dir, "cat-file", "--batch"], {
    env,
    input: entries.map((e) => e.oid).join("\n") + "\n",
    maxBuffer: MAX_TREE_BYTES,
    windowsHide: true,
  });
  if (r.error || r.status !== 0) return { status: "failed", message: r.error?.message ?? (r.stderr?.toString("utf8").trim() || "git cat-file failed") };
  const out = r.stdout;
  let at = 0;
  for (const entry of entries) {
    const eol = out.indexOf(0x0a, at);
    const header = /^([0-9a-f]+) blob (\d+)$/.exec(out.subarray(at, eol).toString("utf8"));
    if (eol < 0 || header === null) return { status: "failed", message: `git cat-file gave no blob for ${entry.path}` };
    const size = Number(header[2]);
    files.set(entry.path, new Uint8Array(out.subarray(eol + 1, eol + 1 + size)));
    at = eol + 1 + size + 1;
  }
  return { status: "ok", files };
}

/**
 * What moved HEAD since `sinceMs` (epoch ms), newest first, as git's reflog words it: `commit`, `pull`, `checkout`,
 * `merge`, `rebase`, `reset`... Only to say what forge saw; trust never rests on it. null when git cannot say.
 */
export function headMovesSince(dir: string, sinceMs: number, env: NodeJS.ProcessEnv): string[] | null {
  const r = runGit(dir, ["reflog", "show", "--date=unix", "--format=%gd%x09%gs", "-n", "200", "HEAD", "--"], env);
  if (r.missing || r.status !== 0) return null;
  const actions: string[] = [];
  for (const line of r.stdout.toString("utf8").split("\n")) {
    const m = /^[^@]*@\{(\d+)\}\t([^:\s]+)/.exec(line);
    if (m === null) continue;
    if (Number(m[1]) * 1000 < sinceMs) break;
    actions.push(m[2]!);
  }
  return actions;
}
