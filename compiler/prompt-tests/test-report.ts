// What `forge test` reports (every reporter renders this one value; --json prints it, schema/test-report.schema.json).
import type { Diagnostic } from "../../core/diagnostic.js";
import type { ForgeTestReport } from "../../generated/types.js";
import type { Holds } from "../review/schema-check.js";
import type { TestResult } from "./evaluate.js";
import type { TokenChange, Tier } from "./snapshots.js";
import type { HostId } from "./test-case.js";

/** pure, pi (--pi), or model (--model: a real model's behaviour). */
export type ReportTier = Tier | "model";

/** --pi: one host as found on this machine. */
export interface HostStatus {
  host: HostId;
  /** The host package's version, when installed. */
  version: string | null;
  /** Why its tests cannot run (not installed, no fitting Node), with what to install; null when it ran. */
  problem: string | null;
}

/** --against: one test on one host, on the ref's side and on this one. */
export interface Comparison {
  file: string;
  line: number;
  column: number;
  test: string;
  host: HostId;
  preset: string | null;
  /** The status on the ref's side (absent: no such test could run there) and here. */
  before: TestResult["status"] | "absent";
  after: TestResult["status"];
  /**
   * changed: passes on both sides, but its prompt changed; broken: passed there, fails here; fixed: the other way;
   * failing: fails on both; unchanged: the same prompt and status.
   */
  verdict: "changed" | "unchanged" | "broken" | "fixed" | "failing";
  /** The unified diff of the prompt from the ref's side to this one ("" when the same). */
  diff: string;
  tokens: TokenChange | null;
}

export interface AgainstReport {
  ref: string;
  comparisons: Comparison[];
}

export interface TestSummary {
  /** Tests that ran (each on one or more hosts). */
  tests: number;
  results: number;
  passed: number;
  failed: number;
  skipped: number;
  /** --against: results whose prompt changed. */
  changed: number;
}

export interface TestReport {
  command: "test";
  /** passed: every result passed; failed: a result failed or could not run; errors: test files or sources have errors. */
  status: "passed" | "failed" | "errors";
  tier: ReportTier;
  hosts: HostStatus[];
  summary: TestSummary;
  results: TestResult[];
  against: AgainstReport | null;
  diagnostics: Diagnostic[];
}

/** The report's type and its schema's (schema/test-report.schema.json) may not part: this fails to type-check. */
export type TestReportMatchesSchema = Holds<TestReport extends ForgeTestReport ? true : false>;

/** The report of a run: its status from the results, any error diagnostic, and skipped results (a host that could not run). */
export function makeReport(input: {
  tier: ReportTier;
  hosts: HostStatus[];
  tests: number;
  results: TestResult[];
  against: AgainstReport | null;
  diagnostics: Diagnostic[];
}): TestReport {
  const count = (s: TestResult["status"]) => input.results.filter((r) => r.status === s).length;
  const summary: TestSummary = {
    tests: input.tests,
    results: input.results.length,
    passed: count("passed"),
    failed: count("failed"),
    skipped: count("skipped"),
    changed: input.against?.comparisons.filter((c) => c.diff !== "").length ?? 0,
  };
  const errors = input.diagnostics.some((d) => d.severity === "error");
  // A result that could not run is not a pass: CI must not go green on a host it never checked.
  const status = errors ? "errors" : summary.failed > 0 || summary.skipped > 0 ? "failed" : "passed";
  return {
    command: "test",
    status,
    tier: input.tier,
    hosts: input.hosts,
    summary,
    results: input.results,
    against: input.against,
    diagnostics: input.diagnostics,
  };
}

/** 0 when everything passed, 1 otherwise (2, a usage error, is the CLI's). */
export function exitCodeOf(report: TestReport): number {
  return report.status === "passed" ? 0 : 1;
}
