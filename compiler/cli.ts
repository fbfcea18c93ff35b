// forge CLI entry: runs the CLI (compiler/cli/run-cli.ts) on this process's arguments and streams.
import type { CliIO } from "./cli/cli-io.js";
import { runCli } from "./cli/run-cli.js";
import { enableCompileCache } from "./io/node-compile-cache.js";

// Where Node keeps compiled code between runs, the commands' chunks (imported when they run) are compiled once.
enableCompileCache(process.env);

const io: CliIO = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
void runCli(process.argv.slice(2), io).then((code) => {
  process.exitCode = code;
});
