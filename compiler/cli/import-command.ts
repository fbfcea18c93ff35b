// `forge import <format> <path>`: converts another tool's definitions into forge sources, checks them, writes them, then builds.
import { mkdirSync } from "node:fs";
import { entryExists } from "../../io/read-bounded.js";
import { dirname, join, resolve } from "node:path";
import { writeTextAtomic } from "../../io/atomic-write.js";
import { hasErrors, type Diagnostic } from "../../core/diagnostic.js";
import { layerComponents } from "../../core/layering.js";
import { compile, sortDiagnostics } from "../compile.js";
import { formatDiagnostics, type SourceLookup } from "../output/format-diagnostics.js";
import { checkExistingFiles } from "../import/existing-files.js";
import { IMPORTERS, KEY_SUFFIX, type ImportFormatName } from "../import/importers.js";
import { forgeVersion, isDirectory, resolveTarget } from "../io/forge-target.js";
import { readTargetTree } from "../io/read-target-tree.js";
import { displayDir } from "../output/display-path.js";
import type { SourceTree } from "../types.js";
import type { CliArgs } from "./parse-cli-args.js";
import { runBuild } from "../io/run-build.js";
import { settingsFor } from "./build-command.js";
import { displayInputPath, readImportInputs } from "../io/read-import-inputs.js";
import { makeReport, renderImportReport, type ImportReport, type ImportStatus } from "../output/import-report.js";
import { buildReportForJson, printBuild, type CliIO } from "./cli-io.js";
import { describeFailure } from "../io/describe-failure.js";
import { readLibraries } from "../io/read-libraries.js";
import { colorEnabled, makePainter, summarize } from "../output/painter.js";

/** The existing sources with the imported files added or replaced: what the forge root holds after writing. */
export function mergedTree(existing: SourceTree, sources: Record<string, string>): SourceTree {
  const encoder = new TextEncoder();
  const byPath = new Map(existing.files.map((f) => [f.path, f]));
  let added = 0;
  for (const [path, text] of Object.entries(sources)) {
    if (!byPath.has(path)) added++;
    byPath.set(path, { path, bytes: encoder.encode(text) });
  }
  const files = [...byPath.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files, escapingLinks: existing.escapingLinks, fileCount: existing.fileCount + added };
}

/** Compile diagnostics name files relative to the forge root; output names them relative to the root like every import path. */
function underRoot(shownRoot: string, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  return diagnostics.map((d) => (d.file === null ? d : { ...d, file: `${shownRoot}${d.file}` }));
}

function finish(report: ImportReport, status: ImportStatus, diagnostics: Diagnostic[]): ImportReport {
  const sorted = sortDiagnostics(diagnostics);
  return { ...report, status, diagnostics: sorted, summary: summarize(sorted) };
}

/** Prints everything but the build: diagnostics (stderr), then the status lines, or the whole report as JSON. */
function printReport(report: ImportReport, getSource: SourceLookup, io: CliIO, json: boolean): void {
  if (json) {
    io.stdout.write(JSON.stringify(report, null, 2) + "\n");
    return;
  }
  if (report.diagnostics.length > 0) io.stderr.write(formatDiagnostics(report.diagnostics, getSource, { color: colorEnabled(io.stderr, io.env) }));
  const { out, err } = renderImportReport(report, makePainter(colorEnabled(io.stdout, io.env)));
  io.stdout.write(out);
  io.stderr.write(err);
}

