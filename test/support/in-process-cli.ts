// The forge CLI run in the test process for the extension's authoring commands (the real one spawns dist/cli.js): the
// same command functions, with the output captured, answering as runtime/forge-cli.ts does.
import { buildCommand } from "../../compiler/cli/build-command.js";
import { parseCliArgs } from "../../compiler/cli/parse-cli-args.js";
import { presetCommand } from "../../compiler/cli/preset-command.js";
import { sourceCommand } from "../../compiler/cli/source-command.js";
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
    const parsed = parseCliArgs([...args]);
    const io = { stdout: out.stream, stderr: err.stream, env: { ...env, FORGE_NO_CACHE: "1" }, cwd };
    const code =
      parsed.command === "build" ? await buildCommand(parsed, io) : parsed.command === "source" ? sourceCommand(parsed, io) : presetCommand(parsed, io);
    try {
      return { ok: true, code, json: JSON.parse(out.text()) };
    } catch {
      return { ok: false, failure: `no JSON from forge ${args.join(" ")}: ${err.text()}` };
    }
  };
}
