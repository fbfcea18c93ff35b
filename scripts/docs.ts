// `npm run docs`: writes every generated documentation file (docs/reference/, the generated pictures); `--check` writes
// nothing and exits 1 naming each file that is stale, missing or orphaned (test/docs/reference-fresh.test.ts does too);
// `--record-claims` records the claims inventory test/docs/claims-inventory.test.ts holds as a floor (before a move).
import { mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeTextAtomic } from "../io/atomic-write.js";
import { BASELINE_FILE, claimsInventory, renderBaseline } from "./docs/claims-inventory.js";
import { renderReferencePages } from "./docs/reference-pages.js";
import { describeStale, staleDocs } from "./docs/stale-docs.js";

const REPO = join(import.meta.dirname, "..");
if (process.argv.includes("--record-claims")) {
  const inventory = claimsInventory(REPO);
  writeTextAtomic(join(REPO, BASELINE_FILE), renderBaseline(inventory));
  console.log(`wrote ${BASELINE_FILE}: ${inventory.held.length} held claims, ${inventory.cited.length} cited files, ${inventory.examples.length} examples`);
  process.exit(0);
}
const pages = renderReferencePages(REPO);
const stale = staleDocs(REPO, pages);
if (process.argv.includes("--check")) {
  for (const s of stale) console.error(describeStale(s));
  process.exit(stale.length > 0 ? 1 : 0);
}
for (const { file, problem } of stale) {
  if (problem === "orphan") rmSync(join(REPO, file));
  else {
    mkdirSync(dirname(join(REPO, file)), { recursive: true });
    writeTextAtomic(join(REPO, file), pages[file]!);
  }
  console.log(`${problem === "orphan" ? "removed" : "wrote"} ${file}`);
}
console.log(`npm run docs: ${Object.keys(pages).length} generated files, ${stale.length} changed`);
