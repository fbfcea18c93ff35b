// forge test --against: each test's result on the ref's side and on this one, compared: the statuses, the prompt's
// unified diff and its token change. A test that passes on both sides but whose prompt changed is listed as changed.
import { unifiedDiff } from "../review/unified-diff.js";
import type { TestResult } from "./evaluate.js";
import { tokenChange } from "./snapshots.js";
import type { Comparison } from "./test-report.js";

function verdictOf(before: Comparison["before"], after: Comparison["after"], changed: boolean): Comparison["verdict"] {
  const ok = (s: Comparison["before"]) => s === "passed";
  if (ok(before) && !ok(after)) return "broken";
  if (!ok(before) && ok(after)) return "fixed";
  if (!ok(before) && !ok(after)) return "failing";
  return changed ? "changed" : "unchanged";
}

/** One comparison per result of this side (`after`), matched by test file, name and host. */
export function compareSides(ref: string, before: readonly TestResult[], after: readonly TestResult[]): Comparison[] {
  return after.map((a) => {
    const b = before.find((x) => x.file === a.file && x.test === a.test && x.host === a.host);
    const from = b === undefined || b.status === "skipped" ? "" : b.prompt;
    const to = a.status === "skipped" ? "" : a.prompt;
    const diff = from === to ? "" : unifiedDiff(from, to, { fromLabel: `${ref} (${a.test} on ${a.host})`, toLabel: `worktree (${a.test} on ${a.host})` });
    return {
      file: a.file,
      line: a.line,
      column: a.column,
      test: a.test,
      host: a.host,
      preset: a.preset,
      before: b?.status ?? "absent",
      after: a.status,
      verdict: verdictOf(b?.status ?? "absent", a.status, diff !== ""),
      diff,
      tokens: diff === "" || from === "" || to === "" ? null : tokenChange(from, to),
    };
  });
}
