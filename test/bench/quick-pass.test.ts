// npm test runs every bench's quick pass (`bench/*.mjs --quick`), so a bench that stops running fails the suite. The
// figures are printed, never asserted (no timing assertions in tests); what is asserted is that it ran and recorded.
// Here the benches without a real Pi process; those with one (test/support/pi-benches.ts) run with the e2e tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { listBenches, runBench } from "../../bench/support/run-bench.mjs";
import { checkQuickPass, PI_BENCHES } from "../support/pi-benches.js";

const BENCH_DIR = join(import.meta.dirname, "..", "..", "bench");
const KIT = pathToFileURL(join(BENCH_DIR, "support", "bench-kit.mjs")).href;
const benches = listBenches(BENCH_DIR);

describe("bench quick pass", () => {
  it("finds the benches by listing bench/*.mjs (the runner and helpers left out)", () => {
    const names = benches.map((file) => basename(file));
    expect(names).toEqual(expect.arrayContaining(["build.mjs", "runtime-compose.mjs", "runtime-load.mjs", "runtime-startup.mjs", "updates-session.mjs"]));
    expect(names).not.toContain("run-all.mjs");
    // Every bench's quick pass runs in one file or the other.
    for (const pi of PI_BENCHES) expect(names).toContain(pi);
  });

  // Sequential (one bench at a time, as npm run bench runs them); each prints its figures into the test output.
  it.each(benches.filter((file) => !PI_BENCHES.includes(basename(file))).map((file) => [basename(file), file]))(
    "%s --quick runs and records its figures",
    (_name, file) => checkQuickPass(file),
    180_000,
  );
});

describe("the quick-pass runner", () => {
  const dir = mkdtempSync(join(tmpdir(), "forge-bench-runner-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  /** A small bench in the temp dir: `head` is prepended (an import), `body` runs before it records one row. */
  const bench = (name: string, head: string, body = "") => {
    const file = join(dir, name);
    const row = `{ what: "x", run: process.argv.includes("--quick") ? "quick" : "full", figure: "1 ms", baseline: "", target: "< 2 ms", met: true }`;
    writeFileSync(file, `${head}\nimport { recordFigures } from ${JSON.stringify(KIT)};\n${body}\nrecordFigures(import.meta.url, { rows: [${row}] });\n`);
    return file;
  };

  it("passes a bench that runs, with --quick and BENCH_QUICK=1 (the control for the cases below)", async () => {
    const run = await runBench(bench("fine.mjs", ""), { quick: true });
    expect(run.reason, run.output).toBeNull();
    expect(run.figures).toMatchObject({ bench: "fine", quick: true, rows: [{ run: "quick" }] });
  });

  it("fails a bench whose import is broken, as when a source file moves", async () => {
    const moved = pathToFileURL(join(BENCH_DIR, "..", "runtime", "bundle-file.ts")).href;
    const run = await runBench(bench("broken-import.mjs", `import { loadBundleFile } from ${JSON.stringify(moved)};`), { quick: true });
    expect(run.ok).toBe(false);
    expect(run.reason).toBe("exited with 1");
    expect(run.output).toContain("ERR_MODULE_NOT_FOUND");
    expect(run.output).toContain("runtime/bundle-file.ts");
  });

  it("fails a bench that throws, and one that exits 0 without recording figures", async () => {
    const threw = await runBench(bench("throws.mjs", "", 'throw new Error("the synthetic repo does not build");'), { quick: true });
    expect([threw.ok, threw.reason]).toEqual([false, "exited with 1"]);
    expect(threw.output).toContain("the synthetic repo does not build");
    const silent = join(dir, "silent.mjs");
    writeFileSync(silent, 'console.log("figures: none");\n');
    const run = await runBench(silent, { quick: true });
    expect([run.ok, run.reason]).toEqual([false, "exited 0 but recorded no figures"]);
  });

  it("picks up a new bench file by itself, and only bench files", () => {
    const folder = mkdtempSync(join(dir, "listing-"));
    mkdirSync(join(folder, "support"));
    for (const name of ["path-patterns.mjs", "build.mjs", "run-all.mjs", "notes.md", "support/kit.mjs"]) writeFileSync(join(folder, name), "");
    expect(listBenches(folder).map((file) => basename(file))).toEqual(["build.mjs", "path-patterns.mjs"]);
  });
});
