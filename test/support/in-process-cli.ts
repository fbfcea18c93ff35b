// The forge CLI run in the test process for the extension's authoring commands (the real one spawns dist/cli.js): the
// CLI's own function (compiler/cli/run-cli.ts), with the output captured, answering as runtime/forge-cli.ts does.
import { runCli } from "../../compiler/cli/run-cli.js";
import type { ForgeCli } from "../../runtime/forge-cli.js";

function capture(): { stream: NodeJS.WriteStream; text: () => string } {
  let text = "";
  const stream = { isTTY: false, write: (chunk: string) => ((text += chunk), true) } as unknown as NodeJS.WriteStream;
  return { stream, text: () => text };
}

/** `calls` records every argument list, so tests can see what the extension asked for. */
export function inProcessCli(env: NodeJS.ProcessEnv, calls: string[][] = []): ForgeCli {
  return async (args, cwd) => {
    calls.push([...args]);
    const out = capture();
    const err = capture();
    const code = await runCli([...args], { stdout: out.stream, stderr: err.stream, env: { ...env, FORGE_NO_CACHE: "1" }, cwd });
    try {
      return { ok: true, code, json: JSON.parse(out.text()) };
    } catch {
      return { ok: false, failure: `no JSON from forge ${args.join(" ")}: ${err.text()}` };
    }
  };
}
