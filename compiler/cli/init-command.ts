// `forge init [--root DIR | --global]`: scaffolds a forge root and prints what it created or left alone.
import { describeFailure } from "../io/describe-failure.js";
import { resolveTarget } from "../io/forge-target.js";
import { runInit } from "../io/scaffold.js";
import { colorEnabled, makePainter } from "../output/painter.js";
import { renderInitReport } from "../output/render-init.js";
import { printFailure, type CliIO } from "./cli-io.js";
import type { CliArgs } from "./parse-cli-args.js";
import { forgeCommand, scopeWords } from "../../core/forge-command.js";

export function initCommand(args: CliArgs, io: CliIO): number {
  const target = resolveTarget(args, io.env, io.cwd);
  try {
    const report = runInit(target);
    if (args.json) io.stdout.write(JSON.stringify(report, null, 2) + "\n");
    else io.stdout.write(renderInitReport(report, makePainter(colorEnabled(io.stdout, io.env)), forgeCommand("build", ...scopeWords(args))));
    return 0;
  } catch (err) {
    return printFailure(io, args.json, "init", describeFailure(err));
  }
}
