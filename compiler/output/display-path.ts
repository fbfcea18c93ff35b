// The one rule for every path a forge command prints (status lines, diagnostics, --json fields, explain, diff, import,
// init, studio): relative to the current directory, posix separators, so it opens from where the command ran.
import { isAbsolute, relative, sep } from "node:path";

/** `absolute` as seen from `cwd`: `.pi/forge/modes/x.yaml`, `../../.pi/forge/`, `.` for cwd itself. */
export function displayPath(cwd: string, absolute: string): string {
  const rel = relative(cwd, absolute);
  if (rel === "") return ".";
  // Only another drive (Windows) has no relative form.
  return (isAbsolute(rel) ? absolute : rel).split(sep).join("/");
}

/** A directory as seen from `cwd`, with a trailing slash (`.pi/forge/`, `./` for cwd itself). */
export function displayDir(cwd: string, absolute: string): string {
  const shown = displayPath(cwd, absolute);
  return shown === "." ? "./" : `${shown}/`;
}
