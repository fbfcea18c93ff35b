// How each Pi host turns a tool's `path` argument into the path its tools open. Neither host exports its resolver, so
// these mirror 0.73.1's and 1.x's `resolveToCwd` step by step; test/runtime/tool-path-parity.test.ts proves them equal
// to the hosts' own functions over generated paths, or refusing. The adapter picks the one of the running host.
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The host's absolute path for a call's argument, or why forge cannot tell it with certainty. */
export type ResolvedToolPath = { ok: true; path: string } | { ok: false; reason: string };

export type ToolPathResolver = (raw: string, cwd: string) => ResolvedToolPath;

/** Longest path forge resolves (Linux's PATH_MAX); a longer argument or result is refused under an edit limit. */
export const MAX_TOOL_PATH_CHARS = 4096;

const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;
/** `scheme:` at the start (two characters at least, so a Windows drive letter is not one). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]+:/;

function refuse(reason: string): ResolvedToolPath {
  return { ok: false, reason };
}

/** The checks both hosts share on what they resolved: no NUL byte (the file system would refuse it) and bounded. */
function checked(path: string): ResolvedToolPath {
  if (path.includes("\u0000")) return refuse("it contains a NUL byte");
  if (path.length > MAX_TOOL_PATH_CHARS) return refuse(`it is longer than ${MAX_TOOL_PATH_CHARS} characters`);
  return { ok: true, path };
}

function precheck(raw: string): ResolvedToolPath | null {
  if (raw.includes("\u0000")) return refuse("it contains a NUL byte");
  if (raw.length > MAX_TOOL_PATH_CHARS) return refuse(`it is longer than ${MAX_TOOL_PATH_CHARS} characters`);
  return null;
}

/** A scheme neither host turns into a path (0.73.1 knows none; 1.x only file://): its meaning is not certain. */
function unknownScheme(path: string): ResolvedToolPath | null {
  const scheme = SCHEME.exec(path)?.[0];
  return scheme === undefined ? null : refuse(`it starts with "${scheme}", a scheme this Pi does not resolve as a file path`);
}

/**
 * Pi 0.73.1 (dist/core/tools/path-utils.js): a leading @ dropped, Unicode spaces as spaces, `~` and `~/` as the home
 * directory (concatenated, not normalized), then an absolute path as it is, a relative one resolved against cwd.
 */
export function resolveLegacyToolPath(raw: string, cwd: string, home = homedir()): ResolvedToolPath {
  const early = precheck(raw);
  if (early) return early;
  let path = (raw.startsWith("@") ? raw.slice(1) : raw).replace(UNICODE_SPACES, " ");
  if (path === "~") path = home;
  else if (path.startsWith("~/")) path = home + path.slice(1);
  const scheme = unknownScheme(path);
  if (scheme) return scheme;
  return checked(isAbsolute(path) ? path : resolve(cwd, path));
}

/**
 * Pi 1.x (resolveToCwd -> dist/utils/paths.js normalizePath, then resolvePath): Unicode spaces as spaces, a leading @
 * dropped, `~` and `~/` as the home directory (joined), a `file://` URL through fileURLToPath (percent-decoded; the URL
 * parser also drops a query, a fragment, tabs and newlines), then resolved (normalized) against cwd.
 */
export function resolveModernToolPath(raw: string, cwd: string, home = homedir()): ResolvedToolPath {
  const early = precheck(raw);
  if (early) return early;
  const normalized = normalizeModern(raw.replace(UNICODE_SPACES, " "), home, true);
  if (!normalized.ok) return normalized;
  const base = normalizeModern(cwd, home, false);
  if (!base.ok) return base;
  return checked(isAbsolute(normalized.path) ? resolve(normalized.path) : resolve(base.path, normalized.path));
}

/** normalizePath without trimming: @ (tool paths only), ~, then file://; anything else with a scheme is refused. */
function normalizeModern(input: string, home: string, stripAt: boolean): ResolvedToolPath {
  let path = stripAt && input.startsWith("@") ? input.slice(1) : input;
  if (process.platform === "win32") path = windowsShellPath(path);
  if (path === "~") return { ok: true, path: home };
  if (path.startsWith("~/") || (process.platform === "win32" && path.startsWith("~\\"))) return { ok: true, path: join(home, path.slice(2)) };
  if (/^file:\/\//.test(path)) {
    try {
      return { ok: true, path: fileURLToPath(path) };
    } catch (error) {
      return refuse(`it is a file:// URL that does not name a local file (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return unknownScheme(path) ?? { ok: true, path };
}

/** 1.x on Windows: Git Bash, MSYS, Cygwin and WSL drive paths (/c/x, /mnt/c/x) as native ones. */
function windowsShellPath(path: string): string {
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) return path;
  const match = /^\/(?:mnt\/|cygdrive\/)?([a-z])(?:\/(.*))?$/i.exec(path);
  if (!match) return path;
  return `${match[1]!.toUpperCase()}:\\${match[2]?.replaceAll("/", "\\") ?? ""}`;
}
