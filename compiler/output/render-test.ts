// forge test's human report: one line per test and host, every failed assertion at its place in the test file, a
// failing snapshot's unified diff with the token change, --against's changed prompts, then the summary.
import { visible } from "../../core/safe-text.js";
import type { TestResult } from "../prompt-tests/evaluate.js";
import { describeTokenChange } from "../prompt-tests/snapshots.js";
import type { Comparison, TestReport } from "../prompt-tests/test-report.js";
import { plural, type Painter } from "./painter.js";

/** Paths as the command prints them: a file of the forge root, relative to the current directory. */
export type ShowPath = (forgeRootFile: string) => string;

/** A unified diff, its added lines green and removed ones red. */
export function paintDiff(diff: string, p: Painter, indent: string): string[] {
  return diff
    .replace(/\n$/, "")
    .split("\n")
    .map((line) => {
      const shown = indent + visible(line);
      if (line.startsWith("+") && !line.startsWith("+++")) return p.paint("green", shown);
      if (line.startsWith("-") && !line.startsWith("---")) return p.paint("red", shown);
      return line.startsWith("@@") ? p.paint("cyan", shown) : shown;
    });
}

function hostName(r: Pick<TestResult, "host" | "hostVersion">): string {
  return r.hostVersion === null ? r.host : `${r.host} (${r.hostVersion})`;
}

function resultLines(r: TestResult, p: Painter, show: ShowPath): string[] {
  const where = `${show(r.file)}:${r.line}:${r.column}`;
  if (r.status === "skipped") return [`${p.paint("yellow", "-")} ${r.test} on ${hostName(r)}: not run: ${r.reason}  ${p.paint("dim", where)}`];
  const rate = r.runs === undefined ? "" : `: ${r.runs.passed}/${r.runs.runs} runs met every expectation`;
  if (r.status === "passed") return [`${p.paint("green", "✓")} ${r.test} on ${hostName(r)}${rate}`];
  const lines = [`${p.paint("red", "✗")} ${r.test} on ${hostName(r)}${rate}  ${p.paint("dim", where)}`];
  for (const a of r.assertions.filter((x) => !x.passed)) {
    lines.push(`    ${p.paint("red", a.kind)}: ${visible(a.message)}  ${p.paint("dim", `${show(r.file)}:${a.line}:${a.column}`)}`);
    if (a.kind === "snapshot" && r.snapshot !== null && r.snapshot.diff !== "" && r.snapshot.status !== "missing") {
      lines.push(`      ${show(r.snapshot.file)}`, ...paintDiff(r.snapshot.diff, p, "      "));
    } else if (a.kind === "snapshot" && r.snapshot !== null) lines.push(`      ${show(r.snapshot.file)}`);
  }
  return lines;
}

function comparisonLines(c: Comparison, p: Painter, show: ShowPath): string[] {
  const status = `${c.before} -> ${c.after}`;
  const tokens = c.tokens === null ? "" : `, ${describeTokenChange(c.tokens)}`;
  const head = `${c.verdict === "broken" ? p.paint("red", c.verdict) : c.verdict === "changed" ? p.paint("yellow", c.verdict) : c.verdict}: ${c.test} on ${c.host} (${status}${tokens})  ${p.paint("dim", `${show(c.file)}:${c.line}:${c.column}`)}`;
  return c.diff === "" ? [head] : [head, ...paintDiff(c.diff, p, "    ")];
}

/** Every line of the report; diagnostics are printed before it, on stderr. */
export function renderTestReport(report: TestReport, p: Painter, show: ShowPath): string {
  const lines: string[] = [];
  for (const h of report.hosts) lines.push(h.problem === null ? `${h.host}: Pi ${h.version}` : p.paint("yellow", `${h.host}: ${h.problem}`));
  for (const r of report.results) lines.push(...resultLines(r, p, show));
  for (const w of report.results.flatMap((r) => (r.snapshot && (r.snapshot.status === "written" || r.snapshot.status === "updated") ? [r.snapshot] : [])))
    lines.push(`${p.paint("cyan", w.status)} ${show(w.file)}${w.tokens ? ` (${describeTokenChange(w.tokens)})` : ""}`);
  if (report.against !== null) {
    const shown = report.against.comparisons.filter((c) => c.verdict !== "unchanged");
    lines.push(
      p.paint("bold", `against ${visible(report.against.ref)}: ${plural(report.summary.changed, "prompt")} changed`),
      ...shown.flatMap((c) => comparisonLines(c, p, show)),
    );
  }
  const s = report.summary;
  const counts = [`${s.passed} passed`, ...(s.failed ? [`${s.failed} failed`] : []), ...(s.skipped ? [`${s.skipped} not run`] : [])].join(", ");
  const tier = report.tier === "pi" ? "captured from Pi" : report.tier === "model" ? "a real model" : "pure tier";
  const spent = report.results.flatMap((r) => (r.runs ? [r.runs] : []));
  if (report.tier === "model") {
    const sum = (k: "inputTokens" | "outputTokens") => spent.reduce((n, x) => n + x[k], 0).toLocaleString("en-US");
    lines.push(`token spend: ${sum("inputTokens")} input, ${sum("outputTokens")} output tokens (the provider's usage, as Pi recorded it)`);
  }
  const head = report.status === "errors" ? p.paint("red", "forge test: errors in the test files or sources (see above)") : `forge test: ${counts}`;
  lines.push(`${head} (${plural(s.tests, "test")}, ${plural(s.results, "result")}; ${tier})`);
  return `${lines.join("\n")}\n`;
}
