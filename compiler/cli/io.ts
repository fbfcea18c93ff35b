// Output plumbing shared by the commands and the watcher: the streams, failure messages, printing diagnostics and a build.
import type { Diagnostic } from "../../core/diagnostic.js";
import { formatDiagnostics, type SourceLookup } from "../diagnostics/format.js";
import { SourceReadError } from "../read-sources.js";
import { renderReport, type BuildRun } from "./build.js";
import { colorEnabled, makePainter } from "./output.js";

/** Where a command writes; tests and the entry pass the process streams. */
export interface CliIO {
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
  cwd: string;
}

/** Turns an errno or read error into one clear line; anything else is a bug and says so. */
export function describeFailure(err: unknown): string {
  if (err instanceof SourceReadError) return err.message;
  const e = err as NodeJS.ErrnoException;
  if (e && typeof e.code === "string" && typeof e.message === "string") {
    // Some errno messages (EISDIR on read) do not name the file: add it.
    return e.path && !e.message.includes(e.path) ? `${e.message}: ${e.path}` : e.message;
  }
  return `internal error: ${err instanceof Error ? err.message : String(err)}`;
}

/** Diagnostics with code frames to stderr; nothing when there are none. */
export function printDiagnostics(run: { report: { diagnostics: Diagnostic[] }; getSource: SourceLookup }, io: CliIO): void {
  if (run.report.diagnostics.length === 0) return;
  io.stderr.write(formatDiagnostics(run.report.diagnostics, run.getSource, { color: colorEnabled(io.stderr, io.env) }));
}

/** Prints one build: diagnostics to stderr, the report to stdout (or the report as JSON). */
export function printBuild(run: BuildRun, io: CliIO, json: boolean, compactJson = false): void {
  if (json) {
    io.stdout.write(JSON.stringify(run.report, null, compactJson ? undefined : 2) + "\n");
    return;
  }
  printDiagnostics(run, io);
  io.stdout.write(renderReport(run.report, makePainter(colorEnabled(io.stdout, io.env))));
}
