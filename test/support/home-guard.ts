// The run's guard on the user's home: the directories forge itself writes under HOME (the build cache, the global
// scope and trust store) are snapshotted before the test run and compared after it; any change fails the run.
import { lstatSync, readdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** forge's footprint under the real home: `~/.cache/forge` (and `$XDG_CACHE_HOME/forge`) and `~/.pi/agent/forge`. */
export function guardedHomeDirs(env: NodeJS.ProcessEnv = process.env, home: string = env.HOME || homedir()): string[] {
  const dirs = [join(home, ".cache", "forge"), join(home, ".pi", "agent", "forge")];
  if (env.XDG_CACHE_HOME) dirs.push(join(env.XDG_CACHE_HOME, "forge"));
  return dirs;
}

/** Every entry under `dir` with its type, size and mtime, one line each (an absent directory is one "absent" line). */
export function snapshotTree(dir: string, limit = 100_000): string[] {
  const lines: string[] = [];
  const walk = (path: string, depth: number): void => {
    let stat;
    try {
      stat = lstatSync(path);
    } catch {
      lines.push(`${path} absent`);
      return;
    }
    lines.push(`${path} ${stat.isDirectory() ? "dir" : stat.isSymbolicLink() ? "link" : "file"} ${stat.size} ${stat.mtimeMs}`);
    if (!stat.isDirectory() || depth > 16 || lines.length > limit) return;
    for (const name of readdirSync(path).sort()) walk(join(path, name), depth + 1);
  };
  walk(dir, 0);
  return lines;
}

/** The lines that differ between two snapshots (removed with "-", added or changed with "+"). */
export function treeChanges(before: readonly string[], after: readonly string[]): string[] {
  const was = new Set(before);
  const now = new Set(after);
  return [...before.filter((l) => !now.has(l)).map((l) => `- ${l}`), ...after.filter((l) => !was.has(l)).map((l) => `+ ${l}`)];
}
