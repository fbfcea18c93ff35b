// The forge CLI as one function over its streams: parses arguments, dispatches to build, init, preview, explain, diff,
// test, import, export, studio, preset, source, key, verify and outdated, and maps outcomes to exit codes. The entry
// (compiler/cli.ts) runs it on the process; the tests run the same bundled function in a worker thread
// (test/support/cli-worker.mjs), so four hundred CLI runs do not each start Node.
import { HELP, USAGE, UsageError, commandHelp, parseCliArgs, usageOf, type CliArgs } from "./parse-cli-args.js";
import type { CliIO } from "./cli-io.js";
import { describeFailure } from "../io/describe-failure.js";
import { forgeVersion } from "../../core/forge-version.js";

// Each command is imported when it runs: dist/cli.js is split by command (scripts/build.mjs), so `forge build`, the
// command run dozens of times an hour, never parses the studio, the importers or the exporters.
async function main(argv: string[], io: CliIO): Promise<number> {
  let args: CliArgs;
  try {
    args = parseCliArgs(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.stderr.write(`forge: ${err.message}\n${err.command === null ? USAGE : usageOf(err.command)}\n`);
    return 2;
  }
  switch (args.command) {
    case "help":
      io.stdout.write((args.helpFor === undefined ? HELP : commandHelp(args.helpFor)) + "\n");
      return 0;
    case "version":
      io.stdout.write(forgeVersion + "\n");
      return 0;
    case "preview":
      return (await import("./preview-command.js")).previewCommand(args, io);
    case "build":
      return (await import("./build-command.js")).buildCommand(args, io);
    case "init":
      return (await import("./init-command.js")).initCommand(args, io);
    case "explain":
      return (await import("./explain-command.js")).explainCommand(args, io);
    case "diff":
      return (await import("./diff-command.js")).diffCommand(args, io);
    case "test":
      return (await import("./test-command.js")).testCommand(args, io);
    case "import":
      return (await import("./import-command.js")).importCommand(args, io);
    case "export":
      return (await import("./export-command.js")).exportCommand(args, io);
    case "studio":
      return (await import("./studio-command.js")).studioCommand(args, io);
    case "preset":
      return (await import("./preset-command.js")).presetCommand(args, io);
    case "source":
      return (await import("./source-command.js")).sourceCommand(args, io);
    case "key":
      return (await import("./key-command.js")).keyCommand(args, io);
    case "verify":
      return (await import("./verify-command.js")).verifyCommand(args, io);
    case "outdated":
      return (await import("./outdated-command.js")).outdatedCommand(args, io);
  }
}

/** The exit code of one CLI run; a bug (not bad input) is one line on stderr, plus the stack when FORGE_DEBUG is set. */
export async function runCli(argv: string[], io: CliIO): Promise<number> {
  try {
    return await main(argv, io);
  } catch (err) {
    io.stderr.write(`forge: ${describeFailure(err)}\n`);
    if (io.env.FORGE_DEBUG) io.stderr.write(`${(err as Error)?.stack ?? ""}\n`);
    return 1;
  }
}
