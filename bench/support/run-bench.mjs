// Finds the benches (every bench/*.mjs but run-all.mjs) and runs one in its own Node process, collecting its rows.
// Shared by run-all.mjs and the quick-pass test, so a bench that cannot run fails both the same way.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** The bench files of a folder, sorted: every `*.mjs` except the runner, so a new bench is picked up by itself. */
export function listBenches(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".mjs") && e.name !== "run-all.mjs")
    .map((e) => join(dir, e.name))
    .sort();
}

// The test runner's variables would make a bench think it runs inside vitest; a developer's spawn log is not for benches.
const DROPPED = /^(VITEST|VITE_|TINYPOOL|FORGE_E2E_SPAWN_LOG$|BENCH_ROWS_FILE$|NODE_OPTIONS$)/;

/**
 * Runs `file` with `--quick` when asked. Resolves `{ ok, code, signal, seconds, output, figures, reason }`: `ok` when it
 * exited 0 and recorded at least one row. `echo` streams its output live as well (npm run bench).
 */
export function runBench(file, { quick = false, echo = false, timeoutMs = quick ? 120_000 : 1_800_000 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "forge-bench-rows-"));
  const rowsFile = join(dir, "rows.json");
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (!DROPPED.test(k)) env[k] = v;
  env.BENCH_ROWS_FILE = rowsFile;
  if (quick) env.BENCH_QUICK = "1";
  else delete env.BENCH_QUICK;
  const started = process.hrtime.bigint();
  const child = spawn(process.execPath, [file, ...(quick ? ["--quick"] : [])], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const take = (stream) => (chunk) => {
    output += chunk;
    if (echo) stream.write(chunk);
  };
  child.stdout.setEncoding("utf8").on("data", take(process.stdout));
  child.stderr.setEncoding("utf8").on("data", take(process.stderr));
  child.once("error", (error) => (output += `\nspawn error: ${error.message}\n`));
  const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
  return new Promise((resolve) => {
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      let figures = null;
      try {
        if (existsSync(rowsFile)) figures = JSON.parse(readFileSync(rowsFile, "utf8"));
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const reason =
        code !== 0
          ? `exited with ${code ?? signal}${signal === "SIGKILL" ? ` (killed after ${timeoutMs / 1000} s)` : ""}`
          : !figures?.rows?.length
            ? "exited 0 but recorded no figures"
            : null;
      resolve({ ok: reason === null, code, signal, seconds, output, figures, reason });
    });
  });
}
