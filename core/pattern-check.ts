// What a bundle's path patterns must be: each stored expression exactly what this forge compiles its source to, and
// their cost within one bound per bundle. forge build, forge verify, the libraries and the runtime all check it here.
import { LIMITS } from "../generated/constants.js";
import type { ForgeBundle, PathPattern } from "../generated/types.js";
import { simpleMatcher } from "./glob-shapes.js";
import { translateGlob } from "./glob-to-re2.js";
import { visible } from "./safe-text.js";

/** A pattern as messages name it: where it is and its source as written. */
export interface PatternAt {
  where: string;
  pattern: PathPattern;
}

/** Every path pattern a bundle holds: its modes' edit limits, its presets' blocks' and its rules' triggers. */
export function bundlePatterns(bundle: Pick<ForgeBundle, "modes" | "presets" | "rules">): PatternAt[] {
  const out: PatternAt[] = [];
  const add = (where: string, list: readonly PathPattern[] | undefined) => (list ?? []).forEach((pattern) => out.push({ where, pattern }));
  for (const [key, mode] of Object.entries(bundle.modes)) {
    add(`mode "${key}" edits.allow`, mode?.edits?.allow);
    add(`mode "${key}" edits.deny`, mode?.edits?.deny);
  }
  for (const [key, preset] of Object.entries(bundle.presets))
    for (const u of preset?.systemUpdates ?? []) add(`preset "${key}" block "${u.id}" when.paths`, u.when?.paths);
  for (const [key, rule] of Object.entries(bundle.rules ?? {})) add(`rule "${key}" when.paths`, rule?.when.paths);
  return out;
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

/**
 * Where a Unicode class (\pL, \p{Greek}, \PN) starts, or -1. RE2 reads it as a class of thousands of characters, a
 * JavaScript RegExp without the u flag (Roo's) as the letters "pL"; it is also the one construct whose compile time
 * does not follow the expression's size (a 1,000-character run of them took seconds), so forge refuses it.
 */
export function unicodeClassAt(source: string): number {
  for (let i = 0; i < source.length; i++) {
    if (source[i] !== "\\") continue;
    if (source[i + 1] === "p" || source[i + 1] === "P") return i;
    if (source[i + 1] === "Q") {
      const end = source.indexOf("\\E", i + 2);
      if (end < 0) return -1;
      i = end + 1;
    } else i++;
  }
  return -1;
}

/**
 * The cost of an RE2 expression: its length with every counted repetition written out (a{3} costs as aaa), a proxy
 * for the size of the program RE2 compiles, which both its compile time and its matching time follow. It needs no
 * compile, so the runtime refuses a bundle over the bound before compiling any of it.
 */
export function patternCost(regex: string): number {
  /** Cost of the expression so far at each open group, and of the last atom (what a repeat applies to). */
  const stack: Array<{ total: number; last: number }> = [{ total: 0, last: 0 }];
  const top = () => stack[stack.length - 1]!;
  const atom = (cost: number) => {
    top().total += cost;
    top().last = cost;
  };
  for (let i = 0; i < regex.length; ) {
    const ch = regex[i]!;
    if (ch === "\\") {
      if (regex[i + 1] === "Q") {
        const end = regex.indexOf("\\E", i + 2);
        const stop = end < 0 ? regex.length : end + 2;
        atom(stop - i);
        i = stop;
      } else {
        const m = /^\\(?:[pP]\{[^}]*\}|x\{[0-9A-Fa-f]*\}|x[0-9A-Fa-f]{2}|[0-7]{1,3}|.)/su.exec(regex.slice(i));
        const len = m === null ? 1 : m[0].length;
        atom(len);
        i += len;
      }
    } else if (ch === "[") {
      let j = i + 1;
      if (regex[j] === "^") j++;
      if (regex[j] === "]") j++;
      while (j < regex.length && regex[j] !== "]") j += regex[j] === "\\" ? 2 : regex.startsWith("[:", j) ? Math.max(2, regex.indexOf(":]", j + 2) + 2 - j) : 1;
      atom(Math.min(j + 1, regex.length) - i);
      i = j + 1;
    } else if (ch === "(") {
      stack.push({ total: 1, last: 0 });
      i++;
    } else if (ch === ")" && stack.length > 1) {
      const group = stack.pop()!;
      atom(group.total + 1);
      i++;
    } else if (ch === "{" && /^\{\d+(,\d*)?\}/.test(regex.slice(i))) {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(regex.slice(i))!;
      const min = Number(m[1]);
      const times = m[2] === undefined ? min : m[3] === "" ? min + 1 : Number(m[3]);
      const t = top();
      t.total += t.last * (Math.max(times, 1) - 1) + m[0].length;
      t.last = 0;
      i += m[0].length;
    } else {
      atom(1);
      i++;
    }
  }
  while (stack.length > 1) atom(stack.pop()!.total);
  return stack[0]!.total;
}

