// npm test and npm run test:fast: builds dist/, then type-checks both TypeScript projects while vitest runs, and fails
// when either fails. Run one after the other, the type check held a core for ~20 s while the other sat idle before the
// first test started; beside vitest it fills the gaps of the suite's first seconds. tsc keeps what it checked in
// node_modules/.cache/forge (tsconfig.json's tsBuildInfoFile), so an unchanged tree re-checks in a third of the time.
// Arguments go to vitest (`npm test -- test/cli`); --fast leaves out the end-to-end tests, which start real Pi processes.
import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const node = process.execPath;
const args = process.argv.slice(2);
const fast = args.includes("--fast");
const vitestArgs = ["node_modules/vitest/vitest.mjs", "run", ...args.filter((arg) => arg !== "--fast"), ...(fast ? ["--exclude", "test/e2e/**"] : [])];

const build = spawnSync(node, ["scripts/build.mjs"], { cwd: ROOT, stdio: "inherit" });
if (build.status !== 0) process.exit(build.status ?? 1);

/** Runs `argv` with its output kept, to print after vitest's (interleaved, neither would be readable). */
function runQuietly(argv) {
  return new Promise((resolve) => {
    const child = spawn(node, argv, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code, signal) => resolve({ argv, code: code ?? 1, signal, output }));
  });
}

async function typeCheck() {
  const results = [];
  for (const project of ["tsconfig.json", "compiler/studio/page/tsconfig.json"])
    results.push(await runQuietly(["node_modules/typescript/bin/tsc", "-p", project]));
  return results;
}

const checking = typeCheck();
const vitest = await new Promise((resolve) => {
  const child = spawn(node, vitestArgs, { cwd: ROOT, stdio: "inherit" });
  child.on("close", (code) => resolve(code ?? 1));
});
const checks = await checking;
let failed = vitest !== 0;
for (const check of checks) {
  if (check.code === 0) continue;
  failed = true;
  process.stderr.write(`\ntype check failed: tsc -p ${check.argv[2]} (exit ${check.code})\n${check.output}`);
}
if (!failed) process.stdout.write(`type check passed: ${checks.map((check) => `tsc -p ${check.argv[2]}`).join(", ")}\n`);
process.exit(failed ? 1 : 0);
