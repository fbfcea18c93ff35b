// vitest globalSetup: the run's own temp root (its TMPDIR, HOME, agent and cache dirs, shared native prompts), the
// studio tests' Chromium extracted once, and the checks that the run wrote nothing to its home and left no temp file.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "./chromium-binary.js";
import { RUN_UNSET_VARS, runDirs, runLeftovers, runVars } from "./home-guard.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** See test/e2e/harness/native-prompts.ts: real native prompts by prompt inputs, for this run only. */
    nativePromptDir: string;
    /** The Chromium binary the studio tests drive (test/support/chromium-binary.ts). */
    chromiumPath: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  // One root per run, never reused, in the temp folder as it was before the run: everything the run writes is below it.
  const root = mkdtempSync(join(tmpdir(), "forge-test-run-"));
  const dirs = runDirs(root);
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  // The workers start after this and inherit it, and so does every child they spawn with process.env: the real home,
  // agent dir (its default under HOME), caches and temp folder are out of reach (test/support/isolation-setup.ts checks
  // it in every worker, and every child process).
  Object.assign(process.env, runVars(root));
  for (const name of RUN_UNSET_VARS) delete process.env[name];
  project.provide("nativePromptDir", dirs.native);
  // Once per run, before any worker starts: two workers never extract at the same time.
  project.provide("chromiumPath", await ensureChromium());
  return () => {
    const left = runLeftovers(root);
    rmSync(root, { recursive: true, force: true });
    if (left.length > 0) {
      // vitest reports an error thrown here but still exits 0, so the exit code is set too: the run fails.
      process.exitCode = 1;
      throw new Error(
        "the test run wrote to its home or left files in its temp folder (a test writes only under a temporary directory " +
          `it removes; the run's root ${root} is removed now):\n${left.slice(0, 20).join("\n")}`,
      );
    }
  };
}
