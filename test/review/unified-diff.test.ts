// The unified line diff (jsdiff underneath): worked examples, and properties (applying the hunks to A gives B; the edit script is minimal).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { splitLines, unifiedDiff } from "../../compiler/review/unified-diff.js";

const LABELS = { fromLabel: "A", toLabel: "B" };

/** Applies a unified diff to `a` the way patch(1) would, checking every context and removed line. */
function applyUnifiedDiff(a: string, diff: string): string {
  if (diff === "") return a;
  const lines = diff.replace(/\n$/, "").split("\n");
  expect(lines[0]).toBe("--- A");
  expect(lines[1]).toBe("+++ B");
  const source = splitLines(a);
  const out: string[] = [];
  let pos = 0; // next unread line of A (0-based)
  let i = 2;
  while (i < lines.length) {
    const header = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@$/.exec(lines[i]!);
    if (!header) throw new Error(`expected a hunk header, got ${JSON.stringify(lines[i])}`);
    const startA = Number(header[1]);
    const countA = header[2] === undefined ? 1 : Number(header[2]);
    const startB = Number(header[3]);
    const countB = header[4] === undefined ? 1 : Number(header[4]);
    const hunkStart = countA === 0 ? startA : startA - 1;
    expect(hunkStart).toBeGreaterThanOrEqual(pos);
    out.push(...source.slice(pos, hunkStart));
    pos = hunkStart;
    // B's start agrees with what was written so far.
    expect(countB === 0 ? startB : startB - 1).toBe(out.length);
    let seenA = 0;
    let seenB = 0;
    i++;
    while (i < lines.length && !lines[i]!.startsWith("@@")) {
      const line = lines[i]!;
      const noEol = lines[i + 1] === "\\ No newline at end of file";
      const text = line.slice(1) + (noEol ? "" : "\n");
      if (line[0] === " " || line[0] === "-") {
        expect(source[pos]).toBe(text);
        pos++;
        seenA++;
      }
      if (line[0] === " " || line[0] === "+") {
        out.push(text);
        seenB++;
      }
      if (!" -+".includes(line[0]!)) throw new Error(`unexpected diff line ${JSON.stringify(line)}`);
      i += noEol ? 2 : 1;
    }
    expect([seenA, seenB]).toEqual([countA, countB]);
  }
  out.push(...source.slice(pos));
  return out.join("");
}

/** The ops of a one-hunk unified diff, each line with its "\n" back (none before a no-newline marker). */
function editScript(diff: string): Array<{ kind: "equal" | "delete" | "insert"; text: string }> {
  const lines = diff === "" ? [] : diff.replace(/\n$/, "").split("\n").slice(3);
  const ops: Array<{ kind: "equal" | "delete" | "insert"; text: string }> = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line === "\\ No newline at end of file") continue;
    const text = line.slice(1) + (lines[i + 1] === "\\ No newline at end of file" ? "" : "\n");
    ops.push({ kind: line[0] === "-" ? "delete" : line[0] === "+" ? "insert" : "equal", text });
  }
  return ops;
}

/** Length of the longest common subsequence of two line lists (plain DP; small inputs only). */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  let prev = new Array<number>(b.length + 1).fill(0);
  for (const x of a) {
    const row = [0];
    for (let j = 0; j < b.length; j++) row.push(x === b[j] ? prev[j]! + 1 : Math.max(prev[j + 1]!, row[j]!));
    prev = row;
  }
  return prev[b.length]!;
}

/** Texts from a small alphabet of lines, so equal lines (and tricky alignments) are common. */
const text = fc
  .tuple(fc.array(fc.constantFrom("a", "b", "c", "", "a b", " c"), { maxLength: 30 }), fc.boolean())
  .map(([lines, trailingNewline]) => lines.join("\n") + (trailingNewline && lines.length > 0 ? "\n" : ""));

