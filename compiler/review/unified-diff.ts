// Unified line diffs for `forge diff` and the studio: jsdiff's Myers diff, its hunks written the way diff -u writes them.
import { structuredPatch, type StructuredPatchHunk } from "diff";

export interface UnifiedDiffOptions {
  /** The `---` header: what A is (e.g. `HEAD:mode/plan`, or `/dev/null` for an added component). */
  fromLabel: string;
  /** The `+++` header. */
  toLabel: string;
  /** Unchanged lines shown around each change; 3 like diff -u and git. */
  context?: number;
  /**
   * Above this many edits the changed texts are replaced wholesale (still a correct diff, just not minimal). Myers'
   * work grows with the number of edits, so a cap bounds time and memory for two unrelated large prompts. Exposed so
   * tests can reach the fallback.
   */
  maxEdits?: number;
}

const DEFAULT_CONTEXT = 3;
/** jsdiff spends about 0.1 s on 1,000 edits of a 20,000-line text on this machine (docs/design/decisions.md, dependency notes). */
const DEFAULT_MAX_EDITS = 1000;
const NO_NEWLINE = "\\ No newline at end of file";

/** Splits text into lines that keep their "\n"; the last one lacks it when the text does not end in one. */
export function splitLines(text: string): string[] {
  return text === "" ? [] : (text.match(/[^\n]*\n|[^\n]+$/g) ?? []);
}

/** `start,count` of a hunk side; an empty side names the line before it, a count of 1 is left out (as diff -u does). */
function range(start: number, count: number): string {
  if (count === 0) return `${start - 1},0`;
  return count === 1 ? `${start}` : `${start},${count}`;
}

/** Hunk lines of one side removed (`-`) or added (`+`) whole, with the no-newline marker jsdiff would write. */
function sideLines(prefix: string, text: string): string[] {
  return splitLines(text).flatMap((line) => (line.endsWith("\n") ? [prefix + line.slice(0, -1)] : [prefix + line, NO_NEWLINE]));
}

/** The fallback past the edit cap: one hunk that removes A and adds B. */
function wholesale(a: string, b: string): StructuredPatchHunk {
  // Starts are 1-based as jsdiff's are; range() turns an empty side's into the line before it (0).
  return { oldStart: 1, oldLines: splitLines(a).length, newStart: 1, newLines: splitLines(b).length, lines: [...sideLines("-", a), ...sideLines("+", b)] };
}

/**
 * A unified diff of two texts: `---`/`+++` headers, then `@@ -a,b +c,d @@` hunks with `context` lines around each change
 * (hunks closer than 2*context merge). "" when the texts are equal. A last line without "\n" is followed by
 * `\ No newline at end of file`, like diff -u.
 */
export function unifiedDiff(a: string, b: string, options: UnifiedDiffOptions): string {
  if (a === b) return "";
  const context = options.context ?? DEFAULT_CONTEXT;
  const patch = structuredPatch("a", "b", a, b, undefined, undefined, { context, maxEditLength: options.maxEdits ?? DEFAULT_MAX_EDITS });
  const hunks = patch === undefined ? [wholesale(a, b)] : patch.hunks;
  const out = [`--- ${options.fromLabel}`, `+++ ${options.toLabel}`];
  for (const h of hunks) out.push(`@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@`, ...h.lines);
  return out.join("\n") + "\n";
}
