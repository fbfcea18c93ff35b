// Says whether anything scope discovery read may have changed, from fs.watch on the directories it looked in, so a
// turn in which nothing moved costs no system call: no layer walk, no stat of a bundle. Where a directory cannot be
// watched, it never says "quiet" and the loader looks again every turn, as it did before.
import { watch, type FSWatcher } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { MAX_LAYER_LEVELS } from "../io/project-layers.js";
import type { ScopePaths } from "./scope-discovery.js";

export interface ScopeWatch {
  /** True while every watched directory is watched and none reported a change of interest since `arm`. */
  quiet(): boolean;
  /** Watches what discovery of `paths` (from `cwd`) read; closes the previous watchers first. */
  arm(cwd: string, paths: ScopePaths): void;
  close(): void;
}

/** A directory and the entry names in it whose change matters (null: any). */
export type Watched = Map<string, Set<string> | null>;

/** The directories the layer walk looked in: from cwd up to the repository root, or the filesystem root, bounded. */
export function walkedDirs(cwd: string, repositoryRoot: string | null): string[] {
  const dirs: string[] = [];
  let dir = resolve(cwd);
  for (let i = 0; i < MAX_LAYER_LEVELS; i++) {
    dirs.push(dir);
    if (dir === repositoryRoot) break;
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return dirs;
}

/**
 * What to watch for `paths`: each walked directory for a `.git` or `.pi` appearing or going (a new repository root or
 * layer), each `.pi` and `.pi/forge` on the way for `forge` and `bundle.json`, and the directory of every file the
 * fingerprint stats (the built-in and global bundles, the trust store, the global settings) for that file.
 */
export function watchPlan(cwd: string, paths: ScopePaths): Watched {
  const plan = fileWatchPlan([paths.builtinFile, paths.globalFile, paths.trustFile, paths.settingsFile]);
  for (const dir of walkedDirs(cwd, paths.repositoryRoot)) {
    watchName(plan, dir, ".git");
    watchName(plan, dir, ".pi");
    watchName(plan, join(dir, ".pi"), "forge");
    watchName(plan, join(dir, ".pi", "forge"), "bundle.json");
  }
  return plan;
}

/** Adds `name` to what `plan` watches in `dir`. */
function watchName(plan: Watched, dir: string, name: string): void {
  const names = plan.get(dir);
  if (names === undefined) plan.set(dir, new Set([name]));
  else names?.add(name);
}

/** What to watch for `files`: each one's directory for its name, and the directory above for the directory's name. */
export function fileWatchPlan(files: readonly string[]): Watched {
  const plan: Watched = new Map();
  for (const file of files) {
    watchName(plan, dirname(file), basename(file));
    watchName(plan, dirname(dirname(file)), basename(dirname(file)));
  }
  return plan;
}

/** fs.watch over a plan of directories; the scope watch and the team policy's loader each keep one. */
export interface DirWatch {
  /** True while every watched directory is watched and none reported a change of interest since `arm`. */
  quiet(): boolean;
  /** Watches `plan`; closes the previous watchers first. */
  arm(plan: Watched): void;
  close(): void;
}

/** The scope watch: a directory watch over what discovery of `paths` read. */
export function createScopeWatch(watchDir: typeof watch = watch): ScopeWatch {
  const dirs = createDirWatch(watchDir);
  return { quiet: dirs.quiet, arm: (cwd, paths) => dirs.arm(watchPlan(cwd, paths)), close: dirs.close };
}

/** fs.watch per directory (unref'd: a watcher never keeps Pi running). */
export function createDirWatch(watchDir: typeof watch = watch): DirWatch {
  let watchers: FSWatcher[] = [];
  let armed = false;
  let moved = true;
  const close = (): void => {
    for (const w of watchers) w.close();
    watchers = [];
    armed = false;
  };
  return {
    quiet: () => armed && !moved,
    arm(plan) {
      close();
      moved = false;
      for (const [dir, names] of plan) {
        let watcher: FSWatcher;
        try {
          watcher = watchDir(dir, { persistent: false }, (_event, name) => {
            if (names === null || name === null || names.has(String(name))) moved = true;
          });
        } catch (error) {
          // A directory that does not exist yet is seen through its parent's watcher; any other failure (no inotify
          // left, a file system without events) means looking every turn.
          if ((error as NodeJS.ErrnoException).code === "ENOENT" || (error as NodeJS.ErrnoException).code === "ENOTDIR") continue;
          close();
          return;
        }
        watcher.on("error", () => (moved = true));
        watcher.unref?.();
        watchers.push(watcher);
      }
      armed = true;
    },
    close,
  };
}
