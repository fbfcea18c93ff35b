// `forge build [--check] [--watch] [--format human|github|json] [--library | --all]`: the build's settings, output and exit code.
import { join, resolve } from "node:path";
import { cacheDir } from "../io/build-cache.js";
import {
  agentDir,
  DEV_VERSION,
  forgeVersion,
  isDirectory,
  loadBuiltinBundle,
  resolveLibraryTarget,
  resolveTarget,
  noSourcesProblem,
  type BuildTarget,
  type ForgeTarget,
} from "../io/forge-target.js";
import { describeFailure } from "../io/describe-failure.js";
import { outerWarningLine, readCompileContext } from "../io/compile-context.js";
import type { LayerOverrides } from "../io/outer-layers.js";
import type { ForgeBundle } from "../../generated/types.js";
import { findForgeRoots, MAX_WALKED_DIRECTORIES } from "../io/find-forge-roots.js";
import { runBuild, type BuildRun, type BuildSettings } from "../io/run-build.js";
import { watchBuild } from "../io/watch-build.js";
import { renderAnnotations } from "../output/annotations.js";
import { buildReportForJson, printBuild, printFailure, type CliIO } from "./cli-io.js";
import { displayDir, displayPath } from "../output/display-path.js";
import { describeSigner } from "../../core/bundle-signature.js";
import type { CliArgs } from "./parse-cli-args.js";
import { loadSigningKey } from "../io/signing-key.js";
import type { SigningKey } from "../../core/bundle-signature.js";
import { forgeCommand, scopeWords } from "../../core/forge-command.js";

/** The build a hint tells the user to run: this one's target options repeated (--all, --library, --root or --global). */
export function rebuildCommand(args: Pick<CliArgs, "all" | "library" | "root" | "global">): string {
  return forgeCommand("build", ...(args.all ? ["--all"] : []), ...(args.library ? ["--library"] : []), ...scopeWords(args));
}

/** --sign: the key (told where it came from on stderr), or the failure's exit code. */
function signingKeyOf(args: CliArgs, io: CliIO): { key: SigningKey | undefined } | { exitCode: number } {
  if (!args.sign) return { key: undefined };
  const loaded = loadSigningKey(args.key, io.env, io.cwd, (file) => displayPath(io.cwd, file));
  if (!loaded.ok) return { exitCode: printFailure(io, args.json, "build", loaded.message, args.format === "github") };
  if (loaded.warning) io.stderr.write(`forge: warning: ${loaded.warning}\n`);
  // Which key signs, and from where: --key, FORGE_SIGNING_KEY or the default place forge key new writes to.
  if (!args.json && args.format !== "github") io.stderr.write(`forge: signing with the key of ${describeSigner(loaded.key)}, from ${loaded.from}\n`);
  return { key: loaded.key };
}

