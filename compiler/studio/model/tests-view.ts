// The Tests view's data: forge test's pure-tier results as rows, a failing snapshot with its diff and token change.
import type { TestResult } from "../../prompt-tests/evaluate.js";
import { describeTokenChange } from "../../prompt-tests/snapshots.js";
import type { TestRow, TestsData } from "./studio-api.js";

/** `forgeRootFile`: a forge-root-relative path as the page shows it (relative to the project root). */
export function testsView(results: readonly TestResult[], show: (forgeRootFile: string) => string, problem: string | null = null): TestsData {
  const rows: TestRow[] = results.map((r) => ({
    id: `${r.file}#${r.test}@${r.host}`,
    location: `${show(r.file)}:${r.line}`,
    test: r.test,
    host: r.host,
    status: r.status,
    failures: r.status === "skipped" ? [`not run: ${r.reason}`] : r.assertions.filter((a) => !a.passed).map((a) => `${a.kind}: ${a.message}`),
    snapshot:
      r.snapshot !== null && r.snapshot.status === "mismatched"
        ? { file: show(r.snapshot.file), diff: r.snapshot.diff, tokens: r.snapshot.tokens === null ? null : describeTokenChange(r.snapshot.tokens) }
        : null,
  }));
  const count = (s: TestRow["status"]) => rows.filter((r) => r.status === s).length;
  return { problem, rows, summary: { passed: count("passed"), failed: count("failed"), skipped: count("skipped") } };
}
