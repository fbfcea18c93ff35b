// vitest globalSetup: the run's temp directories (shared native prompts, the build cache every child process gets),
// the studio tests' Chromium extracted once, and the guard that fails the run when it wrote under the user's home.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { ensureChromium } from "./chromium-binary.js";
import { guardedHomeDirs, snapshotTree, treeChanges } from "./home-guard.js";

declare module "vitest" {
  export interface ProvidedContext {
    /** See test/e2e/harness/native-prompts.ts: real native prompts by prompt inputs, for this run only. */
    nativePromptDir: string;
    /** The Chromium binary the studio tests drive (test/support/chromium-binary.ts). */
    chromiumPath: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const guarded = guardedHomeDirs();
  const before = guarded.map((dir) => snapshotTree(dir));
  // Per run, never reused: a later run (another Pi version, another machine date) starts empty.
  const dir = mkdtempSync(join(tmpdir(), "forge-e2e-native-"));
  project.provide("nativePromptDir", dir);
  // Every process of the run (workers, and the CLIs and Pis they spawn with this environment) caches builds here.
  const cache = mkdtempSync(join(tmpdir(), "forge-test-run-cache-"));
  process.env.FORGE_CACHE_DIR = cache;
  // Once per run, before any worker starts: two workers never extract at the same time.
  project.provide("chromiumPath", await ensureChromium());
  return () => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
    const changes = guarded.flatMap((d, i) => treeChanges(before[i]!, snapshotTree(d)));
    if (changes.length > 0) {
      // vitest reports an error thrown here but still exits 0, so the exit code is set too: the run fails.
      process.exitCode = 1;
      throw new Error(
        "the test run wrote under the user's home (tests must write only under temporary directories; or another forge " +
          `process of this user wrote there while the run lasted):\n${changes.slice(0, 20).join("\n")}`,
      );
    }
  };
}
