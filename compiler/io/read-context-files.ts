// The I/O edge of nested context files: finds the AGENTS.md and CLAUDE.md files below a project root (git lists them
// where there is a repository, so ignored files stay out; a bounded walk otherwise) and reads each one Pi would load in
// its directory: regular files only, bounded, never through a symbolic link out of the project.
import { spawnSync } from "node:child_process";
import { lstatSync, readdirSync, realpathSync, type Dirent } from "node:fs";
import { isAbsolute, join, relative, sep } from "node:path";
import { CONTEXT_FILE_NAMES, isSkippedDirectory, pickContextFiles } from "../../core/context-files.js";
import { LIMITS } from "../../generated/constants.js";
import { findProjectLayers } from "../../io/project-layers.js";
import { readBoundedFile } from "../../io/read-bounded.js";
import type { ContextScan, ContextSourceFile } from "../types.js";
import { posixRelative } from "./read-sources.js";

type Listing = { ok: true; paths: string[] } | { ok: false; problem: NonNullable<ContextScan["problem"]> };

/** What git may print for the candidates: names only, so a few MiB is far more than any real repository needs. */
const MAX_LISTING_BYTES = 16 * 1024 * 1024;

/**
 * Git's own answer: tracked files, and untracked ones git does not ignore (.gitignore at every level,
 * .git/info/exclude, core.excludesFile), named like a context file. Git does not descend into a symbolic link or a
 * submodule. An argument list, never a shell; core.fsmonitor off, so a repository's config runs no program.
 */
function listWithGit(root: string, env: NodeJS.ProcessEnv): Listing {
  const pathspecs = CONTEXT_FILE_NAMES.map((name) => `:(glob)**/${name}`);
  const args = ["-c", "core.fsmonitor=false", "-C", root, "ls-files", "-z", "--cached", "--others", "--exclude-standard", "--", ...pathspecs];
  const r = spawnSync("git", args, { env, maxBuffer: MAX_LISTING_BYTES, windowsHide: true });
  const failed = (detail: string): Listing => ({
    ok: false,
    problem: { kind: "unreadable", detail: `git could not list the files of the repository (${detail}), so forge cannot tell which ones git ignores` },
  });
  if (r.error) return failed((r.error as NodeJS.ErrnoException).code === "ENOENT" ? "git is not installed" : r.error.message);
  if (r.status !== 0) return failed(r.stderr?.toString("utf8").trim().split("\n")[0] || `git ls-files exited with ${r.status}`);
  // git lists a file once per stage during a merge conflict: the set keeps one.
  return {
    ok: true,
    paths: [
      ...new Set(
        r.stdout
          .toString("utf8")
          .split("\0")
          .filter((p) => p !== ""),
      ),
    ],
  };
}

/**
 * Outside a repository: every directory below the root, depth-first in sorted order, except node_modules and hidden
 * ones; a symbolic link to a directory is never followed. Stops past `maxEntries` entries.
 */
function listByWalking(root: string, skipped: ContextScan["skipped"], maxEntries: number): Listing {
  const paths: string[] = [];
  let seen = 0;
  const stack: string[] = [""];
  while (stack.length > 0) {
    const dir = stack.pop()!;
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, dir), { withFileTypes: true });
    } catch (err) {
      skipped.push({
        path: dir,
        reason: `is a directory forge cannot read, so its context files are not searched (${(err as NodeJS.ErrnoException).code ?? "EIO"})`,
      });
      continue;
    }
    seen += entries.length;
    if (seen > maxEntries) {
      return {
        ok: false,
        problem: {
          kind: "too-many",
          detail: `the project holds more than ${maxEntries} files and directories outside node_modules and hidden directories, and it is not a git repository`,
        },
      };
    }
    const subdirs: string[] = [];
    for (const entry of entries) {
      const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!isSkippedDirectory(entry.name)) subdirs.push(path);
      } else if (CONTEXT_FILE_NAMES.includes(entry.name)) paths.push(path);
    }
    // Reversed onto the stack: the sorted first is walked first.
    stack.push(...subdirs.sort().reverse());
  }
  return { ok: true, paths };
}

function isInside(realRoot: string, target: string): boolean {
  const rel = relative(realRoot, target);
  return rel !== "" && rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/** One picked file: its bytes, or why it is not read (null: it disappeared since the listing, as git may still list it). */
function readOne(realRoot: string, root: string, path: string): ContextSourceFile | { reason: string } | null {
  const abs = join(root, ...path.split("/"));
  let real: string;
  try {
    lstatSync(abs);
    real = realpathSync(abs);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    return code === "ENOENT" || code === "ENOTDIR" ? null : { reason: `cannot be read (${code ?? "EIO"})` };
  }
  // The file, or a directory on its way, may be a symbolic link: what it ends at must stay inside the project.
  if (!isInside(realRoot, real)) return { reason: "is a symbolic link to a file outside the project, which forge never reads" };
  const read = readBoundedFile(real, LIMITS.maxFileBytes);
  if (read.ok) return { path, bytes: read.bytes };
  if (read.reason === "too-large") return { path, bytes: new Uint8Array(0), tooLarge: true };
  if (read.reason === "absent") return null;
  return { reason: read.detail };
}

/** The search's bounds (LIMITS; a test passes smaller ones rather than writing 100,000 files). */
export interface ContextSearchBounds {
  maxEntries: number;
  maxFiles: number;
}

const BOUNDS: ContextSearchBounds = { maxEntries: LIMITS.maxContextSearchEntries, maxFiles: LIMITS.maxContextFiles };

/**
 * The nested context files of the project at `root` (its forge root `forgeRoot` names them in diagnostics). Never
 * throws: what cannot be read is `skipped` or the scan's `problem`, which the compile reports.
 */
export function readContextFiles(root: string, forgeRoot: string, env: NodeJS.ProcessEnv, bounds: ContextSearchBounds = BOUNDS): ContextScan {
  const fromForgeRoot = `${posixRelative(forgeRoot, root)}/`;
  const skipped: ContextScan["skipped"] = [];
  const scan = (problem: ContextScan["problem"], files: ContextSourceFile[] = []): ContextScan => ({ fromForgeRoot, files, skipped, problem });
  let realRoot: string;
  try {
    realRoot = realpathSync(root);
  } catch (err) {
    return scan({ kind: "unreadable", detail: `the project root cannot be read (${(err as NodeJS.ErrnoException).code ?? "EIO"})` });
  }
  const inRepository = findProjectLayers(root).repositoryRoot !== null;
  const listing = inRepository ? listWithGit(root, env) : listByWalking(root, skipped, bounds.maxEntries);
  if (!listing.ok) return scan(listing.problem);
  const picked = pickContextFiles(listing.paths);
  if (picked.length > bounds.maxFiles) {
    return scan({ kind: "too-many", detail: `found ${picked.length} context files, more than the ${bounds.maxFiles} one build compiles` });
  }
  const files: ContextSourceFile[] = [];
  for (const path of picked) {
    const read = readOne(realRoot, root, path);
    if (read === null) continue;
    if ("reason" in read) skipped.push({ path, reason: read.reason });
    else files.push(read);
  }
  return scan(null, files);
}