describe("unifiedDiff examples", () => {
  const cases: Array<{ name: string; a: string; b: string; expected: string }> = [
    { name: "identical texts give no diff", a: "x\ny\n", b: "x\ny\n", expected: "" },
    { name: "both empty", a: "", b: "", expected: "" },
    { name: "added from nothing", a: "", b: "one\ntwo\n", expected: "--- A\n+++ B\n@@ -0,0 +1,2 @@\n+one\n+two\n" },
    { name: "removed to nothing", a: "one\n", b: "", expected: "--- A\n+++ B\n@@ -1 +0,0 @@\n-one\n" },
    {
      name: "one line edited in the middle, three lines of context",
      a: "1\n2\n3\n4\n5\n6\n7\n8\n9\n",
      b: "1\n2\n3\n4\nfive\n6\n7\n8\n9\n",
      expected: "--- A\n+++ B\n@@ -2,7 +2,7 @@\n 2\n 3\n 4\n-5\n+five\n 6\n 7\n 8\n",
    },
    {
      name: "a missing final newline is marked",
      a: "x\ny",
      b: "x\ny\n",
      expected: "--- A\n+++ B\n@@ -1,2 +1,2 @@\n x\n-y\n\\ No newline at end of file\n+y\n",
    },
    {
      name: "changes far apart make two hunks",
      a: "a\n1\n2\n3\n4\n5\n6\n7\n8\nb\n",
      b: "A\n1\n2\n3\n4\n5\n6\n7\n8\nB\n",
      expected: "--- A\n+++ B\n@@ -1,4 +1,4 @@\n-a\n+A\n 1\n 2\n 3\n@@ -7,4 +7,4 @@\n 6\n 7\n 8\n-b\n+B\n",
    },
    {
      name: "changes six lines apart share one hunk",
      a: "a\n1\n2\n3\n4\n5\n6\nb\n",
      b: "A\n1\n2\n3\n4\n5\n6\nB\n",
      expected: "--- A\n+++ B\n@@ -1,8 +1,8 @@\n-a\n+A\n 1\n 2\n 3\n 4\n 5\n 6\n-b\n+B\n",
    },
  ];
  it.each(cases)("$name", ({ a, b, expected }) => {
    const diff = unifiedDiff(a, b, LABELS);
    expect(diff).toBe(expected);
    expect(applyUnifiedDiff(a, diff)).toBe(b);
  });

  it("an insertion with no context names the line before it", () => {
    expect(unifiedDiff("1\n2\n", "1\nnew\n2\n", { ...LABELS, context: 0 })).toBe("--- A\n+++ B\n@@ -1,0 +2 @@\n+new\n");
  });

  it("splits lines keeping their newline, the last one without when the text has none", () => {
    expect(splitLines("")).toEqual([]);
    expect(splitLines("a\n\nb")).toEqual(["a\n", "\n", "b"]);
    expect(splitLines("\n")).toEqual(["\n"]);
  });
});

describe("unifiedDiff properties", () => {
  it("applying the hunks to A gives B", () => {
    fc.assert(
      fc.property(text, text, fc.integer({ min: 0, max: 4 }), (a, b, context) => {
        expect(applyUnifiedDiff(a, unifiedDiff(a, b, { ...LABELS, context }))).toBe(b);
      }),
      { numRuns: 500 },
    );
  });

  it("the edit script is minimal: as many edits as the lines outside a longest common subsequence", () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        const la = splitLines(a);
        const lb = splitLines(b);
        // With context covering both texts the diff is one hunk: the whole edit script, one line per op.
        const ops = a === b ? la.map((line) => ({ kind: "equal", text: line })) : editScript(unifiedDiff(a, b, { ...LABELS, context: la.length + lb.length }));
        expect(ops.filter((op) => op.kind !== "equal").length).toBe(la.length + lb.length - 2 * lcsLength(la, lb));
        expect(ops.filter((op) => op.kind !== "insert").map((op) => op.text)).toEqual(la);
        expect(ops.filter((op) => op.kind !== "delete").map((op) => op.text)).toEqual(lb);
      }),
      { numRuns: 500 },
    );
  });

  it("past the edit cap the diff is still correct, just not minimal", () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(applyUnifiedDiff(a, unifiedDiff(a, b, { ...LABELS, maxEdits: 1 }))).toBe(b);
      }),
      { numRuns: 300 },
    );
  });

  it("diffs two large unrelated prompts quickly through the cap", () => {
    const a = Array.from({ length: 20_000 }, (_, i) => `a${i}\n`).join("");
    const b = Array.from({ length: 20_000 }, (_, i) => `b${i}\n`).join("");
    expect(applyUnifiedDiff(a, unifiedDiff(a, b, LABELS))).toBe(b);
  });
});
