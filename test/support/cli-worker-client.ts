// Runs the bundled forge CLI in one worker thread per test process (test/support/cli-worker.mjs), synchronously: the
// CLI tests' four hundred runs skip starting Node and loading the CLI each time. FORGE_TEST_SPAWN_CLI=1 spawns
// dist/cli.js for every run instead, as a user's shell would (test/cli/cli-worker-parity.test.ts holds both equal).
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MessageChannel, Worker, receiveMessageOnPort } from "node:worker_threads";
import { assertIsolated } from "./home-guard.js";

export interface WorkerCliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The built CLI's directory (`node scripts/build.mjs` writes it; npm test runs that first). */
export const DIST_DIR = fileURLToPath(new URL("../../dist/", import.meta.url));

/** One forge run: in this process's CLI worker, or as its own process when FORGE_TEST_SPAWN_CLI=1. */
export function runBuiltCli(argv: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 30_000): WorkerCliResult {
  return process.env.FORGE_TEST_SPAWN_CLI === "1" ? spawnBuiltCli(argv, cwd, env, timeoutMs) : runCliInWorker(argv, cwd, env, timeoutMs);
}

/** One forge run as its own Node process, as a user's shell starts it. */
export function spawnBuiltCli(argv: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs = 30_000): WorkerCliResult {
  const r = spawnSync(process.execPath, [join(DIST_DIR, "cli.js"), ...argv], { cwd, env, encoding: "utf8", timeout: timeoutMs });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let worker: Worker | null = null;

function cliWorker(): Worker {
  if (worker !== null) return worker;
  const entry = pathToFileURL(join(DIST_DIR, "cli-run.js")).href;
  worker = new Worker(new URL("./cli-worker.mjs", import.meta.url), { workerData: { entry } });
  worker.unref(); // a test process never waits for it: it exits with the process
  worker.on("error", () => (worker = null));
  return worker;
}

/** One CLI run: its exit code and output; a run that takes over `timeoutMs` restarts the worker and has code null. */
function runCliInWorker(argv: string[], cwd: string, env: NodeJS.ProcessEnv, timeoutMs: number): WorkerCliResult {
  // The same isolation a spawned forge must have (test/support/home-guard.ts): the worker's children inherit this env.
  assertIsolated(env, `forge ${argv.join(" ")} (in the CLI worker)`);
  const target = cliWorker();
  const flag = new SharedArrayBuffer(4);
  const { port1, port2 } = new MessageChannel();
  const plainEnv = Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => typeof e[1] === "string"));
  target.postMessage({ argv, cwd, env: plainEnv, flag, port: port2 }, [port2]);
  const waited = Atomics.wait(new Int32Array(flag), 0, 0, timeoutMs);
  const reply = receiveMessageOnPort(port1)?.message as WorkerCliResult | undefined;
  port1.close();
  if (waited === "timed-out" || reply === undefined) {
    void target.terminate();
    worker = null;
    return { code: null, stdout: "", stderr: `forge ${argv.join(" ")}: no answer from the CLI worker within ${timeoutMs} ms` };
  }
  return reply;
}
