// Rewrites the diagnostic-codes table in README.md from the catalog (run: node --import tsx scripts/readme-codes.ts).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { spliceCodesTable } from "../compiler/diagnostics/docs.js";
import { writeTextAtomic } from "../io/atomic-write.js";

const README = join(import.meta.dirname, "..", "README.md");
writeTextAtomic(README, spliceCodesTable(readFileSync(README, "utf8")));
console.log("README.md: diagnostic codes table refreshed");