/** The settings of a `forge build` of `target` (also the build `forge import` runs after writing). */
export function settingsFor(target: BuildTarget, check: boolean, io: CliIO, overrides?: LayerOverrides): BuildSettings {
  // Running from source (no FORGE_VERSION define) the code hash would not cover the compiler: no cache.
  const cache = forgeVersion === DEV_VERSION ? null : cacheDir(io.env);
  const settings: BuildSettings = { check, forgeVersion, cacheDir: cache };
  if (target.scope === "builtin") return settings;
  if (target.scope === "project") settings.trustFile = join(agentDir(io.env), "forge", "trust.json");
  const context = readCompileContext(target, loadBuiltinBundle(), overrides);
  if (context.builtinProblem) io.stderr.write(`forge: warning: ${context.builtinProblem}; presets cannot use built-in modes\n`);
  // A package's layer in a monorepo builds against the layers above it, as Pi will offer them together.
  for (const warning of context.outerWarnings) io.stderr.write(outerWarningLine(warning, "its modes are not available to this build"));
  Object.assign(settings, context.link);
  if (context.fingerprint !== null) settings.builtinText = context.fingerprint;
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

/** `forge build --all` (`--check --all`): each forge root under the repository, outer layers first; the worst exit code. */
function buildAll(args: CliArgs, io: CliIO, signingKey: SigningKey | undefined): number {
  const github = args.format === "github";
  const start = args.root !== undefined ? resolve(io.cwd, args.root) : io.cwd;
  const found = findForgeRoots(start);
  const top = displayDir(io.cwd, found.top);
  if (found.roots.length === 0) return printFailure(io, args.json, "build", `no forge sources: no .pi/forge/ directory under ${top}`, github);
  if (found.truncated) io.stderr.write(`forge: warning: stopped after ${MAX_WALKED_DIRECTORIES} directories under ${top}; some forge roots may not be built\n`);
  const runs: BuildRun[] = [];
  let exitCode = 0;
  // With --check nothing is written, so a package is checked against what its outer layers' sources build now: a
  // package that is stale only because a layer above changed is reported, as the following build --all would rewrite it.
  const rebuilt = new Map<string, ForgeBundle>();
  for (const root of found.roots) {
    const target: ForgeTarget = resolveTarget({ root }, io.env, io.cwd);
    const shown = target.displayForgeRoot;
    if (!args.json && !github) io.stdout.write(`${shown}\n`);
    let run: BuildRun;
    try {
      run = runBuild(target, {
        ...settingsFor(target, args.check, io, rebuilt),
        ...(signingKey ? { signingKey } : {}),
        ...(args.policy !== undefined ? { policy: args.policy } : {}),
        cwd: io.cwd,
      });
    } catch (err) {
      exitCode = 1;
      if (!args.json && !github) io.stderr.write(`forge: ${shown}: ${describeFailure(err)}\n`);
      continue;
    }
    runs.push(run);
    if (run.bundle !== undefined) rebuilt.set(root, run.bundle);
    exitCode = Math.max(exitCode, run.exitCode);
    if (github) {
      const workspace = io.env.GITHUB_WORKSPACE ? resolve(io.cwd, io.env.GITHUB_WORKSPACE) : io.cwd;
      io.stdout.write(renderAnnotations(run.report, { forgeRoot: target.forgeRoot, bundlePath: target.bundlePath, workspace, rebuild: rebuildCommand(args) }));
    } else if (!args.json) printBuild(run, io, false, false, rebuildCommand(args));
  }
  if (args.json)
    io.stdout.write(
      JSON.stringify({ command: "build", all: true, check: args.check, exitCode, roots: runs.map((r) => buildReportForJson(r, io)) }, null, 2) + "\n",
    );
  return exitCode;
}

export async function buildCommand(args: CliArgs, io: CliIO): Promise<number> {
  const signing = signingKeyOf(args, io);
  if ("exitCode" in signing) return signing.exitCode;
  if (args.all) return buildAll(args, io, signing.key);
  const github = args.format === "github";
  const resolved = args.library ? resolveLibraryTarget(args, io.cwd) : resolveTarget(args, io.env, io.cwd);
  if ("problem" in resolved) return printFailure(io, args.json, "build", resolved.problem, github);
  const target = resolved;
  if (!isDirectory(target.forgeRoot)) {
    return printFailure(io, args.json, "build", noSourcesProblem(target), github);
  }
  const settings = {
    ...settingsFor(target, args.check, io),
    ...(signing.key ? { signingKey: signing.key } : {}),
    ...(args.policy !== undefined ? { policy: args.policy } : {}),
    cwd: io.cwd,
  };
  if (args.watch) return watch(target, settings, io, args.json);
  let run: BuildRun;
  try {
    run = runBuild(target, settings);
  } catch (err) {
    return printFailure(io, args.json, "build", describeFailure(err), github);
  }
  if (github) {
    const workspace = io.env.GITHUB_WORKSPACE ? resolve(io.cwd, io.env.GITHUB_WORKSPACE) : io.cwd;
    io.stdout.write(renderAnnotations(run.report, { forgeRoot: target.forgeRoot, bundlePath: target.bundlePath, workspace, rebuild: rebuildCommand(args) }));
  } else printBuild(run, io, args.json, false, rebuildCommand(args));
  return run.exitCode;
}
