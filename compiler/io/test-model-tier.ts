// placeholder
import type { TestSide } from "./test-side.js";
import type { PromptTest } from "../prompt-tests/test-case.js";
import type { TestReport } from "../prompt-tests/test-report.js";
export async function runModelTier(
  _side: TestSide,
  _tests: readonly PromptTest[],
  _run: { model: string; runs: number; env: NodeJS.ProcessEnv },
): Promise<TestReport> {
  throw new Error("not yet");
}
