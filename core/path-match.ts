// Tests project-relative paths against path patterns with RE2 (re2js): linear time in the path's length for every
// expression, whatever a bundle holds, so no pattern can stall a tool call. Each pattern is compiled from its source
// (core/glob-to-re2.ts for a glob) once per process: a bundle's are compiled when it loads (compileBundlePatterns).
import type { RE2JS } from "re2js";
import type { ForgeBundle, PathPattern } from "../generated/types.js";
import { translateGlob } from "./glob-to-re2.js";
import { simpleMatcher, type PathTest } from "./glob-shapes.js";
import { bundlePatterns } from "./pattern-check.js";

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
type Matcher = PathTest;

export interface CompiledPattern {
  pattern: PathPattern;
  /** null when its source does not compile (a glob this forge refuses, a regex RE2 cannot run): matching fails closed. */
  re: Matcher | null;
}

/**
 * The expression forge runs for a pattern, derived from what a reviewer reads: a glob's own translation (never the
 * expression a bundle stores beside it), a regex as written. null: this forge refuses the glob, so it matches nothing.
 */
export function runnableRegex(pattern: Pick<PathPattern, "kind" | "source">): string | null {
  if (pattern.kind === "regex") return pattern.source;
  const t = translateGlob(pattern.source);
  return t.ok ? t.regex : null;
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

/**
 * Compiled expressions by pattern: compiling is the costly step (RE2JS takes about as long to compile an expression as
 * to run it on thousands of paths), and every pattern means one thing, so each is compiled once per process. Bounded:
 * past MAX_COMPILED distinct patterns the memo starts over (a long session's bundles change rarely).
 */
const compiled = new Map<string, Matcher | null>();
const MAX_COMPILED = 4096;

function matcherOf(pattern: Pick<PathPattern, "kind" | "source">): Matcher | null {
  const key = `${pattern.kind}\u0000${pattern.source}`;
  const known = compiled.get(key);
  if (known !== undefined) return known;
  const regex = runnableRegex(pattern);
  const re = regex === null ? null : ((pattern.kind === "glob" ? simpleMatcher(regex) : null) ?? compileLinear(regex));
  if (compiled.size >= MAX_COMPILED) compiled.clear();
  compiled.set(key, re);
  return re;
}

/** Each pattern's matcher, compiled from its source (once per process). */
export function compilePatterns(patterns: readonly PathPattern[]): CompiledPattern[] {
  return patterns.map((pattern) => ({ pattern, re: matcherOf(pattern) }));
}

/** Compiles a loaded bundle's patterns now, so that no tool call pays for it: once per bundle load. */
export function compileBundlePatterns(bundle: Pick<ForgeBundle, "modes" | "presets" | "rules">): void {
  for (const { pattern } of bundlePatterns(bundle)) matcherOf(pattern);
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