export function importCommand(args: CliArgs, io: CliIO): number {
  const format = args.positionals[0] as ImportFormatName;
  const inputAbs = resolve(io.cwd, args.positionals[1] ?? ".");
  const shownInput = displayInputPath(io.cwd, inputAbs);
  const target = resolveTarget(args, io.env, io.cwd);
  // Every path the import names is relative to the current directory, like its input paths.
  const shownRoot = displayDir(io.cwd, target.forgeRoot);
  const shownPath = (rel: string): string => `${shownRoot}${rel}`;
  let report = makeReport(format, target.scope, shownInput);

  // Code frames: input files by their shown path, forge sources (new and existing) by theirs.
  const texts = new Map<string, string>();
  let existingTree: SourceTree = { files: [], escapingLinks: [], fileCount: 0 };
  const getSource: SourceLookup = (file) => {
    const text = texts.get(file);
    if (text !== undefined) return text;
    const existing = existingTree.files.find((f) => shownPath(f.path) === file);
    return existing ? new TextDecoder().decode(existing.bytes) : undefined;
  };
  const done = (status: ImportStatus, diagnostics: Diagnostic[], exitCode: number): number => {
    report = finish(report, status, diagnostics);
    printReport(report, getSource, io, args.json);
    return exitCode;
  };

  // forge build's own settings: the in-memory check and the build after writing link against the same built-in modes.
  const settings = settingsFor(target, false, io);
  const layersBeneath = settings.layersBeneath;
  const read = readImportInputs(format, inputAbs, shownInput);
  for (const input of read.inputs) texts.set(input.path, input.text);
  const result = IMPORTERS[format](read.inputs, {
    overlay: args.overlay,
    builtinModeKeys: [...layerComponents((layersBeneath ?? []).map((l) => ({ ...l, origin: l.name }))).modes.keys()],
    suffix: KEY_SUFFIX[format],
    renames: args.renames,
  });
  const paths = Object.keys(result.sources);
  for (const [rel, text] of Object.entries(result.sources)) texts.set(shownPath(rel), text);
  report.planned = paths.map(shownPath);
  report.skipped = result.skipped;
  const importDiagnostics = [...read.diagnostics, ...result.diagnostics];
  if (hasErrors(importDiagnostics)) return done("input-errors", importDiagnostics, 1);
  if (paths.length === 0) return done("nothing", importDiagnostics, 1);

  const exists = checkExistingFiles(paths, (rel) => entryExists(join(target.forgeRoot, ...rel.split("/"))), shownRoot, args.force);
  if (exists.length > 0) return done("files-exist", [...importDiagnostics, ...exists], 1);

  // Compile in memory exactly what the forge root will hold, so a failing import writes nothing.
  try {
    if (isDirectory(target.forgeRoot)) existingTree = readTargetTree(target);
  } catch (err) {
    report.message = describeFailure(err);
    return done("failed", importDiagnostics, 1);
  }
  const merged = mergedTree(existingTree, result.sources);
  const checked = compile(merged, {
    scope: target.scope,
    forgeVersion,
    ...(layersBeneath ? { layersBeneath } : {}),
    libraries: readLibraries(target.root, merged),
  });
  const compileDiagnostics = underRoot(shownRoot, checked.diagnostics);
  if (!checked.bundle) return done("compile-errors", [...importDiagnostics, ...compileDiagnostics], 1);
  if (args.dryRun) {
    report.contents = Object.fromEntries(paths.map((rel) => [shownPath(rel), result.sources[rel]!]));
    return done("dry-run", [...importDiagnostics, ...compileDiagnostics], 0);
  }

  try {
    for (const rel of paths) {
      const abs = join(target.forgeRoot, ...rel.split("/"));
      const replaced = entryExists(abs);
      mkdirSync(dirname(abs), { recursive: true });
      writeTextAtomic(abs, result.sources[rel]!);
      report.written.push(shownPath(rel));
      if (replaced) report.overwritten.push(shownPath(rel));
    }
  } catch (err) {
    report.message = `${describeFailure(err)}; written before the failure: ${report.written.join(", ") || "nothing"}`;
    return done("failed", importDiagnostics, 1);
  }

  // The build is the real `forge build`: its report, diagnostics and exit code are the import's outcome.
  let run;
  try {
    run = runBuild(target, settings);
  } catch (err) {
    report.message = `wrote the sources, but the build failed: ${describeFailure(err)}`;
    return done("failed", importDiagnostics, 1);
  }
  report = { ...finish(report, "written", importDiagnostics), build: buildReportForJson(run, io) };
  printReport(report, getSource, io, args.json);
  if (!args.json) printBuild(run, io, false);
  return run.exitCode;
}
