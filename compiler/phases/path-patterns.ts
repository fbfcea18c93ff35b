// Globs and Roo-style regular expressions -> the regular-expression sources the bundle stores (picomatch runs here
// only), each one that RE2 runs in linear time and that nests no repeat (exponential in a backtracking engine).
import { createRequire } from "node:module";
import type picomatchType from "picomatch/posix";
import { compileLinear, linearForm, linearSyntaxError } from "../../core/path-match.js";
import type { PathPattern } from "../../generated/types.js";

/** esbuild defines it in dist/cli.js: picomatch's own file beside it (dist/picomatch.cjs, scripts/build.mjs). */
declare const FORGE_PICOMATCH: string | undefined;

let picomatch: typeof picomatchType | null = null;

/** picomatch, loaded on the first glob: a build of sources without globs never parses it. */
function globCompiler(): typeof picomatchType {
  if (picomatch === null)
    picomatch = createRequire(import.meta.url)(typeof FORGE_PICOMATCH === "string" ? FORGE_PICOMATCH : "picomatch/posix") as typeof picomatchType;
  return picomatch;
}

/** picomatch options: `dot` so a glob such as src/** also covers src/.env (a deny must not miss dotfiles). */
const GLOB_OPTIONS = { dot: true, strictBrackets: true } as const;

export type GlobResult = { ok: true; pattern: PathPattern } | { ok: false; code: "invalid_glob" | "glob_never_matches" | "glob_not_linear"; detail: string };

/**
 * Compiles one glob. Checked first, since picomatch would compile them into expressions that never match a
 * project-relative path (or, for a leading !, that match nearly everything): absolute paths, ~, .. and a trailing /.
 */
export function compileGlob(glob: string): GlobResult {
  if (/[\u0000-\u001f\u007f]/.test(glob)) return { ok: false, code: "invalid_glob", detail: "it holds a control character" };
  if (glob.startsWith("!"))
    return { ok: false, code: "invalid_glob", detail: "negation (a leading !) is not supported; list what it may not match under edits.deny" };
  if (glob.startsWith("/") || glob.startsWith("\\") || /^[A-Za-z]:/.test(glob))
    return { ok: false, code: "glob_never_matches", detail: "it is an absolute path" };
  if (glob.startsWith("~")) return { ok: false, code: "glob_never_matches", detail: "it starts with ~ (a home directory)" };
  if (glob.split("/").includes("..")) return { ok: false, code: "glob_never_matches", detail: 'it has a ".." segment, and paths are normalized first' };
  if (glob.endsWith("/")) return { ok: false, code: "glob_never_matches", detail: `paths never end with /; write ${glob}** for everything under it` };
  let re: RegExp;
  try {
    re = globCompiler().makeRe(glob, GLOB_OPTIONS);
  } catch (error) {
    return { ok: false, code: "invalid_glob", detail: error instanceof Error ? error.message : String(error) };
  }
  // picomatch's expression for a glob it gives up on (an unfinished brace expansion) matches nothing at all.
  if (re.source === "$^" || re.flags !== "") return { ok: false, code: "invalid_glob", detail: "picomatch cannot compile it" };
  // The bundle stores the form RE2 runs: picomatch's guards against "." and ".." segments never decide anything on
  // the normalized paths forge tests (core/path-match.ts), and RE2 has no lookaround.
  const regex = linearForm(re.source);
  if (hasNestedQuantifier(regex)) {
    return {
      ok: false,
      code: "glob_not_linear",
      detail: `it compiles to ${regex}, a repeat inside a repeat, which takes exponential time in a backtracking matcher; write the repeated part once (e.g. *a instead of *(*a), *.md instead of +(*.md))`,
    };
  }
  if (compileLinear(regex) === null) {
    return {
      ok: false,
      code: "glob_not_linear",
      detail: `it compiles to ${regex}, which needs a lookaround (a !(...) negation, or an extglob such as *(a) or ?(a) that starts a name); RE2, the linear-time matcher forge runs, has none. Rewrite it with * or {a,b}, or list what it must not match under edits.deny`,
    };
  }
  return { ok: true, pattern: { kind: "glob", source: glob, regex } };
}

export type RegexResult = { ok: true; pattern: PathPattern; backtracking: boolean } | { ok: false; detail: string };

/**
 * A Roo fileRegex: kept as written (searched in the path, as Roo does), in RE2 syntax, the engine the runtime matches
 * with: a lookaround or a backreference is refused here, so the runtime never meets one.
 */
export function compileRegex(source: string): RegexResult {
  const message = linearSyntaxError(source);
  if (message !== null) return { ok: false, detail: `not RE2 syntax, which forge matches paths with (no lookaround or backreference): ${message}` };
  return { ok: true, pattern: { kind: "regex", source, regex: source }, backtracking: hasNestedQuantifier(source) };
}

/**
 * A heuristic for catastrophic backtracking: a group followed by a quantifier (*, +, {n,}) that itself holds one,
 * as in (a+)+ or (\w+\/)*x. It reads escapes and character classes; it does not prove an expression safe.
 */
export function hasNestedQuantifier(source: string): boolean {
  const stack: boolean[] = [];
  let inClass = false;
  let lastGroupQuantified = false;
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === "\\") {
      i++;
      continue;
    }
    if (inClass) {
      if (ch === "]") inClass = false;
      continue;
    }
    const quantifier = ch === "*" || ch === "+" || (ch === "{" && /^\{\d+,\d*\}/.test(source.slice(i)));
    if (quantifier) {
      if (lastGroupQuantified) return true;
      if (stack.length > 0) stack[stack.length - 1] = true;
    }
    lastGroupQuantified = false;
    if (ch === "[") inClass = true;
    else if (ch === "(") stack.push(false);
    else if (ch === ")") {
      const inner = stack.pop() ?? false;
      if (inner && stack.length > 0) stack[stack.length - 1] = true;
      lastGroupQuantified = inner;
    }
  }
  return false;
}
