// forge test --against REF: the ref's sources built in a temporary git worktree, every test run there too (the same
// tier), and each result compared with this side's.
import { realpathSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { compareSides } from "../prompt-tests/compare-sides.js";
import type { TestResult } from "../prompt-tests/evaluate.js";
import type { TierOptions, TierRun } from "../prompt-tests/run-pure.js";
import type { PromptTest } from "../prompt-tests/test-case.js";
import type { AgainstReport } from "../prompt-tests/test-report.js";
import { readCompileContext } from "./compile-context.js";
import { forgeVersion, loadBuiltinBundle, resolveTarget } from "./forge-target.js";
import { addWorktree } from "./git-worktree.js";
import { runBuild } from "./run-build.js";
import { readTestSide, type TestSide } from "./test-side.js";
import { TestRunError } from "./test-run-error.js";

export interface AgainstRun {
  ref: string;
  /** Whether the tier needs the ref's bundle built on disk (--pi: Pi loads it). */
  writeBundle: boolean;
  options: Omit<TierOptions, "stored">;
  env: NodeJS.ProcessEnv;
  /** Runs the tests on a side, in the tier of this run. */
  runTier(side: TestSide, tests: readonly PromptTest[], options: TierOptions): Promise<TierRun>;
}

export async function runAgainst(side: TestSide, tests: readonly PromptTest[], results: readonly TestResult[], run: AgainstRun): Promise<AgainstReport> {
  const worktree = addWorktree(side.target.root, run.ref, run.env);
  if ("problem" in worktree) throw new TestRunError(worktree.problem);
  try {
    const rel = relative(worktree.top, realpathSync(side.target.root));
    const refTarget = resolveTarget({ root: join(worktree.dir, ...rel.split(sep).filter((s) => s !== "")) }, run.env, side.target.cwd);
    if (run.writeBundle) {
      const context = readCompileContext(refTarget, loadBuiltinBundle());
      runBuild(refTarget, { check: false, forgeVersion, layersBeneath: context.link.layersBeneath, cacheDir: null, env: run.env });
    }
    const refSide = readTestSide(refTarget);
    if (refSide.ctx === null) {
      // The ref's sources do not compile: every test counts as failing there.
      return { ref: run.ref, comparisons: compareSides(run.ref, [], results) };
    }
    // This side's tests (their positions in this side's files), against the ref's sources and snapshot files.
    const before = await run.runTier({ ...refSide, sources: side.sources }, tests, { ...run.options, stored: refSide.stored, update: false });
    return { ref: run.ref, comparisons: compareSides(run.ref, before.results, results) };
  } finally {
    worktree.remove();
  }
}
