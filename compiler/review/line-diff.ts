// A pure line diff (Myers' O(ND) algorithm) and its unified-diff rendering with @@ hunks, for `forge diff`.

/** One line of the edit script. `text` keeps its "\n"; only a file's last line may lack one. */
export interface LineOp {
  kind: "equal" | "delete" | "insert";
  text: string;
}

export interface UnifiedDiffOptions {
  /** The `---` header: what A is (e.g. `HEAD:mode/plan`, or `/dev/null` for an added component). */
  fromLabel: string;
  /** The `+++` header. */
  toLabel: string;
  /** Unchanged lines shown around each change; 3 like diff -u and git. */
  context?: number;
  /**
   * Above this many edits the middle part is replaced wholesale (still a correct diff, just not
   * minimal). Myers keeps one frontier per edit step, so a cap bounds time and memory for two
   * unrelated large prompts. Exposed so tests can reach the fallback.
   */
  maxEdits?: number;
}

const DEFAULT_CONTEXT = 3;
const DEFAULT_MAX_EDITS = 4000;
const NO_NEWLINE = "\\ No newline at end of file";

/** Splits text into lines that keep their "\n"; the last one lacks it when the text does not end in one. */
export function splitLines(text: string): string[] {
  return text === "" ? [] : (text.match(/[^\n]*\n|[^\n]+$/g) ?? []);
}

/**
 * Myers' greedy shortest edit script for a[lo..) vs b[lo..) (the caller trimmed the common
 * prefix and suffix). Each step's frontier is kept (only its 2d+3 live diagonals) so the path can be
 * walked back. Returns null when more than maxEdits edits are needed.
 */
function myers(a: readonly string[], b: readonly string[], maxEdits: number): LineOp[] | null {
  const n = a.length;
  const m = b.length;
  const max = n + m;
  const off = max + 1;
  const v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    if (d > maxEdits) return null;
    // The frontier before step d, diagonals -d-1..d+1, stored at index k + d + 1.
    trace.push(v.slice(off - d - 1, off + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[off + k - 1]! < v[off + k + 1]!) ? v[off + k + 1]! : v[off + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[off + k] = x;
      if (x >= n && y >= m) return backtrack(a, b, trace);
    }
  }
  /* c8 ignore next: the loop always ends by d = n + m */
  return null;
}

function backtrack(a: readonly string[], b: readonly string[], trace: readonly Int32Array[]): LineOp[] {
  const ops: LineOp[] = [];
  let x = a.length;
  let y = b.length;
  for (let d = trace.length - 1; d >= 0; d--) {
    const frontier = trace[d]!;
    const at = (k: number): number => frontier[k + d + 1]!;
    const k = x - y;
    const prevK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const prevX = at(prevK);
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      ops.push({ kind: "equal", text: a[x - 1]! });
      x--;
      y--;
    }
    if (d > 0) {
      // A move down the edit graph is an insertion, a move right a deletion.
      if (x === prevX) ops.push({ kind: "insert", text: b[y - 1]! });
      else ops.push({ kind: "delete", text: a[x - 1]! });
    }
    x = prevX;
    y = prevY;
  }
  return ops.reverse();
}

/** The edit script turning the lines of `a` into the lines of `b`. */
export function diffLines(a: string, b: string, maxEdits = DEFAULT_MAX_EDITS): LineOp[] {
  const la = splitLines(a);
  const lb = splitLines(b);
  let start = 0;
  while (start < la.length && start < lb.length && la[start] === lb[start]) start++;
  let endA = la.length;
  let endB = lb.length;
  while (endA > start && endB > start && la[endA - 1] === lb[endB - 1]) {
    endA--;
    endB--;
  }
  const midA = la.slice(start, endA);
  const midB = lb.slice(start, endB);
  const middle = myers(midA, midB, maxEdits) ?? [
    ...midA.map((text): LineOp => ({ kind: "delete", text })),
    ...midB.map((text): LineOp => ({ kind: "insert", text })),
  ];
  const equal = (text: string): LineOp => ({ kind: "equal", text });
  return [...la.slice(0, start).map(equal), ...middle, ...la.slice(endA).map(equal)];
}

/** `start,count` of a hunk side; an empty side names the line before it, a count of 1 is left out (as diff -u does). */
function range(start: number, count: number): string {
  if (count === 0) return `${start - 1},0`;
  return count === 1 ? `${start}` : `${start},${count}`;
}

function renderLine(prefix: string, text: string): string[] {
  return text.endsWith("\n") ? [prefix + text.slice(0, -1)] : [prefix + text, NO_NEWLINE];
}

/**
 * A unified diff of two texts: `---`/`+++` headers, then `@@ -a,b +c,d @@` hunks with `context`
 * lines around each change (hunks closer than 2*context merge). "" when the texts are equal.
 * A last line without "\n" is followed by `\ No newline at end of file`, like diff -u.
 */
export function unifiedDiff(a: string, b: string, options: UnifiedDiffOptions): string {
  if (a === b) return "";
  const context = options.context ?? DEFAULT_CONTEXT;
  const ops = diffLines(a, b, options.maxEdits ?? DEFAULT_MAX_EDITS);
  const changed = ops.map((op, i) => (op.kind === "equal" ? -1 : i)).filter((i) => i >= 0);
  const out = [`--- ${options.fromLabel}`, `+++ ${options.toLabel}`];
  // Line numbers (1-based) in A and B at each op index.
  const lineA: number[] = [];
  const lineB: number[] = [];
  let na = 1;
  let nb = 1;
  for (const op of ops) {
    lineA.push(na);
    lineB.push(nb);
    if (op.kind !== "insert") na++;
    if (op.kind !== "delete") nb++;
  }
  let i = 0;
  while (i < changed.length) {
    // Extend the hunk while the next change is within 2*context unchanged lines of the last one.
    let j = i;
    while (j + 1 < changed.length && changed[j + 1]! - changed[j]! <= 2 * context + 1) j++;
    const from = Math.max(0, changed[i]! - context);
    const to = Math.min(ops.length, changed[j]! + context + 1);
    const slice = ops.slice(from, to);
    const countA = slice.filter((op) => op.kind !== "insert").length;
    const countB = slice.filter((op) => op.kind !== "delete").length;
    out.push(`@@ -${range(lineA[from]!, countA)} +${range(lineB[from]!, countB)} @@`);
    for (const op of slice) out.push(...renderLine(op.kind === "equal" ? " " : op.kind === "delete" ? "-" : "+", op.text));
    i = j + 1;
  }
  return out.join("\n") + "\n";
}
