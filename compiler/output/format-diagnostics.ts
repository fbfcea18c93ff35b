// Human output of diagnostics: `file:line:col severity code: message`, a code frame and a summary line.
import type { Diagnostic, Severity } from "../../core/diagnostic.js";
import { makePainter, plural, summarize, type Painter, type Style } from "./painter.js";
import type { SourceFile } from "../types.js";

export interface FormatOptions {
  color: boolean;
}

const SEVERITY_STYLE: Record<Severity, Style> = { error: "red", warning: "yellow", info: "cyan" };
const CONTEXT_LINES = 2;

/** Renders a few lines around the range with a caret/underline under its first line. */
function codeFrame(source: string, d: Diagnostic, paint: Painter["paint"]): string {
  if (!d.start) return "";
  const lines = source.split(/\r?\n/);
  const line = Math.min(Math.max(d.start.line, 1), lines.length);
  const first = Math.max(1, line - CONTEXT_LINES);
  const last = Math.min(lines.length, line + CONTEXT_LINES);
  const width = String(last).length;
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const text = (lines[n - 1] ?? "").replaceAll("\t", " ");
    const marker = n === line ? paint("red", ">") : " ";
    out.push(`${marker} ${paint("dim", String(n).padStart(width) + " |")} ${text}`);
    if (n === line) {
      const col = Math.max(1, d.start.column);
      // Multi-line ranges underline to the end of the first line.
      const endCol = d.end && d.end.line === line ? Math.max(d.end.column, col + 1) : Math.max(text.length + 1, col + 1);
      const underline = "^".repeat(Math.max(1, endCol - col));
      out.push(`  ${" ".repeat(width)} ${paint("dim", "|")} ${" ".repeat(col - 1)}${paint(SEVERITY_STYLE[d.severity], underline)}`);
    }
  }
  return out.join("\n");
}

function location(d: Diagnostic): string {
  if (!d.file) return "forge";
  return d.start ? `${d.file}:${d.start.line}:${d.start.column}` : d.file;
}

/** Source text by forge-root-relative path, for code frames. */
export type SourceLookup = (file: string) => string | undefined;

/** A SourceLookup over the files as read; a file is decoded only when a diagnostic needs it. */
export function sourceLookup(files: readonly SourceFile[]): SourceLookup {
  const byPath = new Map(files.map((f) => [f.path, f.bytes]));
  const decoder = new TextDecoder("utf-8");
  return (file) => {
    const bytes = byPath.get(file);
    return bytes === undefined ? undefined : decoder.decode(bytes);
  };
}

export function formatDiagnostics(diagnostics: readonly Diagnostic[], getSource: SourceLookup, options: FormatOptions): string {
  const { paint } = makePainter(options.color);
  const blocks = diagnostics.map((d) => {
    const head = `${paint("bold", location(d))} ${paint(SEVERITY_STYLE[d.severity], d.severity)} ${paint("dim", d.code)}: ${d.message}`;
    const source = d.file ? getSource(d.file) : undefined;
    const frame = source === undefined ? "" : codeFrame(source, d, paint);
    return frame ? `${head}\n${frame}` : head;
  });
  const { errors, warnings, infos } = summarize(diagnostics);
  const summary = paint(errors > 0 ? "red" : "green", `${plural(errors, "error")}, ${plural(warnings, "warning")}, ${infos} info`);
  return [...blocks, summary].join("\n\n") + "\n";
}
