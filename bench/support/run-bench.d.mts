// Types for bench/support/run-bench.mjs, used by test/bench/quick-pass.test.ts.
import type { BenchFigures } from "./results-table.mjs";

export interface BenchRun {
  ok: boolean;
  code: number | null;
  signal: NodeJS.Signals | null;
  seconds: number;
  output: string;
  figures: (BenchFigures & { quick: boolean }) | null;
  reason: string | null;
}

export declare function listBenches(dir: string): string[];
export declare function runBench(file: string, options?: { quick?: boolean; echo?: boolean; timeoutMs?: number }): Promise<BenchRun>;
