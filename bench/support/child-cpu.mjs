// A child process's own CPU time, for benches that spawn: the environment that makes it write the figure at exit, and
// the figure read back (bench/support/cpu-at-exit.cjs is the preload).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PRELOAD = join(dirname(fileURLToPath(import.meta.url)), "cpu-at-exit.cjs");
const dir = mkdtempSync(join(tmpdir(), "forge-bench-cpu-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
let count = 0;

/** Variables for one child: its CPU time goes to a file of its own; `read()` returns it in milliseconds (after exit). */
export function childCpu() {
  const file = join(dir, `cpu-${count++}`);
  return {
    env: { NODE_OPTIONS: `--require "${PRELOAD}"`, FORGE_BENCH_CPU_FILE: file },
    read: () => Number(readFileSync(file, "utf8")) / 1000,
  };
}
