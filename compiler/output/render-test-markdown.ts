// `forge test --format markdown`: a pull-request comment. A summary table, then per preset the changed or failing
// prompts, each diff folded in <details> so a long comment stays readable.
import type { TestResult } from "../prompt-tests/evaluate.js";
import { describeTokenChange, type TokenChange } from "../prompt-tests/snapshots.js";
import type { TestReport } from "../prompt-tests/test-report.js";
import type { ShowPath } from "./render-test.js";

/** A fenced block that no run of backticks inside `text` can close. */
function fenced(text: string, lang: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = "`".repeat(longest + 1);
  return `${fence}${lang}\n${text.replace(/\n$/, "")}\n${fence}`;
}

/** Text for a table cell or a summary line: no pipe, line break or HTML tag. */
function cell(text: string): string {
  return text.replace(/[|<>\r\n]/g, (c) => ({ "|": "\\|", "<": "&lt;", ">": "&gt;" })[c] ?? " ");
}

const STATUS: Record<TestResult["status"], string> = { passed: "✅ passed", failed: "❌ failed", skipped: "⚠️ not run" };

interface Entry {
  preset: string | null;
  title: string;
  diff: string;
  tokens: TokenChange | null;
}

function grouped(entries: readonly Entry[]): string[] {
  const groups = new Map<string, Entry[]>();
  for (const e of entries) {
    const key = e.preset === null ? "modes" : `preset ${e.preset}`;
    groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const out: string[] = [];
  for (const [name, list] of [...groups].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const delta = list.reduce((n, e) => n + (e.tokens?.delta ?? 0), 0);
    out.push(`<details><summary>${cell(name)}: ${list.length} prompt${list.length === 1 ? "" : "s"} (${delta >= 0 ? "+" : ""}${delta} tokens)</summary>`, "");
    for (const e of list) out.push(`**${cell(e.title)}**${e.tokens ? ` (${describeTokenChange(e.tokens)})` : ""}`, "", fenced(e.diff, "diff"), "");
    out.push("</details>", "");
  }
  return out;
}

export function renderTestMarkdown(report: TestReport, show: ShowPath): string {
  const s = report.summary;
  const icon = report.status === "passed" ? "✅" : "❌";
  const lines = [
    `## ${icon} forge test: ${s.passed} passed, ${s.failed} failed${s.skipped ? `, ${s.skipped} not run` : ""}${report.against ? `, ${s.changed} prompts changed` : ""}`,
    "",
  ];
  for (const h of report.hosts) lines.push(`- ${h.host}: ${cell(h.problem ?? `Pi ${h.version}`)}`);
  if (report.hosts.length > 0) lines.push("");
  if (report.status === "errors")
    lines.push(`${report.diagnostics.filter((d) => d.severity === "error").length} error(s) in the test files or sources: see the job log.`, "");
  lines.push("| test | host | status | file |", "|---|---|---|---|");
  for (const r of report.results)
    lines.push(
      `| ${cell(r.test)} | ${r.host}${r.hostVersion ? ` (${cell(r.hostVersion)})` : ""} | ${STATUS[r.status]} | \`${cell(show(r.file))}:${r.line}\` |`,
    );
  lines.push("");
  const failures = report.results.filter((r) => r.status !== "passed");
  if (failures.length > 0) {
    lines.push("### Failures", "");
    for (const r of failures) {
      const why = r.status === "skipped" ? [`not run: ${r.reason}`] : r.assertions.filter((a) => !a.passed).map((a) => `${a.kind}: ${a.message}`);
      lines.push(`- **${cell(r.test)} on ${r.host}**: ${why.map(cell).join("; ")}`);
    }
    lines.push("");
    const diffs = failures
      .filter((r) => r.snapshot?.diff)
      .map((r) => ({ preset: r.preset, title: `${r.test} on ${r.host}`, diff: r.snapshot!.diff, tokens: r.snapshot!.tokens }));
    if (diffs.length > 0) lines.push("#### Snapshot diffs", "", ...grouped(diffs));
  }
  if (report.against !== null) {
    const changed = report.against.comparisons.filter((c) => c.diff !== "");
    lines.push(`### Prompt changes against \`${cell(report.against.ref)}\``, "");
    if (changed.length === 0) lines.push("No prompt changed.", "");
    else
      lines.push(
        ...grouped(
          changed.map((c) => ({ preset: c.preset, title: `${c.test} on ${c.host}: ${c.verdict} (${c.before} -> ${c.after})`, diff: c.diff, tokens: c.tokens })),
        ),
      );
  }
  return `${lines.join("\n").replace(/\n+$/, "")}\n`;
}
