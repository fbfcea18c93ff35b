// Human output of diagnostics: `file:line:col severity code: message`, a code frame and a summary line.
import { styleText } from "node:util";
import type { Diagnostic, Severity } from "../../common/diagnostic.js";

export interface FormatOptions {
  color: boolean;
}

type Style = Parameters<typeof styleText>[0];
const SEVERITY_STYLE: Record<Severity, Style> = { error: "red", warning: "yellow", info: "cyan" };
const CONTEXT_LINES = 2;

/** Renders a few lines around the range with a caret/underline under its first line. */
export function codeFrame(source: string, d: Diagnostic, paint: (style: Style, text: string) => string): string {
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

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

export function formatDiagnostics(diagnostics: readonly Diagnostic[], getSource: (file: string) => string | undefined, options: FormatOptions): string {
  // validateStream off: the caller already decided (NO_COLOR, FORCE_COLOR, TTY); styleText must not second-guess it.
  const paint = (style: Style, text: string) => (options.color ? styleText(style, text, { validateStream: false }) : text);
  const blocks = diagnostics.map((d) => {
    const head = `${paint("bold", location(d))} ${paint(SEVERITY_STYLE[d.severity], d.severity)} ${paint("dim", d.code)}: ${d.message}`;
    const source = d.file ? getSource(d.file) : undefined;
    const frame = source === undefined ? "" : codeFrame(source, d, paint);
    return frame ? `${head}\n${frame}` : head;
  });
  const count = (s: Severity) => diagnostics.filter((d) => d.severity === s).length;
  const errors = count("error");
  const summaryText = `${plural(errors, "error")}, ${plural(count("warning"), "warning")}, ${count("info")} info`;
  const summary = paint(errors > 0 ? "red" : "green", summaryText);
  return [...blocks, summary].join("\n\n") + "\n";
}
