// What `forge import` reports: the --json object, and its human rendering (status lines on stdout, failures on stderr).
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Scope } from "../../core/digest.js";
import type { SkippedEntry } from "../import/types.js";
import type { BuildReport } from "../review/build-report.js";
import { plural, summarize, type DiagnosticSummary, type Painter } from "./painter.js";

export type ImportStatus =
  | "written" // sources written and built (the build's own status is in `build`)
  | "dry-run" // checked, nothing written
  | "input-errors" // the input has errors (import_unreadable, import_key_collision)
  | "files-exist" // sources exist and --force was not given
  | "compile-errors" // the imported sources would not compile together with the existing ones
  | "nothing" // every entry was skipped
  | "failed"; // an I/O error while reading the forge root or writing

/** --json prints exactly this. Paths are relative to the root (posix), e.g. `.pi/forge/modes/plan.yaml`. */
export interface ImportReport {
  command: "import";
  status: ImportStatus;
  format: string;
  scope: Scope;
  /** The input as given, relative to cwd when inside it. */
  input: string;
  /** Every source the import produces, whether or not it was written. */
  planned: string[];
  written: string[];
  /** The subset of `written` that replaced an existing file (--force). */
  overwritten: string[];
  skipped: SkippedEntry[];
  summary: DiagnosticSummary;
  /** Input diagnostics, existing-file errors, and (on failure or --dry-run) the in-memory compile's. */
  diagnostics: Diagnostic[];
  /** --dry-run only: the text of every planned file. */
  contents?: Record<string, string>;
  /** The build that ran after writing; null when nothing was written. */
  build: BuildReport | null;
  /** One line on I/O failure. */
  message?: string;
}

export function makeReport(format: string, scope: Scope, input: string): ImportReport {
  return {
    command: "import",
    status: "written",
    format,
    scope,
    input,
    planned: [],
    written: [],
    overwritten: [],
    skipped: [],
    summary: summarize([]),
    diagnostics: [],
    build: null,
  };
}

/** Status lines for stdout (success and dry run) or stderr (refusals); the build prints its own report after them. */
export function renderImportReport(report: ImportReport, p: Painter): { out: string; err: string } {
  const out: string[] = [];
  const err: string[] = [];
  const n = report.skipped.length;
  const skipped = n > 0 ? `; ${n} ${n === 1 ? "entry" : "entries"} skipped (see the warnings)` : "";
  const counts = (paths: readonly string[]) => {
    const of = (folder: string) => paths.filter((f) => f.includes(`/${folder}/`) || f.startsWith(`${folder}/`)).length;
    const modes = of("modes");
    const rules = of("rules");
    const presets = paths.length - modes - rules;
    const parts = [plural(modes, "mode"), ...(rules > 0 ? [plural(rules, "rule")] : []), ...(presets > 0 ? [plural(presets, "preset")] : [])];
    return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
  };
  switch (report.status) {
    case "written":
      for (const f of report.written) out.push(`${p.paint("green", report.overwritten.includes(f) ? "overwrote" : "wrote")} ${f}`);
      out.push(`forge: imported ${counts(report.written)} from ${report.input}${skipped}`);
      break;
    case "dry-run":
      for (const f of report.planned) out.push(`would write ${f}`);
      out.push(`forge: dry run: ${counts(report.planned)} from ${report.input} would be written${skipped}; nothing was written`);
      break;
    case "input-errors":
      err.push(`${p.paint("red", "forge: import failed:")} ${report.input} has errors (above); nothing was written`);
      break;
    case "files-exist": {
      const existing = report.diagnostics.filter((d) => d.code === "import_file_exists").map((d) => d.file ?? "");
      err.push(
        `${p.paint("red", "forge: import refused:")} ${plural(existing.length, "file")} already exist${existing.length === 1 ? "s" : ""}: ${existing.join(", ")}`,
      );
      err.push("forge: nothing was written; pass --force to overwrite them");
      break;
    }
    case "compile-errors":
      err.push(
        `${p.paint("red", "forge: import refused:")} the imported sources would not compile together with the existing ones (errors above); nothing was written`,
      );
      break;
    case "nothing":
      err.push(`${p.paint("red", "forge: nothing to import")} from ${report.input}: every entry was skipped (see the warnings above)`);
      break;
    case "failed":
      err.push(`forge: ${report.message ?? "import failed"}`);
      break;
  }
  return { out: out.length > 0 ? out.join("\n") + "\n" : "", err: err.length > 0 ? err.join("\n") + "\n" : "" };
}
