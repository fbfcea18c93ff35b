// `forge test --format github`: GitHub Actions annotations at the test file's line (the failing assertion's, else the
// test's), diagnostics of the test files and sources, then one summary line for the log.
import { join } from "node:path";
import type { TestReport } from "../prompt-tests/test-report.js";
import { describeTokenChange } from "../prompt-tests/snapshots.js";
import { annotateDiagnostic, workflowCommand, workspacePath, type AnnotationPaths } from "./annotations.js";

export function renderTestAnnotations(report: TestReport, forgeRoot: string, workspace: string): string {
  const paths: AnnotationPaths = { forgeRoot, bundlePath: join(forgeRoot, "bundle.json"), workspace };
  const file = (f: string) => workspacePath(paths, join(forgeRoot, ...f.split("/")));
  const lines = report.diagnostics.map((d) => annotateDiagnostic(d, paths));
  for (const r of report.results) {
    const title = `forge test ${r.test} on ${r.host}${r.hostVersion ? ` (${r.hostVersion})` : ""}`;
    if (r.status === "skipped") {
      lines.push(
        workflowCommand(
          "error",
          [
            ["file", file(r.file)],
            ["line", r.line],
            ["col", r.column],
            ["title", title],
          ],
          `not run: ${r.reason}`,
        ),
      );
      continue;
    }
    for (const a of r.assertions.filter((x) => !x.passed)) {
      const diff = a.kind === "snapshot" && r.snapshot?.diff ? `\n${r.snapshot.diff}` : "";
      lines.push(
        workflowCommand(
          "error",
          [
            ["file", file(r.file)],
            ["line", a.line],
            ["col", a.column],
            ["title", `${title}: ${a.kind}`],
          ],
          `${a.message}${diff}`,
        ),
      );
    }
  }
  for (const c of report.against?.comparisons ?? []) {
    if (c.verdict !== "changed" && c.verdict !== "broken") continue;
    const tokens = c.tokens ? `: ${describeTokenChange(c.tokens)}` : "";
    const command = c.verdict === "broken" ? "error" : "notice";
    lines.push(
      workflowCommand(
        command,
        [
          ["file", file(c.file)],
          ["line", c.line],
          ["col", c.column],
          ["title", `forge test ${c.test} on ${c.host}: ${c.verdict}`],
        ],
        `prompt ${c.verdict} against ${report.against!.ref}${tokens}\n${c.diff}`,
      ),
    );
  }
  const s = report.summary;
  lines.push(`forge test: ${report.status} (${s.passed} passed, ${s.failed} failed, ${s.skipped} not run${report.against ? `, ${s.changed} changed` : ""})`);
  return `${lines.join("\n")}\n`;
}
