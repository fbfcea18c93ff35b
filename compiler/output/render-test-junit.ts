// `forge test --reporter junit`: the report as JUnit XML (one testsuite per test file, one testcase per test and
// host), in the shape Jenkins' JUnit schema (junit-4.xsd) accepts: no attribute it does not declare, a skip's reason
// as the text of <skipped> (test/cli/forge-test.test.ts validates the output with libxml2).
import type { TestResult } from "../prompt-tests/evaluate.js";
import type { TestReport } from "../prompt-tests/test-report.js";
import type { ShowPath } from "./render-test.js";

/** XML 1.0 text: markup escaped, and the characters XML cannot carry at all (most C0 controls) replaced. */
export function xmlText(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, "\uFFFD")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

function attr(text: string): string {
  return xmlText(text).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");
}

function testcase(r: TestResult, show: ShowPath): string {
  const name = `${r.test} on ${r.host}${r.hostVersion ? ` (${r.hostVersion})` : ""}`;
  const where = `${show(r.file)}:${r.line}:${r.column}`;
  const open = `    <testcase name="${attr(name)}" classname="${attr(show(r.file))}" time="0">`;
  if (r.status === "passed") return `${open.replace(/>$/, "/>")}`;
  if (r.status === "skipped") return `${open}\n      <skipped>${xmlText(r.reason ?? "not run")}</skipped>\n    </testcase>`;
  const failed = r.assertions.filter((a) => !a.passed);
  const failures = failed.map((a) => {
    const diff = a.kind === "snapshot" && r.snapshot?.diff ? `\n${r.snapshot.diff}` : "";
    return `      <failure type="${a.kind}" message="${attr(a.message)}">${xmlText(`${show(r.file)}:${a.line}:${a.column} ${a.kind}: ${a.message}${diff}`)}</failure>`;
  });
  return [open, ...failures, `      <system-out>${xmlText(`test ${where}`)}</system-out>`, "    </testcase>"].join("\n");
}

export function renderTestJunit(report: TestReport, show: ShowPath): string {
  const files = [...new Set(report.results.map((r) => r.file))];
  const count = (list: readonly TestResult[], status: TestResult["status"]) => list.filter((r) => r.status === status).length;
  const suites = files.map((file) => {
    const results = report.results.filter((r) => r.file === file);
    const head = `  <testsuite name="${attr(show(file))}" tests="${results.length}" failures="${count(results, "failed")}" errors="0" skipped="${count(results, "skipped")}" time="0">`;
    return [head, ...results.map((r) => testcase(r, show)), "  </testsuite>"].join("\n");
  });
  // Errors in the test files or sources: a suite of their own, so CI shows why nothing ran.
  const errors = report.diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) {
    const cases = errors.map(
      (d) =>
        `    <testcase name="${attr(d.code)}" classname="forge test" time="0">\n      <error type="${attr(d.code)}" message="${attr(d.message)}">${xmlText(`${d.file === null ? "" : `${show(d.file)}:${d.start?.line ?? 1}:${d.start?.column ?? 1} `}${d.message}`)}</error>\n    </testcase>`,
    );
    suites.push(
      [
        `  <testsuite name="forge test: test files and sources" tests="${errors.length}" failures="0" errors="${errors.length}" time="0">`,
        ...cases,
        "  </testsuite>",
      ].join("\n"),
    );
  }
  const s = report.summary;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="forge test" tests="${s.results + errors.length}" failures="${s.failed}" errors="${errors.length}" time="0">`,
    ...suites,
    "</testsuites>",
    "",
  ].join("\n");
}
