// Renders the bench tables of the docs (docs/performance.md, docs/design/cache-true-delivery.md) from bench/results.json, in whichever file
// holds their markers (`--check`: exit 1 when a file differs from it).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { renderBenchDocs, writeBenchDocs } from "../bench/support/bench-docs.mjs";
import { RESULTS_FILE } from "../bench/support/results-table.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const results = JSON.parse(readFileSync(join(ROOT, RESULTS_FILE), "utf8"));
if (process.argv.includes("--check")) {
  const stale = renderBenchDocs(ROOT, results).filter((d) => d.text !== d.before);
  for (const d of stale) console.error(`${d.file}: the bench tables differ from ${RESULTS_FILE}; run node scripts/readme-bench.mjs`);
  if (stale.length > 0) process.exit(1);
} else {
  for (const file of writeBenchDocs(ROOT, results)) console.log(`${file}: bench tables rendered from ${RESULTS_FILE}`);
}
