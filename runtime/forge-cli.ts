// The package's own forge CLI, run by the extension (which carries no compiler) for authoring: dist/cli.js beside
// dist/extension.js, on the Node running Pi, with an argument list (never a shell), a timeout and bounded output.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** What one CLI run answered: its --json output parsed, or why there is none. */
export type CliAnswer = { ok: true; code: number; json: unknown } | { ok: false; failure: string };

/** Runs `forge <args>` (the caller adds --json) in `cwd`; tests pass an in-process one. */
export type ForgeCli = (args: readonly string[], cwd: string) => Promise<CliAnswer>;

const TIMEOUT_MS = 120_000;
const MAX_OUTPUT = 16 * 1024 * 1024;

/** `../dist/cli.js` from this module: from dist/extension.js that is dist/cli.js, from runtime/ (tests) the repo's build. */
export function defaultCliPath(): string {
  return fileURLToPath(new URL("../dist/cli.js", import.meta.url));
}

export function createForgeCli(env: NodeJS.ProcessEnv, cliPath: string = defaultCliPath(), node: string = process.execPath): ForgeCli {
  return (args, cwd) =>
    new Promise((resolve) => {
      if (!existsSync(cliPath)) {
        resolve({ ok: false, failure: `forge's CLI ${cliPath} is missing (it ships beside dist/extension.js; run npm run build in forge)` });
        return;
      }
      execFile(
        node,
        [cliPath, ...args],
        { cwd, env: { ...env, NO_COLOR: "1" }, timeout: TIMEOUT_MS, maxBuffer: MAX_OUTPUT, windowsHide: true },
        (error, stdout, stderr) => {
          const code = error ? (typeof error.code === "number" ? error.code : null) : 0;
          if (error && code === null) {
            const why = error.killed ? `timed out after ${TIMEOUT_MS / 1000} s` : error.message.split("\n")[0];
            resolve({ ok: false, failure: `forge ${args[0] ?? ""} did not finish: ${why}${stderr ? `\n${stderr.trim().slice(0, 2000)}` : ""}` });
            return;
          }
          try {
            resolve({ ok: true, code: code ?? 0, json: JSON.parse(stdout) });
          } catch {
            resolve({
              ok: false,
              failure: `forge ${args[0] ?? ""} exited with ${code} without a JSON report${stderr ? `: ${stderr.trim().slice(0, 2000)}` : ""}`,
            });
          }
        },
      );
    });
}
