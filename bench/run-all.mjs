// Runs every bench/*.mjs but this file, one after another, with the same Node. A full run writes bench/results.json
// (figures, machine, date, load) and renders the bench tables of README.md and docs/ from it; `--quick` runs the quick
// pass only. Exits non-zero if a bench fails or records no figures (then results.json and the docs stay as they were),
// or if the docs cannot take the tables.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { describeMachine, loadSnapshot } from "./support/machine.mjs";
import { writeBenchDocs } from "./support/bench-docs.mjs";
import { RESULTS_FILE } from "./support/results-table.mjs";
import { listBenches, runBench } from "./support/run-bench.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    quick: { type: "boolean", default: process.env.BENCH_QUICK === "1" },
    only: { type: "string" },
    // With --only: the benches run replace their own figures in results.json, each marked with its own date and load.
    record: { type: "boolean", default: false },
    note: { type: "string" },
  },
});
const only = values.only?.split(",").map((name) => name.replace(/\.mjs$/, ""));
const benches = listBenches(join(ROOT, "bench")).filter(
  (file) =>
    !only ||
    only.includes(
      file
        .split("/")
        .pop()
        .replace(/\.mjs$/, ""),
    ),
);
if (benches.length === 0) {
  console.error(`bench/run-all: no bench matches --only ${values.only}`);
  process.exit(1);
}

const date = new Date().toISOString();
const loadStart = loadSnapshot();
const recorded = [];
const failed = [];
for (const file of benches) {
  const name = relative(ROOT, file);
  console.log(`\n== ${name}${values.quick ? " --quick" : ""}`);
  const result = await runBench(file, { quick: values.quick, echo: true });
  if (!result.ok) {
    failed.push(name);
    console.error(`${name}: ${result.reason}`);
    continue;
  }
  recorded.push({
    bench: result.figures.bench,
    file: name,
    seconds: Math.round(result.seconds * 10) / 10,
    rows: result.figures.rows,
    tables: result.figures.tables,
  });
}

if (failed.length > 0) {
  console.error(`\nbench/run-all: ${failed.length} of ${benches.length} failed (${failed.join(", ")}); ${RESULTS_FILE} and the docs are unchanged`);
  process.exit(1);
}
if (only && values.record && !values.quick) {
  // Re-recorded alone: the other benches' figures, machine and date stay; these carry their own run's date and load.
  const results = JSON.parse(readFileSync(join(ROOT, RESULTS_FILE), "utf8"));
  const alone = { date, command: `npm run bench -- --only ${values.only} --record`, load: { start: loadStart, end: loadSnapshot() } };
  for (const entry of recorded) {
    const at = results.benches.findIndex((b) => b.bench === entry.bench);
    if (at < 0) results.benches.push({ ...entry, recorded: alone });
    else results.benches[at] = { ...entry, recorded: alone };
  }
  writeFileSync(join(ROOT, RESULTS_FILE), `${JSON.stringify(results, null, 2)}\n`);
  writeBenchDocs(ROOT, results);
  console.log(`\nbench/run-all: re-recorded ${recorded.map((r) => r.bench).join(", ")} in ${RESULTS_FILE} and the bench tables in docs/`);
  process.exit(0);
}
if (values.quick || only) {
  console.log(
    `\nbench/run-all: ${benches.length} benches ran${values.quick ? " (quick pass: figures printed, not recorded)" : "; a partial run is not recorded"}`,
  );
  process.exit(0);
}

const results = {
  format: 1,
  date,
  command: "npm run bench",
  machine: describeMachine(ROOT),
  load: { start: loadStart, end: loadSnapshot() },
  ...(values.note ? { note: values.note } : {}),
  benches: recorded,
};
// The figures first: docs that cannot take them (a missing marker) must not lose a long run.
writeFileSync(join(ROOT, RESULTS_FILE), `${JSON.stringify(results, null, 2)}\n`);
try {
  writeBenchDocs(ROOT, results);
} catch (error) {
  console.error(
    `\nbench/run-all: wrote ${RESULTS_FILE}, but the bench tables in the docs could not be rendered: ${error.message}\nFix the docs, then run node scripts/readme-bench.mjs`,
  );
  process.exit(1);
}
console.log(`\nbench/run-all: ${benches.length} benches; wrote ${RESULTS_FILE} and the bench tables in docs/`);
