// `forge build [--check] [--watch] [--format human|github|json] [--library]`: the build's settings, output and exit code.
import { join, resolve } from "node:path";
import { cacheDir } from "../io/build-cache.js";
import { agentDir, DEV_VERSION, forgeVersion, isDirectory, loadBuiltinBundle, resolveLibraryTarget, resolveTarget, type BuildTarget } from "../io/forge-target.js";
import { describeFailure } from "../io/describe-failure.js";
import { runBuild, type BuildRun, type BuildSettings } from "../io/run-build.js";
import { watchBuild } from "../io/watch-build.js";
import { renderAnnotations } from "../output/annotations.js";
import { printBuild, printFailure, type CliIO } from "./cli-io.js";
import type { CliArgs } from "./parse-cli-args.js";

/** The settings of a `forge build` of `target` (also the build `forge import` runs after writing). */
export function settingsFor(target: BuildTarget, check: boolean, io: CliIO): BuildSettings {
  // Running from source (no FORGE_VERSION define) the code hash would not cover the compiler: no cache.
  const cache = forgeVersion === DEV_VERSION ? null : cacheDir(io.env);
  const settings: BuildSettings = { check, forgeVersion, cacheDir: cache };
  if (target.scope === "builtin") return settings;
  if (target.scope === "project") settings.trustFile = join(agentDir(io.env), "forge", "trust.json");
  const builtin = loadBuiltinBundle();
  if (builtin.problem) io.stderr.write(`forge: warning: ${builtin.problem}; presets cannot use built-in modes\n`);
  if (builtin.bundle) {
    settings.builtinModes = builtin.bundle.modes;
    settings.builtinPresets = builtin.bundle.presets;
  }
  if (builtin.text !== undefined) settings.builtinText = builtin.text;
  return settings;
}

/** --watch: every rebuild printed as one build (compact JSON lines with --json); progress on stderr. */
function watch(target: BuildTarget, settings: BuildSettings, io: CliIO, json: boolean): Promise<number> {
  return watchBuild(target, settings, {
    built: (run) => printBuild(run, io, json, true),
    failed: (message) => {
      if (json) io.stdout.write(JSON.stringify({ command: "build", status: "failed", message }) + "\n");
      else io.stderr.write(`forge: ${message}\n`);
    },
    note: (text) => {
      if (!json) io.stderr.write(`${text}\n`);
    },
    fatal: (text) => io.stderr.write(`${text}\n`),
  });
}

export async function buildCommand(args: CliArgs, io: CliIO): Promise<number> {
  const github = args.format === "github";
  const resolved = args.library ? resolveLibraryTarget(args, io.cwd) : resolveTarget(args, io.env, io.cwd);
  if ("problem" in resolved) return printFailure(io, args.json, "build", resolved.problem, github);
  const target = resolved;
  if (!isDirectory(target.forgeRoot)) {
    const hint = target.scope === "builtin" ? "" : `; run \`npx --no-install forge init${target.scope === "global" ? " --global" : ""}\` to create it`;
    return printFailure(io, args.json, "build", `no forge sources: ${target.forgeRoot} is not a directory${hint}`, github);
  }
  const settings = settingsFor(target, args.check, io);
  if (args.watch) return watch(target, settings, io, args.json);
  let run: BuildRun;
  try {
    run = runBuild(target, settings);
  } catch (err) {
    return printFailure(io, args.json, "build", describeFailure(err), github);
  }
  if (github) {
    const workspace = io.env.GITHUB_WORKSPACE ? resolve(io.cwd, io.env.GITHUB_WORKSPACE) : io.cwd;
    io.stdout.write(renderAnnotations(run.report, { forgeRoot: target.forgeRoot, bundlePath: target.bundlePath, workspace }));
  } else printBuild(run, io, args.json);
  return run.exitCode;
}
