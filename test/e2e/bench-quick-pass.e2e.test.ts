// The quick pass of the benches that run real Pi processes (test/support/pi-benches.ts), with the other real-Pi tests:
// each runs and records its figures (never asserted: no timing assertions in tests). test/bench/quick-pass.test.ts
// runs the rest.
import { join } from "node:path";
import { describe, it } from "vitest";
import { checkQuickPass, PI_BENCHES } from "../support/pi-benches.js";

const BENCH_DIR = join(import.meta.dirname, "..", "..", "bench");

describe("bench quick pass, real Pi", () => {
  it.each(PI_BENCHES.map((name) => [name, join(BENCH_DIR, name)]))("%s --quick runs and records its figures", (_name, file) => checkQuickPass(file), 180_000);
});
