// The glue between parsed arguments and the build/init/watch/preview/explain implementations: output streams, JSON and exit codes.
import { resolve } from "node:path";
import { cacheDir } from "../build-cache.js";
import { DEV_VERSION, forgeVersion, isDirectory, loadBuiltinBundle, resolveTarget, type ForgeTarget } from "../options.js";
import { runInit, renderInitReport } from "../init.js";
import { watchBuild } from "../watch.js";
import { escapeData, escapeProperty, renderAnnotations } from "./annotations.js";
import type { CliArgs } from "./args.js";
import { runBuild, type BuildRun, type BuildSettings } from "./build.js";
import { renderPreviewHeader, runPreview, type PreviewSettings } from "./preview.js";
import { runExplain } from "./explain.js";
import { renderExplain } from "../review/render-explain.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import type { SourceLookup } from "../diagnostics/format.js";
import { describeFailure, printBuild, printDiagnostics, type CliIO } from "./io.js";
import { colorEnabled, makePainter } from "./output.js";

function fail(io: CliIO, json: boolean, command: string, message: string, github = false): number {
  // A CI log shows workflow commands as annotations; a plain stderr line would be easy to miss there.
  if (github) io.stdout.write(`::error title=${escapeProperty(`forge ${command}`)}::${escapeData(message)}\n`);
  else if (json) io.stdout.write(JSON.stringify({ command, status: "failed", message }, null, 2) + "\n");
  else io.stderr.write(`forge: ${message}\n`);
  return 1;
}

/** The settings of a `forge build` of `target` (also the build `forge import` runs after writing). */
export function settingsFor(target: ForgeTarget, check: boolean, io: CliIO): BuildSettings {
  // Running from source (no FORGE_VERSION define) the code hash would not cover the compiler: no cache.
  const cache = forgeVersion === DEV_VERSION ? null : cacheDir(io.env);
  const settings: BuildSettings = { check, forgeVersion, cacheDir: cache };
  if (target.scope === "builtin") return settings;
  const builtin = loadBuiltinBundle();
  if (builtin.problem) io.stderr.write(`forge: warning: ${builtin.problem}; presets cannot use built-in modes\n`);
  if (builtin.bundle) settings.builtinModes = builtin.bundle.modes;
  if (builtin.text !== undefined) settings.builtinText = builtin.text;
  return settings;
}

export async function buildCommand(args: CliArgs, io: CliIO): Promise<number> {
  const target = resolveTarget(args, io.env, io.cwd);
  if (!isDirectory(target.forgeRoot)) {
    const hint = target.scope === "builtin" ? "" : `; run \`forge init${target.scope === "global" ? " --global" : ""}\` to create it`;
    return fail(io, args.json, "build", `no forge sources: ${target.forgeRoot} is not a directory${hint}`, args.format === "github");
  }
  const settings = settingsFor(target, args.check, io);
  if (args.watch) return watchBuild(target, settings, io, args.json);
  let run: BuildRun;
  try {
    run = runBuild(target, settings);
  } catch (err) {
    return fail(io, args.json, "build", describeFailure(err), args.format === "github");
  }
  if (args.format === "github") {
    const workspace = io.env.GITHUB_WORKSPACE ? resolve(io.cwd, io.env.GITHUB_WORKSPACE) : io.cwd;
    io.stdout.write(renderAnnotations(run.report, { forgeRoot: target.forgeRoot, bundlePath: target.bundlePath, workspace }));
  } else printBuild(run, io, args.json);
  return run.exitCode;
}

export function initCommand(args: CliArgs, io: CliIO): number {
  const target = resolveTarget(args, io.env, io.cwd);
  try {
    const report = runInit(target);
    if (args.json) io.stdout.write(JSON.stringify(report, null, 2) + "\n");
    else io.stdout.write(renderInitReport(report, makePainter(colorEnabled(io.stdout, io.env))));
    return 0;
  } catch (err) {
    return fail(io, args.json, "init", describeFailure(err));
  }
}

/** What preview and explain share: an in-memory compile of the target plus the built-in bundle. */
interface InspectionRun<R> {
  report: R & { diagnostics: Diagnostic[] };
  exitCode: number;
  getSource: SourceLookup;
}

/**
 * Runs an in-memory inspection (preview, explain): checks the forge root, loads the built-in bundle,
 * prints --json or hands the report to `printHuman` after the diagnostics.
 */
function inspectCommand<R>(
  args: CliArgs,
  io: CliIO,
  command: "preview" | "explain",
  run: (target: ForgeTarget, settings: PreviewSettings) => InspectionRun<R>,
  printHuman: (report: R) => void,
): number {
  const target = resolveTarget(args, io.env, io.cwd);
  if (!isDirectory(target.forgeRoot)) {
    return fail(io, args.json, command, `no forge sources: ${target.forgeRoot} is not a directory; run \`forge init\` to create it`);
  }
  const builtin = loadBuiltinBundle();
  if (builtin.problem) io.stderr.write(`forge: warning: ${builtin.problem}; built-in modes and presets are not offered\n`);
  let result: InspectionRun<R>;
  try {
    const builtinBundle = target.scope !== "builtin" ? (builtin.bundle ?? null) : null;
    result = run(target, { forgeVersion, builtinBundle, now: new Date(), os: process.platform });
  } catch (err) {
    return fail(io, args.json, command, describeFailure(err));
  }
  if (args.json) {
    io.stdout.write(JSON.stringify(result.report, null, 2) + "\n");
    return result.exitCode;
  }
  printDiagnostics(result, io);
  printHuman(result.report);
  return result.exitCode;
}

export function previewCommand(args: CliArgs, io: CliIO): number {
  return inspectCommand(args, io, "preview", (target, settings) => runPreview(target, settings, args.positionals), (report) => {
    // The header goes to stderr so that stdout carries exactly the composed prompt.
    io.stderr.write(renderPreviewHeader(report));
    if (report.prompt !== null) io.stdout.write(report.prompt.endsWith("\n") ? report.prompt : report.prompt + "\n");
  });
}

export function explainCommand(args: CliArgs, io: CliIO): number {
  return inspectCommand(args, io, "explain", (target, settings) => runExplain(target, settings, args.positionals), (report) => {
    io.stdout.write(renderExplain(report, makePainter(colorEnabled(io.stdout, io.env))));
  });
}
