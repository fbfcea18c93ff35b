// Renders the README's bench tables from bench/results.json (`--check`: exit 1 when the README differs from it).
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { RESULTS_FILE, spliceBenchTables } from "../bench/support/results-table.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const readmeFile = join(ROOT, "README.md");
const readme = readFileSync(readmeFile, "utf8");
const next = spliceBenchTables(readme, JSON.parse(readFileSync(join(ROOT, RESULTS_FILE), "utf8")));
if (process.argv.includes("--check")) {
  if (next !== readme) {
    console.error(`README.md: the bench tables differ from ${RESULTS_FILE}; run node scripts/readme-bench.mjs`);
    process.exit(1);
  }
} else if (next !== readme) {
  writeFileSync(readmeFile, next);
  console.log(`README.md: bench tables rendered from ${RESULTS_FILE}`);
}
