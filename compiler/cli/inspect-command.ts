// What forge preview and explain share at the edge: the forge-root check, the built-in bundle, the in-memory compile,
// --json, and the diagnostics printed before the human report.
import type { Diagnostic } from "../../core/diagnostic.js";
import { describeFailure } from "../io/describe-failure.js";
import { isDirectory, loadBuiltinBundle, noSourcesProblem, resolveTarget, type ForgeTarget } from "../io/forge-target.js";
import { inspectSources } from "../io/inspect-sources.js";
import { outerWarningLine, readCompileContext } from "../io/compile-context.js";
import type { InspectedSources, SampleSettings, SelectionSpec } from "../review/inspection.js";
import { diagnosticsForJson, printDiagnostics, printFailure, type CliIO } from "./cli-io.js";
import type { CliArgs } from "./parse-cli-args.js";

/** One inspection's outcome: the report (--json prints it) and the exit code. */
export interface Inspection<R> {
  report: R & { diagnostics: Diagnostic[] };
  exitCode: number;
}

/** Runs `inspect` over the target's sources compiled in memory; `printHuman` gets the report after the diagnostics. */
export function inspectCommand<R>(
  args: CliArgs,
  io: CliIO,
  command: "preview" | "explain",
  inspect: (inspected: InspectedSources, target: ForgeTarget, settings: SampleSettings) => Inspection<R>,
  printHuman: (report: R) => void,
  /** The report's own paths as --json prints them (relative to the current directory), when it has any. */
  forJson: (report: R) => R = (report) => report,
): number {
  const target = resolveTarget(args, io.env, io.cwd);
  if (!isDirectory(target.forgeRoot)) {
    return printFailure(io, args.json, command, noSourcesProblem(target));
  }
  let result: Inspection<R>;
  let getSource;
  try {
    const context = readCompileContext(target, loadBuiltinBundle());
    if (context.builtinProblem) io.stderr.write(`forge: warning: ${context.builtinProblem}; built-in modes and presets are not offered\n`);
    for (const warning of context.outerWarnings) io.stderr.write(outerWarningLine(warning, "its modes are not offered here"));
    const inspected = inspectSources(target, context);
    getSource = inspected.getSource;
    result = inspect(inspected, target, { now: new Date(), os: process.platform });
  } catch (err) {
    return printFailure(io, args.json, command, describeFailure(err));
  }
  if (args.json) {
    const report = { ...forJson(result.report), diagnostics: diagnosticsForJson(result.report.diagnostics, io, target.forgeRoot) };
    io.stdout.write(JSON.stringify(report, null, 2) + "\n");
    return result.exitCode;
  }
  printDiagnostics({ report: result.report, getSource }, io, target.forgeRoot);
  printHuman(result.report);
  return result.exitCode;
}

/** What preview/explain were asked for: --preset, --modes, or bare names. */
export function selectionSpec(args: CliArgs): SelectionSpec {
  if (args.preset !== undefined) return { kind: "preset", name: args.preset };
  if (args.modes !== undefined) return { kind: "modes", keys: args.modes };
  return { kind: "names", names: args.positionals };
}
