// The paths a built-in tool call names, resolved against cwd the way Pi resolves them and made relative to the project root.
import { isAbsolute, relative, resolve, sep } from "node:path";

/** Pi's built-in tools that take a path argument: forge reads it for rules and edit limits. */
export const PATH_TOOLS: readonly string[] = ["read", "edit", "write", "grep", "find", "ls"];
/** The built-ins that change a file; edit limits check these (bash cannot be checked). */
export const EDIT_TOOLS: readonly string[] = ["edit", "write"];
/** grep, find and ls search this path when the call names none: the working directory. */
const DEFAULT_SEARCH_PATH = ".";

const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/**
 * The raw path arguments of a call: read/edit/write `path` (required), grep/find/ls `path` (default ".").
 * null: not a path tool. [] for a path tool whose argument is missing or not a string (the host refuses such a call).
 */
export function toolCallPaths(toolName: string, input: unknown): string[] | null {
  if (!PATH_TOOLS.includes(toolName)) return null;
  const path = input !== null && typeof input === "object" ? (input as { path?: unknown }).path : undefined;
  if (typeof path === "string" && path !== "") return [path];
  if (path === undefined && !EDIT_TOOLS.includes(toolName) && toolName !== "read") return [DEFAULT_SEARCH_PATH];
  return [];
}

/**
 * `raw` as Pi's tools resolve it (a leading @ dropped, Unicode spaces as spaces, ~ as `home`, relative to `cwd`),
 * then relative to `root` with / separators: "" for the root itself, null outside it.
 */
export function projectRelative(raw: string, cwd: string, root: string, home: string): string | null {
  let path = raw.startsWith("@") ? raw.slice(1) : raw;
  path = path.replace(UNICODE_SPACES, " ");
  if (path === "~") path = home;
  else if (path.startsWith("~/")) path = home + path.slice(1);
  return relativeTo(root, isAbsolute(path) ? resolve(path) : resolve(cwd, path));
}

/** `abs` relative to `root` with / separators, or null when it is outside `root`. */
export function relativeTo(root: string, abs: string): string | null {
  const rel = relative(resolve(root), abs);
  if (rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return null;
  return sep === "/" ? rel : rel.split(sep).join("/");
}
