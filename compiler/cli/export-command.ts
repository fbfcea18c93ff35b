// `forge export <target>`: writes what Claude Code, Cursor, Roo Code or AGENTS.md can express of the built bundle
// (read from bundle.json, verified; the sources are never parsed), or with --check says whether those files are stale.
import { describeFailure } from "../io/describe-failure.js";
import { loadBundleFile } from "../../io/bundle-file.js";
import { suggestClosest } from "../../core/suggest.js";
import { hasErrors, type Diagnostic } from "../../core/diagnostic.js";
import { sortDiagnostics } from "../compile.js";
import { planExport, type ExportResult } from "../export/export-plan.js";
import type { ExportTarget } from "../export/export-types.js";
import { loadBuiltinBundle, resolveTarget } from "../io/forge-target.js";
import { projectFiles, ProjectPathRefused, type ProjectFiles } from "../io/project-files.js";
import { displayPath } from "../output/display-path.js";
import { makeExportReport, renderExportReport, type ExportReport, type ExportStatus } from "../output/export-report.js";
import { formatDiagnostics } from "../output/format-diagnostics.js";
import { colorEnabled, makePainter, summarize } from "../output/painter.js";
import type { CliIO } from "./cli-io.js";
import type { CliArgs } from "./parse-cli-args.js";
import { join } from "node:path";
import { posixRelative } from "../io/read-sources.js";
import { forgeCommand, scopeWords } from "../../core/forge-command.js";
import { exportCommandLine } from "../export/export-text.js";

function finish(report: ExportReport, status: ExportStatus, diagnostics: readonly Diagnostic[], message?: string): ExportReport {
  const sorted = sortDiagnostics([...diagnostics]);
  return { ...report, status, diagnostics: sorted, summary: summarize(sorted), ...(message !== undefined ? { message } : {}) };
}

function print(report: ExportReport, io: CliIO, args: CliArgs, shown: (path: string) => string): void {
  const json = args.json;
  if (json) {
    // Every path printed is relative to the current directory (files, the bundle, diagnostics), as for every command.
    const paths = (list: string[]) => list.map(shown);
    const diagnostics = report.diagnostics.map((d) => (d.file === null ? d : { ...d, file: shown(d.file) }));
    const out = {
      ...report,
      bundle: shown(report.bundle),
      written: paths(report.written),
      unchanged: paths(report.unchanged),
      removed: paths(report.removed),
      stale: paths(report.stale),
      diagnostics,
    };
    io.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
    return;
  }
  if (report.diagnostics.length > 0) {
    io.stderr.write(formatDiagnostics(report.diagnostics, () => undefined, { color: colorEnabled(io.stderr, io.env), displayPath: shown }));
  }
  const command = exportCommandLine(report.target as ExportTarget, report.preset, scopeWords(args));
  const { out, err } = renderExportReport(report, makePainter(colorEnabled(io.stdout, io.env)), shown, command);
  io.stdout.write(out);
  io.stderr.write(err);
}

/** Writes the plan: files first, then removes the stale ones; each write is atomic and refuses a path through a link. */
function apply(result: ExportResult, files: ProjectFiles, report: ExportReport): void {
  for (const file of result.writes) {
    files.write(file.path, file.text);
    report.written.push(file.path);
  }
  for (const path of result.stale) {
    files.remove(path);
    report.removed.push(path);
  }
}

export function exportCommand(args: CliArgs, io: CliIO): number {
  const targetName = args.positionals[0] as ExportTarget;
  const project = resolveTarget(args, io.env, io.cwd);
  const shown = (path: string): string => displayPath(io.cwd, join(project.root, ...path.split("/")));
  // Banners name files relative to the project root, so the written files never depend on where the command ran; what
  // the command prints names them from the current directory (`shown`), as every path forge prints.
  const bundleFile = posixRelative(project.root, project.bundlePath);
  const bundleShown = project.displayPath;
  let report = makeExportReport(targetName, args.preset ?? null, bundleFile);
  const done = (status: ExportStatus, diagnostics: readonly Diagnostic[], code: number, message?: string): number => {
    report = finish(report, status, diagnostics, message);
    print(report, io, args, shown);
    return code;
  };

  const load = loadBundleFile(project.bundlePath, "project");
  if (load.status === "absent")
    return done(
      "failed",
      [],
      1,
      `there is no bundle at ${bundleShown}: run \`${forgeCommand("build", ...scopeWords(args))}\` first (forge export reads the built bundle, never the sources)`,
    );
  if (load.status === "refused") return done("failed", [load.diagnostic], 1, load.diagnostic.message);
  const bundle = load.bundle;
  report.bundleHash = bundle.bundleHash;
  if (args.preset !== undefined && bundle.presets[args.preset] === undefined) {
    const names = Object.keys(bundle.presets);
    const near = suggestClosest(args.preset, names);
    return done(
      "failed",
      [],
      1,
      `${bundleShown} has no preset "${args.preset}"${near ? `; did you mean "${near}"?` : ""} (presets: ${names.join(", ") || "none"})`,
    );
  }

  const files = projectFiles(project.root);
  const forgeRoot = `${posixRelative(project.root, project.forgeRoot)}/`;
  let result: ExportResult;
  try {
    result = planExport({
      bundle,
      target: targetName,
      presetKey: args.preset ?? null,
      builtinModes: loadBuiltinBundle().bundle?.modes ?? {},
      forgeRoot,
      bundleFile,
      existing: (path) => files.read(path),
      listOwned: (dir, suffix) => files.list(dir, suffix),
      force: args.force,
    });
  } catch (err) {
    return done("failed", [], 1, err instanceof ProjectPathRefused ? `refused: ${err.message}` : describeFailure(err));
  }
  report.unchanged = result.unchanged;
  if (hasErrors(result.diagnostics)) return done("refused", result.diagnostics, 1);
  if (args.check) {
    report.stale = [...result.writes.map((f) => f.path), ...result.stale].sort();
    return report.stale.length > 0 ? done("stale", result.diagnostics, 1) : done("fresh", result.diagnostics, 0);
  }
  try {
    apply(result, files, report);
  } catch (err) {
    const why = err instanceof ProjectPathRefused ? `refused: ${err.message}` : describeFailure(err);
    return done("failed", result.diagnostics, 1, `${why}; written before the failure: ${report.written.join(", ") || "nothing"}`);
  }
  return done(report.written.length + report.removed.length > 0 ? "written" : "unchanged", result.diagnostics, 0);
}
