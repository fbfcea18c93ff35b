// `forge preset export <name> [file]` and `forge preset import <file>`: portable presets (keys, order, drift policy,
// digests; never prompt text). The Pi extension's /preset import runs this same import with --json.
import { forgeCommand } from "../../core/forge-command.js";
import { existsSync, mkdirSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { buildCatalog } from "../../core/component-catalog.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { checkPresetImport, createPresetExport, describeDifferences, presetExportText } from "../../core/preset-export.js";
import { importedPresetSource } from "../source-edit/preset-source.js";
import { LIMITS } from "../../generated/constants.js";
import { createTextExclusive, writeTextAtomic } from "../../io/atomic-write.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { compile } from "../compile.js";
import { parsePresetExportText } from "../import/preset-export-file.js";
import { describeFailure } from "../io/describe-failure.js";
import { forgeVersion, isDirectory, loadBuiltinBundle, resolveTarget } from "../io/forge-target.js";
import { readTargetTree } from "../io/read-target-tree.js";
import { runBuild, type BuildRun } from "../io/run-build.js";
import { loadScopeBundles } from "../io/scope-bundles.js";
import { displayPath } from "../output/display-path.js";
import { sourceLookup } from "../output/format-diagnostics.js";
import type { SourceTree } from "../types.js";
import { settingsFor } from "./build-command.js";
import { buildReportForJson, diagnosticsForJson, printBuild, printDiagnostics, type CliIO } from "./cli-io.js";
import { mergedTree } from "./import-command.js";
import type { CliArgs } from "./parse-cli-args.js";

export function presetCommand(args: CliArgs, io: CliIO): number {
  const [sub, first, second] = args.positionals;
  return sub === "export" ? exportPreset(args, io, first!, second) : importPreset(args, io, first!);
}

function fail(io: CliIO, json: boolean, command: string, status: string, message: string, extra: Record<string, unknown> = {}): number {
  if (json) io.stdout.write(`${JSON.stringify({ command, status, message, ...extra }, null, 2)}\n`);
  else io.stderr.write(`forge: ${message}\n`);
  return 1;
}

function exportPreset(args: CliArgs, io: CliIO, name: string, file: string | undefined): number {
  const target = resolveTarget(args, io.env, io.cwd);
  const { bundles, problems } = loadScopeBundles(target, io.env);
  for (const p of problems) io.stderr.write(`forge: warning: ${p}\n`);
  const made = createPresetExport(buildCatalog(bundles), name, forgeVersion);
  if (!made.ok)
    return fail(
      io,
      args.json,
      "preset export",
      "failed",
      `${made.error}${bundles[target.scope] ? "" : ` (no ${target.scope} bundle at ${target.displayPath}: run ${forgeCommand("build")})`}`,
    );
  const text = presetExportText(made.value);
  // Without a file the export itself is the output (it is JSON already).
  if (file === undefined) {
    io.stdout.write(text);
    return 0;
  }
  const abs = resolve(io.cwd, file);
  const shown = displayPath(io.cwd, abs);
  try {
    mkdirSync(dirname(abs), { recursive: true });
    if (args.force) writeTextAtomic(abs, text);
    else if (!createTextExclusive(abs, text))
      return fail(io, args.json, "preset export", "exists", `${shown} exists; not overwritten (add --force to replace it)`);
  } catch (err) {
    return fail(io, args.json, "preset export", "failed", describeFailure(err));
  }
  if (args.json) io.stdout.write(`${JSON.stringify({ command: "preset export", status: "written", name, file: shown, absoluteFile: abs }, null, 2)}\n`);
  else io.stdout.write(`forge: exported preset "${name}" to ${shown} (keys, order, drift policy and digests; no prompt text)\n`);
  return 0;
}

function importPreset(args: CliArgs, io: CliIO, file: string): number {
  const command = "preset import";
  const inputAbs = resolve(io.cwd, file);
  const shownInput = displayPath(io.cwd, inputAbs);
  const read = readBoundedText(inputAbs, LIMITS.maxFileBytes);
  if (!read.ok) return fail(io, args.json, command, "failed", `${shownInput} ${read.detail}`);
  const parsed = parsePresetExportText(read.text, shownInput);
  if (!parsed.ok) return fail(io, args.json, command, "invalid", parsed.error);
  const value = parsed.value;
  const target = resolveTarget(args, io.env, io.cwd);
  const settings = settingsFor(target, false, io);
  let tree: SourceTree = { files: [], escapingLinks: [], fileCount: 0 };
  try {
    if (isDirectory(target.forgeRoot)) tree = readTargetTree(target);
  } catch (err) {
    return fail(io, args.json, command, "failed", describeFailure(err));
  }
  const options = {
    scope: target.scope,
    forgeVersion,
    ...(settings.layersBeneath ? { layersBeneath: settings.layersBeneath } : {}),
  };
  const compileFailed = (merged: SourceTree, diagnostics: Diagnostic[], message: string) => {
    if (!args.json) printDiagnostics({ report: { diagnostics }, getSource: sourceLookup(merged.files) }, io, target.forgeRoot);
    return fail(io, args.json, command, "compile-errors", message, { name: value.name, diagnostics: diagnosticsForJson(diagnostics, io, target.forgeRoot) });
  };
  // The importer's layers: the target scope as its sources build now (the import builds them) and the built-in modes,
  // which is what that scope's presets link against.
  const own = compile(tree, options);
  if (!own.bundle)
    return compileFailed(
      tree,
      own.diagnostics,
      `the ${target.scope} sources have errors; fix them (${forgeCommand("build")}) before importing; nothing written`,
    );
  const builtin = loadBuiltinBundle().bundle;
  const check = checkPresetImport(buildCatalog({ ...(builtin ? { builtin } : {}), [target.scope]: own.bundle }), value);
  if (!check.ok) return fail(io, args.json, command, "refused", `${check.error}; nothing written`, { name: value.name });
  const differences = describeDifferences(check.differences);

  const stem = join(target.forgeRoot, "presets", value.name);
  const existing = ["yaml", "yml", "json"].map((ext) => `${stem}.${ext}`).find((f) => existsSync(f));
  if (existing !== undefined && (!args.force || existing.endsWith(".json"))) {
    const why = args.force ? "is JSON; remove it to import" : "exists; not overwritten (add --force to replace it)";
    return fail(io, args.json, command, "exists", `${displayPath(io.cwd, existing)} ${why}`, { name: value.name });
  }
  const abs = existing ?? `${stem}.yaml`;
  const rel = `presets/${abs.slice(abs.lastIndexOf("/") + 1)}`;
  const text = importedPresetSource(value, basename(inputAbs));
  // Compile what the forge root will hold: an import the build would refuse writes nothing.
  const merged = mergedTree(tree, { [rel]: text });
  const checked = compile(merged, options);
  if (!checked.bundle)
    return compileFailed(merged, checked.diagnostics, `the ${target.scope} sources would not build with the imported preset; nothing written`);
  let run: BuildRun;
  try {
    mkdirSync(dirname(abs), { recursive: true });
    writeTextAtomic(abs, text);
    run = runBuild(target, settings);
  } catch (err) {
    return fail(io, args.json, command, "failed", describeFailure(err), { name: value.name });
  }
  const build = buildReportForJson(run, io);
  const report = {
    command,
    status: run.exitCode === 0 ? "written" : "build-failed",
    scope: target.scope,
    name: value.name,
    file: displayPath(io.cwd, abs),
    absoluteFile: abs,
    input: shownInput,
    differences,
    diagnostics: build.diagnostics,
    build,
  };
  if (args.json) io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
  else {
    io.stdout.write(`forge: imported preset "${value.name}" into ${displayPath(io.cwd, abs)}\n`);
    if (differences.length > 0)
      io.stderr.write(
        `forge: warning: these components differ from the exporter's (same keys, other definitions):\n${differences.map((d) => `  ${d}\n`).join("")}`,
      );
    printBuild(run, io, false);
  }
  return run.exitCode;
}
