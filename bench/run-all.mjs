// Runs every bench/*.mjs except this file, one after another, with the same Node; exits non-zero if one fails.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const benches = readdirSync(HERE)
  .filter((f) => f.endsWith(".mjs") && f !== "run-all.mjs")
  .sort();
let failed = 0;
for (const file of benches) {
  console.log(`\n== bench/${file}`);
  const r = spawnSync(process.execPath, [join(HERE, file)], { stdio: "inherit" });
  if (r.status !== 0) {
    failed++;
    console.error(`bench/${file} exited with ${r.status ?? r.signal}`);
  }
}
process.exit(failed ? 1 : 0);
