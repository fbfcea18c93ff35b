// forge CLI entry: parses arguments and dispatches to build, init, preview, explain, diff, test, import, export, studio, preset,
// source, key, verify and outdated; maps outcomes to exit codes.
import { HELP, USAGE, UsageError, commandHelp, parseCliArgs, usageOf, type CliArgs } from "./cli/parse-cli-args.js";
import { buildCommand } from "./cli/build-command.js";
import { explainCommand } from "./cli/explain-command.js";
import { initCommand } from "./cli/init-command.js";
import { previewCommand } from "./cli/preview-command.js";
import { diffCommand } from "./cli/diff-command.js";
import { testCommand } from "./cli/test-command.js";
import { importCommand } from "./cli/import-command.js";
import { exportCommand } from "./cli/export-command.js";
import { studioCommand } from "./cli/studio-command.js";
import { presetCommand } from "./cli/preset-command.js";
import { sourceCommand } from "./cli/source-command.js";
import { keyCommand } from "./cli/key-command.js";
import { verifyCommand } from "./cli/verify-command.js";
import { outdatedCommand } from "./cli/outdated-command.js";
import type { CliIO } from "./cli/cli-io.js";
import { describeFailure } from "./io/describe-failure.js";
import { forgeVersion } from "./io/forge-target.js";

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
      return previewCommand(args, io);
    case "build":
      return buildCommand(args, io);
    case "init":
      return initCommand(args, io);
    case "explain":
      return explainCommand(args, io);
    case "diff":
      return diffCommand(args, io);
    case "test":
      return testCommand(args, io);
    case "import":
      return importCommand(args, io);
    case "export":
      return exportCommand(args, io);
    case "studio":
      return studioCommand(args, io);
    case "preset":
      return presetCommand(args, io);
    case "source":
      return sourceCommand(args, io);
    case "key":
      return keyCommand(args, io);
    case "verify":
      return verifyCommand(args, io);
    case "outdated":
      return outdatedCommand(args, io);
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
