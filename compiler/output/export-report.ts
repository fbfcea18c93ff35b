// What `forge export` reports: the --json object, and its human rendering (status lines on stdout, refusals on stderr).
import type { Diagnostic } from "../../core/diagnostic.js";
import { plural, summarize, type DiagnosticSummary, type Painter } from "./painter.js";

export type ExportStatus =
  | "written" // files written or removed
  | "unchanged" // every file was already what the bundle yields
  | "fresh" // --check: nothing to write
  | "stale" // --check: files differ from the bundle, are missing or are stale
  | "refused" // an export_file_foreign error (or another error diagnostic); nothing written
  | "failed"; // no bundle, an unknown preset, a path through a symlink out of the project, an I/O error

/** --json prints exactly this. File paths are relative to the project root (posix). */
export interface ExportReport {
  command: "export";
  status: ExportStatus;
  target: string;
  preset: string | null;
  /** The bundle read, as output names it, and its hash. */
  bundle: string;
  bundleHash: string | null;
  written: string[];
  unchanged: string[];
  removed: string[];
  /** --check: the files that would be written or removed. */
  stale: string[];
  summary: DiagnosticSummary;
  diagnostics: Diagnostic[];
  message?: string;
}

export function makeExportReport(target: string, preset: string | null, bundle: string): ExportReport {
  return {
    command: "export",
    status: "written",
    target,
    preset,
    bundle,
    bundleHash: null,
    written: [],
    unchanged: [],
    removed: [],
    stale: [],
    summary: summarize([]),
    diagnostics: [],
  };
}

/**
 * Status lines: each file written or removed, then one summary line. `shown` names a root-relative path for humans;
 * `command` is the export that writes the files again (the options that made them repeated).
 */
export function renderExportReport(report: ExportReport, p: Painter, shown: (path: string) => string, command: string): { out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  switch (report.status) {
    case "written":
    case "unchanged":
      for (const f of report.written) out.push(`${p.paint("green", "wrote")} ${shown(f)}`);
      for (const f of report.removed) out.push(`${p.paint("yellow", "removed")} ${shown(f)} (stale)`);
      out.push(
        `forge: exported to ${report.target}: ${plural(report.written.length, "file")} written, ${report.unchanged.length} unchanged, ${report.removed.length} removed`,
      );
      break;
    case "fresh":
      out.push(`forge: ${report.target} files are fresh (${plural(report.unchanged.length, "file")} match bundle ${report.bundleHash?.slice(0, 12) ?? ""})`);
      break;
    case "stale":
      for (const f of report.stale) err.push(`  ${shown(f)}`);
      err.unshift(`${p.paint("red", "forge: stale:")} ${plural(report.stale.length, "file")} differ from ${report.bundle}; run \`${command}\``);
      break;
    case "refused":
      err.push(`${p.paint("red", "forge: export refused:")} the errors above; nothing was written`);
      break;
    case "failed":
      err.push(`forge: ${report.message ?? "export failed"}`);
      break;
  }
  return { out: out.length > 0 ? out.join("\n") + "\n" : "", err: err.length > 0 ? err.join("\n") + "\n" : "" };
}
