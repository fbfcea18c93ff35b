// Tests project-relative paths against compiled path patterns from a bundle with RE2 (re2js): linear time in the
// path's length for every expression, whatever a bundle holds, so no pattern can stall a tool call.
import type { RE2JS } from "re2js";
import type { PathPattern } from "../generated/types.js";

/**
 * esbuild defines it in dist/ (the CLI and the extension): RE2's own file beside them, dist/re2.cjs (scripts/build.mjs).
 * Every use of RE2 goes through this module, which loads it on the first expression compiled, so a process whose
 * bundles hold no path pattern never parses it (about 150 KB, a third of the extension); without it (tsx, tests) the
 * package itself is loaded.
 */
declare const FORGE_RE2: string | undefined;

let engine: typeof RE2JS | null = null;

/**
 * Node's require for this module, reached through process.getBuiltinModule rather than an import of node:module, so
 * core/ stays loadable where there is no Node (the studio's browser page, which never compiles a pattern).
 */
function nodeRequire(): (id: string) => unknown {
  const proc = (globalThis as { process?: { getBuiltinModule?(id: string): unknown } }).process;
  const mod = proc?.getBuiltinModule?.("node:module") as { createRequire?(url: string): (id: string) => unknown } | undefined;
  if (mod?.createRequire === undefined) throw new Error("RE2 cannot be loaded: no Node module loader here");
  return mod.createRequire(import.meta.url);
}

/** RE2, loaded once; throws when its file cannot be loaded (a caller fails closed). */
function re2(): typeof RE2JS {
  if (engine === null) engine = (nodeRequire()(typeof FORGE_RE2 === "string" ? FORGE_RE2 : "re2js") as { RE2JS: typeof RE2JS }).RE2JS;
  return engine;
}

/**
 * Longest path forge tests against a pattern. RE2 is linear in it, so the bound only caps the work per call (and
 * keeps forge's answer the same as before RE2, when it kept user-written expressions from stalling a call).
 */
export const MAX_MATCH_PATH_CHARS = 1024;

/** A compiled expression: RE2's test() is an unanchored search, as RegExp.prototype.test is. */
interface Matcher {
  test(input: string): boolean;
}

export interface CompiledPattern {
  pattern: PathPattern;
  /** null when the stored source does not compile under RE2 (a lookaround, a backreference): matching fails closed. */
  re: Matcher | null;
}

/**
 * picomatch's guards against a "." or ".." segment: lookaheads RE2 cannot run, which never decide anything on the
 * paths forge tests (project-relative, normalized by path.relative: no "." or ".." segment, no empty segment, no
 * trailing "/"): `(?!\.{1,2}(?:\/|$))`, its start-anchored form and its {0,1} form (after a leading dot).
 */
const DOT_GUARDS = ["(?!\\.{1,2}(?:\\/|$))", "(?!(?:^|\\/)\\.{1,2}(?:\\/|$))", "(?!\\.{0,1}(?:\\/|$))"];
/** picomatch's "something follows" guard, and the star it usually guards (`*` inside one name). */
const NOT_END = "(?=.)";
const STAR = "[^/]*?";

/** Calls `visit(i)` at each unescaped `(` outside a character class; it returns how many characters it consumed (0: none). */
function rewriteGroups(regex: string, visit: (i: number) => { skip: number; emit: string } | null): string {
  let out = "";
  let inClass = false;
  for (let i = 0; i < regex.length; i++) {
    const ch = regex[i]!;
    if (ch === "\\") {
      out += regex.slice(i, i + 2);
      i++;
      continue;
    }
    if (inClass) {
      if (ch === "]") inClass = false;
    } else if (ch === "[") inClass = true;
    else if (ch === "(") {
      const hit = visit(i);
      if (hit !== null) {
        out += hit.emit;
        i += hit.skip - 1;
        continue;
      }
    }
    out += ch;
  }
  return out;
}

/** Whether `rest` starts with something that always consumes a character: a literal, an escape or a class, unquantified. */
function startsConsuming(rest: string): boolean {
  const token = /^(?:\\.|\[(?:\\.|[^\]\\])+\]|[^()|$^?*+{\\[])/.exec(rest);
  return token !== null && !/^[?*{]/.test(rest.slice(token[0].length));
}

/**
 * A glob's expression as picomatch wrote it, in a form RE2 runs, matching the same normalized paths (a property test
 * checks it against picomatch): the dot-segment guards are removed, and each `(?=.)` (the next character must exist)
 * is removed where a character is consumed right after it anyway, or turns the star it guards into a non-empty one
 * where only an optional "/" and the end follow. Any other lookaround is kept, so RE2 then refuses the expression
 * (the build refuses such a glob: glob_not_linear).
 */
export function linearForm(regex: string): string {
  const unguarded = rewriteGroups(regex, (i) => {
    const guard = DOT_GUARDS.find((g) => regex.startsWith(g, i));
    return guard === undefined ? null : { skip: guard.length, emit: "" };
  });
  return rewriteGroups(unguarded, (i) => {
    if (!unguarded.startsWith(NOT_END, i)) return null;
    const rest = unguarded.slice(i + NOT_END.length);
    if (rest.startsWith(STAR)) {
      const after = rest.slice(STAR.length);
      if (/^(?:\\\/\?)?\)*\$?$/.test(after)) return { skip: NOT_END.length + STAR.length, emit: "[^/]+?" };
      return startsConsuming(after) ? { skip: NOT_END.length, emit: "" } : null;
    }
    return startsConsuming(rest) ? { skip: NOT_END.length, emit: "" } : null;
  });
}

/** The expression RE2 runs for a stored pattern: a glob's in its linear form (bundles from before RE2 kept the guards). */
export function runnableRegex(pattern: PathPattern): string {
  return pattern.kind === "glob" ? linearForm(pattern.regex) : pattern.regex;
}

/** Compiles one expression with RE2, or null when RE2 cannot run it. */
export function compileLinear(regex: string): Matcher | null {
  try {
    return re2().compile(regex);
  } catch {
    return null;
  }
}

/** Why RE2 refuses an expression (its own message), or null when it compiles. */
export function linearSyntaxError(regex: string): string | null {
  try {
    re2().compile(regex);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

/** Builds each expression once (callers keep the result per loaded bundle). */
export function compilePatterns(patterns: readonly PathPattern[]): CompiledPattern[] {
  return patterns.map((pattern) => ({ pattern, re: compileLinear(runnableRegex(pattern)) }));
}

/** Whether any pattern failed to compile: an edit limit with such a pattern refuses everything (it fails closed). */
export function hasBrokenPattern(compiled: readonly CompiledPattern[]): boolean {
  return compiled.some((c) => c.re === null);
}

/**
 * The first pattern matching `path` (project-relative, posix), or null; a path over the bound matches nothing. The
 * empty path (the project root itself) matches no glob, as picomatch's isMatch never matches an empty string.
 */
export function firstMatch(compiled: readonly CompiledPattern[], path: string): PathPattern | null {
  if (path.length > MAX_MATCH_PATH_CHARS) return null;
  for (const c of compiled) {
    if (c.re === null || (path === "" && c.pattern.kind === "glob")) continue;
    if (c.re.test(path)) return c.pattern;
  }
  return null;
}

/** How a pattern reads in messages: a glob as written, a regex between slashes. */
export function describePattern(pattern: PathPattern): string {
  return pattern.kind === "glob" ? pattern.source : `/${pattern.source}/`;
}
