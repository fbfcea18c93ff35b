// forge CLI entry: parses arguments and dispatches to build, init, preview, explain, diff, test, import, export, studio, preset,
// source, key, verify and outdated; maps outcomes to exit codes.
import { HELP, USAGE, UsageError, commandHelp, parseCliArgs, usageOf, type CliArgs } from "./cli/parse-cli-args.js";
import type { CliIO } from "./cli/cli-io.js";
import { describeFailure } from "./io/describe-failure.js";
import { forgeVersion } from "../core/forge-version.js";
import { enableCompileCache } from "./io/node-compile-cache.js";

// Each command is imported when it runs: dist/cli.js is split by command (scripts/build.mjs), so `forge build`, the
// command run dozens of times an hour, never parses the studio, the importers or the exporters. Where Node keeps
// compiled code between runs, the commands' chunks are compiled once.
enableCompileCache(process.env);

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
      return (await import("./cli/preview-command.js")).previewCommand(args, io);
    case "build":
      return (await import("./cli/build-command.js")).buildCommand(args, io);
    case "init":
      return (await import("./cli/init-command.js")).initCommand(args, io);
    case "explain":
      return (await import("./cli/explain-command.js")).explainCommand(args, io);
    case "diff":
      return (await import("./cli/diff-command.js")).diffCommand(args, io);
    case "test":
      return (await import("./cli/test-command.js")).testCommand(args, io);
    case "import":
      return (await import("./cli/import-command.js")).importCommand(args, io);
    case "export":
      return (await import("./cli/export-command.js")).exportCommand(args, io);
    case "studio":
      return (await import("./cli/studio-command.js")).studioCommand(args, io);
    case "preset":
      return (await import("./cli/preset-command.js")).presetCommand(args, io);
    case "source":
      return (await import("./cli/source-command.js")).sourceCommand(args, io);
    case "key":
      return (await import("./cli/key-command.js")).keyCommand(args, io);
    case "verify":
      return (await import("./cli/verify-command.js")).verifyCommand(args, io);
    case "outdated":
      return (await import("./cli/outdated-command.js")).outdatedCommand(args, io);
  }
}

const io: CliIO = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd: process.cwd() };
main(process.argv.slice(2), io).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    // A bug, not bad input: one line, plus the stack only when asked for.
    process.stderr.write(`forge: ${describeFailure(err)}\n`);
    if (process.env.FORGE_DEBUG) process.stderr.write(`${(err as Error)?.stack ?? ""}\n`);
    process.exitCode = 1;
  },
);
