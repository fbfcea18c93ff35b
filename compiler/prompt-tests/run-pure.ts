// The pure tier's run: every test on each of its hosts, composed in memory and judged. Pure.
import type { ParsedSource } from "../phases/2-parse.js";
import type { TokensOf } from "../review/explain-tokens.js";
import { factsOf, judge, type SnapshotWrite, type TestResult } from "./evaluate.js";
import { volatileOf } from "./prompt-view.js";
import { composeTestPrompt, type TestContext } from "./pure-run.js";
import type { StoredSnapshot } from "./snapshots.js";
import type { HostId, PromptTest } from "./test-case.js";

export interface TierOptions {
  /** The snapshot file at a path relative to the forge root (null: none). */
  stored: (file: string) => StoredSnapshot;
  /** --update: write differing and missing snapshots instead of failing. */
  update: boolean;
  /** This run's command with --update, as a failing snapshot's hint prints it. */
  updateCommand: string;
  /** --host: only these hosts (null: each test's own). */
  hosts: readonly HostId[] | null;
}

export interface TierRun {
  results: TestResult[];
  writes: SnapshotWrite[];
}

/** The hosts a test runs on in this run. */
export function hostsOf(test: PromptTest, only: readonly HostId[] | null): HostId[] {
  return test.hosts.filter((h) => only === null || only.includes(h));
}

export function runPureTier(
  ctx: TestContext & { tokensOf?: TokensOf },
  tests: readonly PromptTest[],
  sources: ReadonlyMap<string, ParsedSource>,
  options: TierOptions,
): TierRun {
  const results: TestResult[] = [];
  const writes: SnapshotWrite[] = [];
  for (const test of tests) {
    const facts = factsOf(ctx, test);
    for (const host of hostsOf(test, options.hosts)) {
      const view = composeTestPrompt(ctx, test, host);
      const run = { tier: "pure" as const, hostVersion: null, volatile: volatileOf(test.inputs), source: sources.get(test.file)!, ...options };
      const { result, write } = judge(test, view, facts, run);
      results.push(result);
      if (write !== null) writes.push(write);
    }
  }
  return { results, writes };
}
