// Output plumbing shared by the commands: the streams, printing diagnostics and a build.
import type { Diagnostic } from "../../core/diagnostic.js";
import { formatDiagnostics, type SourceLookup } from "../output/format-diagnostics.js";
import type { BuildRun } from "../io/run-build.js";
import { renderBuildReport } from "../output/render-build.js";
import { colorEnabled, makePainter } from "../output/painter.js";
import { escapeData, escapeProperty } from "../output/annotations.js";
import { join } from "node:path";
import { pathForHumans } from "../output/display-path.js";

/** Where a command writes; tests and the entry pass the process streams. */
export interface CliIO {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/**
 * How human output names a file of the forge root: relative to the current directory, as compilers print paths
 * (`.pi/forge/modes/x.yaml:3:11`), so it opens from where the command ran. --json keeps forge-root-relative paths.
 */
export function pathFromCwd(io: CliIO, forgeRoot: string): (file: string) => string {
  return (file) => pathForHumans(io.cwd, join(forgeRoot, ...file.split("/")));
}

/** Diagnostics with code frames to stderr; nothing when there are none. `forgeRoot` is what their files are relative to. */
export function printDiagnostics(run: { report: { diagnostics: Diagnostic[] }; getSource: SourceLookup }, io: CliIO, forgeRoot: string): void {
  if (run.report.diagnostics.length === 0) return;
  io.stderr.write(formatDiagnostics(run.report.diagnostics, run.getSource, { color: colorEnabled(io.stderr, io.env), displayPath: pathFromCwd(io, forgeRoot) }));
}

/** Prints one build: diagnostics to stderr, the report to stdout (or the report as JSON). */
export function printBuild(run: BuildRun, io: CliIO, json: boolean, compactJson = false): void {
  if (json) {
    io.stdout.write(JSON.stringify(run.report, null, compactJson ? undefined : 2) + "\n");
    return;
  }
  printDiagnostics(run, io, run.forgeRoot);
  io.stdout.write(renderBuildReport(run.report, makePainter(colorEnabled(io.stdout, io.env))));
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
