// Tests project-relative paths against compiled path patterns from a bundle: plain RegExp, no glob library.
import type { PathPattern } from "../generated/types.js";

/**
 * Longest path forge tests against a pattern. Globs compile to expressions that are at most polynomial in the
 * path's length, but an allowRegex (Roo's fileRegex) is user-written: the bound keeps a bad one from stalling a call.
 */
export const MAX_MATCH_PATH_CHARS = 1024;

export interface CompiledPattern {
  pattern: PathPattern;
  /** null when the stored source does not compile here (never from a verified bundle in practice). */
  re: RegExp | null;
}

/** Builds each expression once (callers keep the result per loaded bundle). */
export function compilePatterns(patterns: readonly PathPattern[]): CompiledPattern[] {
  return patterns.map((pattern) => {
    try {
      return { pattern, re: new RegExp(pattern.regex) };
    } catch {
      return { pattern, re: null };
    }
  });
}

/** Whether any pattern failed to compile: an edit limit with such a pattern refuses everything (it fails closed). */
export function hasBrokenPattern(compiled: readonly CompiledPattern[]): boolean {
  return compiled.some((c) => c.re === null);
}

/** The first pattern matching `path` (project-relative, posix), or null; a path over the bound matches nothing. */
export function firstMatch(compiled: readonly CompiledPattern[], path: string): PathPattern | null {
  if (path.length > MAX_MATCH_PATH_CHARS) return null;
  for (const c of compiled) if (c.re !== null && c.re.test(path)) return c.pattern;
  return null;
}

/** How a pattern reads in messages: a glob as written, a regex between slashes. */
export function describePattern(pattern: PathPattern): string {
  return pattern.kind === "glob" ? pattern.source : `/${pattern.source}/`;
}
