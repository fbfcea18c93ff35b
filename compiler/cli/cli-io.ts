// Output plumbing shared by the commands: the streams, printing diagnostics and a build.
import type { Diagnostic } from "../../core/diagnostic.js";
import { formatDiagnostics, type SourceLookup } from "../output/format-diagnostics.js";
import type { BuildRun } from "../io/run-build.js";
import { renderBuildReport } from "../output/render-build.js";
import { colorEnabled, makePainter } from "../output/painter.js";
import { escapeData, escapeProperty } from "../output/annotations.js";
import { join } from "node:path";
import { displayPath } from "../output/display-path.js";
import type { BuildReport } from "../review/build-report.js";

/** Where a command writes; tests and the entry pass the process streams. */
export interface CliIO {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * How output names a file of the forge root (diagnostics name them relative to it): relative to the current directory,
 * as compilers print paths (`.pi/forge/modes/x.yaml:3:11`), so it opens from where the command ran; --json too.
 */
export function pathFromCwd(io: Pick<CliIO, "cwd">, forgeRoot: string): (file: string) => string {
  return (file) => displayPath(io.cwd, join(forgeRoot, ...file.split("/")));
}

/** Diagnostics as --json prints them: each file relative to the current directory, like every other printed path. */
export function diagnosticsForJson(diagnostics: readonly Diagnostic[], io: Pick<CliIO, "cwd">, forgeRoot: string): Diagnostic[] {
  const shown = pathFromCwd(io, forgeRoot);
  return diagnostics.map((d) => (d.file === null ? d : { ...d, file: shown(d.file) }));
}

/** A build report as --json prints it (its path is relative to the current directory already; `absolutePath` beside it). */
export function buildReportForJson(run: BuildRun, io: Pick<CliIO, "cwd">): BuildReport {
  return { ...run.report, diagnostics: diagnosticsForJson(run.report.diagnostics, io, run.forgeRoot) };
}

/** Diagnostics with code frames to stderr; nothing when there are none. `forgeRoot` is what their files are relative to. */
export function printDiagnostics(run: { report: { diagnostics: Diagnostic[] }; getSource: SourceLookup }, io: CliIO, forgeRoot: string): void {
  if (run.report.diagnostics.length === 0) return;
  io.stderr.write(
    formatDiagnostics(run.report.diagnostics, run.getSource, { color: colorEnabled(io.stderr, io.env), displayPath: pathFromCwd(io, forgeRoot) }),
  );
}

/** Prints one build: diagnostics to stderr, the report to stdout (or the report as JSON). `rebuild`: the hint's build command. */
export function printBuild(run: BuildRun, io: CliIO, json: boolean, compactJson = false, rebuild?: string): void {
  if (json) {
    io.stdout.write(JSON.stringify(buildReportForJson(run, io), null, compactJson ? undefined : 2) + "\n");
    return;
  }
  printDiagnostics(run, io, run.forgeRoot);
  io.stdout.write(renderBuildReport(run.report, makePainter(colorEnabled(io.stdout, io.env)), rebuild));
}

/**
 * A command that could not run (no forge root, an I/O error): one line on stderr, a failure object with --json, or
 * a file-less workflow command with --format github (a plain stderr line is easy to miss in a CI log). Exit code 1.
 */
export function printFailure(io: CliIO, json: boolean, command: string, message: string, github = false): number {
  if (github) io.stdout.write(`::error title=${escapeProperty(`forge ${command}`)}::${escapeData(message)}\n`);
  else if (json) io.stdout.write(JSON.stringify({ command, status: "failed", message }, null, 2) + "\n");
  else io.stderr.write(`forge: ${message}\n`);
  return 1;
}
