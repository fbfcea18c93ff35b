// vitest globalSetup: one temp directory per run where e2e files share Pi's native prompts (removed after the run).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** See test/e2e/harness/native-prompts.ts: real native prompts by prompt inputs, for this run only. */
    nativePromptDir: string;
  }
}

export default function setup(project: TestProject): () => void {
  // Per run, never reused: a later run (another Pi version, another machine date) starts empty.
  const dir = mkdtempSync(join(tmpdir(), "forge-e2e-native-"));
  project.provide("nativePromptDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