/** An expression as messages show it: between slashes, clipped, control characters visible. */
const shown = (regex: string): string => `/${visible(regex.length > 120 ? `${regex.slice(0, 117)}...` : regex)}/`;

/** Why a stored pattern is not what this forge compiles its source to (null: it is). */
export function storedPatternProblem(pattern: PathPattern): string | null {
  if (pattern.kind === "glob") {
    const t = translateGlob(pattern.source);
    if (!t.ok) return `this forge refuses the glob (${t.code}: ${t.detail})`;
    return pattern.regex === t.regex ? null : `it stores the expression ${shown(pattern.regex)}, not ${shown(t.regex)}, what the glob compiles to`;
  }
  if (pattern.regex !== pattern.source) return `it stores the expression ${shown(pattern.regex)} beside the regex ${shown(pattern.source)}`;
  if (unicodeClassAt(pattern.source) >= 0) return "it holds a Unicode class (\\p or \\P), which forge refuses";
  if (hasNestedQuantifier(pattern.source)) return "it nests quantifiers, like (a+)+ (path_regex_backtracking)";
  return null;
}

/**
 * The cost the runtime compiles for a pattern: its expression as forge derives it; nothing for a glob of the simplest
 * shapes (core/glob-shapes.ts, a string test) or one this forge refuses (it compiles nothing).
 */
export function costOf(pattern: Pick<PathPattern, "kind" | "source">): number {
  if (pattern.kind === "regex") return patternCost(pattern.source) + PER_PATTERN_COST;
  const t = translateGlob(pattern.source);
  return t.ok && simpleMatcher(t.regex) === null ? patternCost(t.regex) + PER_PATTERN_COST : 0;
}

/**
 * What compiling one expression costs beside its size: RE2JS spends about 0.1-0.25 ms on any expression, however
 * short (bench/path-patterns.mjs: 467 short allowRegex took 60-112 ms to compile). Without it the bound let a bundle
 * of hundreds of tiny patterns take over 50 ms to load; with it the bound holds at most 128 compiled patterns.
 */
export const PER_PATTERN_COST = 32;

/** The bundle's patterns by cost, each distinct pattern once (the runtime compiles each once), the costliest first. */
export function patternCosts(bundle: Pick<ForgeBundle, "modes" | "presets" | "rules">): { total: number; largest: Array<PatternAt & { cost: number }> } {
  const seen = new Set<string>();
  const list: Array<PatternAt & { cost: number }> = [];
  for (const p of bundlePatterns(bundle)) {
    const key = `${p.pattern.kind}\u0000${p.pattern.source}`;
    if (seen.has(key)) continue;
    seen.add(key);
    list.push({ ...p, cost: costOf(p.pattern) });
  }
  list.sort((a, b) => b.cost - a.cost);
  return { total: list.reduce((sum, p) => sum + p.cost, 0), largest: list };
}

/** The bound on a bundle's total pattern cost (schema/common.schema.json). */
export const MAX_PATTERN_COST = LIMITS.maxPatternCost;

/** What a bundle's patterns break: the first stored pattern that is not its source's compilation, and the budget. */
export type PatternProblem = { kind: "stored"; at: PatternAt; detail: string } | { kind: "cost"; total: number; largest: Array<PatternAt & { cost: number }> };

export function bundlePatternProblems(bundle: Pick<ForgeBundle, "modes" | "presets" | "rules">): PatternProblem[] {
  const problems: PatternProblem[] = [];
  for (const at of bundlePatterns(bundle)) {
    const detail = storedPatternProblem(at.pattern);
    if (detail !== null) problems.push({ kind: "stored", at, detail });
  }
  const costs = patternCosts(bundle);
  if (costs.total > MAX_PATTERN_COST) problems.push({ kind: "cost", total: costs.total, largest: costs.largest.slice(0, 3) });
  return problems;
}

/** "rule "db" when.paths "src/db/**"": where a pattern is and what it says. */
export function describePatternAt(at: PatternAt): string {
  const source = at.pattern.source.length > 80 ? `${at.pattern.source.slice(0, 77)}...` : at.pattern.source;
  return `${at.where} ${at.pattern.kind === "glob" ? JSON.stringify(source) : `/${source}/`}`;
}

/** The largest patterns as one clause: `rule "db" when.paths "x" (1,024), ...`. */
export function describeLargest(largest: ReadonlyArray<PatternAt & { cost: number }>): string {
  return largest.map((p) => `${describePatternAt(p)} (${p.cost.toLocaleString("en-US")})`).join(", ");
}
