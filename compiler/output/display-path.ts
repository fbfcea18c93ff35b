// The one rule for every path a forge command prints (status lines, diagnostics, --json fields, explain, diff, import,
// init, studio): relative to the current directory, posix separators, so it opens from where the command ran.
import { isAbsolute, relative, sep } from "node:path";

/**
 * `absolute` as seen from `cwd`: `.pi/forge/modes/x.yaml`, `../../.pi/forge/`, `.` for cwd itself. A path that shares
 * no directory with cwd but the file-system root (`--root /nonexistent` run in `/home/me/repo`) is shown as it is:
 * its relative form would only climb to the root and down again.
 */
export function displayPath(cwd: string, absolute: string): string {
  const rel = relative(cwd, absolute);
  if (rel === "") return ".";
  // Only another drive (Windows) has no relative form.
  if (isAbsolute(rel) || (rel.startsWith("..") && sharesOnlyTheRoot(cwd, absolute))) return absolute.split(sep).join("/");
  return rel.split(sep).join("/");
}

/** Whether the first directory below the file-system root differs (`/tmp/a` and `/home/b`). */
function sharesOnlyTheRoot(cwd: string, absolute: string): boolean {
  const first = (p: string) => p.split(sep).filter((s) => s !== "")[0];
  return first(cwd) !== first(absolute);
}

/** A directory as seen from `cwd`, with a trailing slash (`.pi/forge/`, `./` for cwd itself). */
export function displayDir(cwd: string, absolute: string): string {
  const shown = displayPath(cwd, absolute);
  return shown === "." ? "./" : `${shown}/`;
}
