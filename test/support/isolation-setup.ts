// vitest setupFiles: each test file runs isolated (home, agent dir, caches and temp folder inside the run's root, every
// child process checked) with its worker's own temp folder, and fails when it leaves anything in that folder.
import { mkdirSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";
import { guardChildProcesses, isInside, isolationProblems, namesIn, runDirs, RUN_ROOT_VAR, TOOL_CACHES } from "./home-guard.js";

const root = process.env[RUN_ROOT_VAR];
if (!root) throw new Error(`${RUN_ROOT_VAR} is not set: test/support/global-setup.ts gives every run its own temp root`);

// A temp folder per worker, so what a file leaves behind is this file's (files run one after another in a worker).
const workerTmp = join(runDirs(root).tmp, `worker-${process.env.VITEST_POOL_ID ?? "0"}`);
mkdirSync(workerTmp, { recursive: true });
process.env.TMPDIR = workerTmp;

const problems = isolationProblems(process.env, root);
if (!isInside(root, homedir())) problems.push(`the home directory ${homedir()} is outside the run's root`);
if (tmpdir() !== workerTmp) problems.push(`the temp folder ${tmpdir()} is not the worker's own ${workerTmp}`);
if (problems.length > 0) throw new Error(`this test worker is not isolated: ${problems.join("; ")}`);
guardChildProcesses(root);

// Taken before the test file is imported: its module-level temp directories count as its own.
const before = new Set(namesIn(workerTmp));
afterAll(() => {
  const left = namesIn(workerTmp).filter((entry) => !before.has(entry) && !TOOL_CACHES.test(entry));
  if (left.length > 0) throw new Error(`the test file left these in the temp folder (a fixture removes what it made):\n${left.slice(0, 20).join("\n")}`);
});
