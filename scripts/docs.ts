// `npm run docs`: writes every generated documentation file (docs/reference/, the generated pictures); `--check` writes
// nothing and exits 1 naming each file that is stale, missing or orphaned (test/docs/reference-fresh.test.ts does too).
import { mkdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { writeTextAtomic } from "../io/atomic-write.js";
import { renderReferencePages } from "./docs/reference-pages.js";
import { describeStale, staleDocs } from "./docs/stale-docs.js";

const REPO = join(import.meta.dirname, "..");
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
