// The quick pass of the benches that run real Pi processes (test/support/pi-benches.ts), with the other real-Pi tests:
// each runs and records its figures (never asserted: no timing assertions in tests). test/bench/quick-pass.test.ts
// runs the rest.
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { runBench } from "../../bench/support/run-bench.mjs";
import { PI_BENCHES } from "../support/pi-benches.js";

const BENCH_DIR = join(import.meta.dirname, "..", "..", "bench");

describe("bench quick pass, real Pi", () => {
  it.each(PI_BENCHES.map((name) => [name, join(BENCH_DIR, name)]))(
    "%s --quick runs and records its figures",
    async (_name, file) => {
      const run = await runBench(file, { quick: true });
      console.log(`${basename(file)} --quick (${run.seconds.toFixed(1)} s):\n${run.output}`);
      expect(run.reason, run.output).toBeNull();
      expect(run.figures?.quick).toBe(true);
      expect(run.figures?.bench).toBe(basename(file, ".mjs"));
    },
    180_000,
  );
});
