// The benches' quick passes in the suite: which run real Pi processes (test/e2e/bench-quick-pass.e2e.test.ts runs those
// with the other real-Pi tests, test/bench/quick-pass.test.ts the rest, so `npm run test:fast` starts no Pi), and the
// check each quick pass makes: it ran and recorded its figures (printed, never asserted: no timing assertions).
import { basename } from "node:path";
import { expect } from "vitest";
import { runBench } from "../../bench/support/run-bench.mjs";

export const PI_BENCHES: readonly string[] = ["forge-test.mjs", "runtime-startup.mjs", "tools-session.mjs", "updates-session.mjs"];

/** Runs `file --quick`, prints its figures into the test output, and checks that it ran and recorded them. */
export async function checkQuickPass(file: string): Promise<void> {
  const run = await runBench(file, { quick: true });
  console.log(`${basename(file)} --quick (${run.seconds.toFixed(1)} s):\n${run.output}`);
  expect(run.reason, run.output).toBeNull();
  expect(run.figures?.quick).toBe(true);
  expect(run.figures?.bench).toBe(basename(file, ".mjs"));
}
