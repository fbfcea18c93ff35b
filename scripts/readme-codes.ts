// Rewrites the diagnostic-codes table in README.md from the catalog (run: node --import tsx scripts/readme-codes.ts).
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spliceCodesTable } from "../compiler/diagnostics/docs.js";

const README = join(import.meta.dirname, "..", "README.md");
const next = spliceCodesTable(readFileSync(README, "utf8"));
writeFileSync(README + ".tmp", next);
renameSync(README + ".tmp", README);
console.log("README.md: diagnostic codes table refreshed");
