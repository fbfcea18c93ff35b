// The forge CLI in a worker thread for the tests: runs the bundled CLI's own function (dist/cli-run.js, the chunks
// dist/cli.js runs) once per request with that request's arguments, directory and environment, and answers through
// shared memory, so test/cli/helpers.ts's runCli stays synchronous like the spawnSync it stands in for.
import { parentPort, workerData } from "node:worker_threads";

const { runCli } = await import(workerData.entry);

/** A write-only stream that keeps its text; not a TTY, like a spawned process's pipe. */
function capture() {
  let text = "";
  const stream = {
    isTTY: false,
    write(chunk, encoding, done) {
      text += typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      const cb = typeof encoding === "function" ? encoding : done;
      if (typeof cb === "function") queueMicrotask(cb);
      return true;
    },
  };
  return { stream, text: () => text };
}

/** The process environment a spawned forge would have: only this run's variables (Node reads some from it). */
function useEnv(env) {
  for (const key of Object.keys(process.env)) delete process.env[key];
  for (const [key, value] of Object.entries(env)) if (typeof value === "string") process.env[key] = value;
}

parentPort.on("message", async ({ argv, cwd, env, flag, port }) => {
  const out = capture();
  const err = capture();
  useEnv(env);
  let code;
  try {
    code = await runCli(argv, { stdout: out.stream, stderr: err.stream, env: process.env, cwd });
  } catch (error) {
    err.stream.write(`cli-worker: ${error?.stack ?? String(error)}\n`);
    code = 1;
  }
  port.postMessage({ code, stdout: out.text(), stderr: err.text() });
  port.close();
  const shared = new Int32Array(flag);
  Atomics.store(shared, 0, 1);
  Atomics.notify(shared, 0);
});
