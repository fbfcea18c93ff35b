// What every bench shares: the quick switch (`--quick` or BENCH_QUICK=1), medians, and its figures recorded as rows.
import { writeFileSync } from "node:fs";
import { basename } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The quick pass `npm test` runs: the same code path on a small input with one or two runs, so a bench that stops
 * running fails the suite. Its figures are printed, never asserted, and never written to bench/results.json.
 */
export const QUICK = process.argv.includes("--quick") || process.env.BENCH_QUICK === "1";

/** How many timed runs: `full` (or BENCH_RUNS) normally, `quick` in the quick pass. */
export function runCount(full, quick = 1) {
  return QUICK ? quick : Number(process.env.BENCH_RUNS ?? full);
}

export function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export const verdict = (met) => (met ? "met" : "MISSED");

/** The name a bench's rows are filed under: its file name without `.mjs`. */
export function benchName(importMetaUrl) {
  return basename(fileURLToPath(importMetaUrl), ".mjs");
}

const ROW_FIELDS = { what: "string", run: "string", figure: "string", baseline: "string", target: "string", met: "boolean" };

/**
 * Files this bench's figures for bench/results.json (run-all.mjs collects them through BENCH_ROWS_FILE), one row each:
 * `what` was measured, which `run` produced it, the `figure`, the same-run `baseline` ("" when none), the `target`
 * (stated in the bench's code) and whether it was `met`; `values` holds the raw numbers. A bench with no rows fails.
 * `tables` are detail tables (`id`, `run`, `columns`, `rows`, optional `align`) the README carries between
 * `<!-- bench:table:<id>:start -->` and `<!-- bench:table:<id>:end -->`.
 */
export function recordFigures(importMetaUrl, { rows, tables = [] }) {
  for (const row of rows) {
    for (const [field, type] of Object.entries(ROW_FIELDS)) {
      if (typeof row[field] !== type) throw new Error(`bench row ${JSON.stringify(row.what)}: ${field} must be a ${type}`);
    }
  }
  for (const table of tables) {
    const ok =
      /^[a-z0-9-]+$/.test(table.id ?? "") &&
      typeof table.run === "string" &&
      Array.isArray(table.columns) &&
      table.rows.every((r) => r.length === table.columns.length);
    if (!ok) throw new Error(`bench table ${JSON.stringify(table.id)}: an id (a-z, 0-9, -), the run, columns, and rows as long as the columns`);
  }
  const file = process.env.BENCH_ROWS_FILE;
  if (file) writeFileSync(file, `${JSON.stringify({ bench: benchName(importMetaUrl), quick: QUICK, rows, tables }, null, 2)}\n`);
}
