// Human output of diagnostics: `file:line:col severity code: message`, a code frame and a summary line. Linear in the
// number of diagnostics and the size of the files: each file is split into lines once, long lines are clipped to a
// window around the column, and a code repeated in one file is shown a bounded number of times.
import type { Diagnostic, Severity } from "../../core/diagnostic.js";
import { makePainter, plural, summarize, type Painter, type Style } from "./painter.js";
import { showPath, visible } from "../../core/safe-text.js";
import { diagnosticLine, type LinePart } from "../../core/diagnostics/diagnostic-line.js";
import type { SourceFile } from "../types.js";

export interface FormatOptions {
  color: boolean;
  /** How a diagnostic's file is named in the output (default: as it is, relative to the forge root). */
  displayPath?: (file: string) => string;
  /** At most this many diagnostics of one code in one file; the rest are counted (default 20; --json has them all). */
  maxPerCode?: number;
}

const SEVERITY_STYLE: Record<Severity, Style> = { error: "red", warning: "yellow", info: "cyan" };
const CONTEXT_LINES = 2;
const DEFAULT_MAX_PER_CODE = 20;
/** Characters of a source line shown in a frame; a longer line is clipped around the column (JSON .roomodes lines run to 18,000+). */
const FRAME_WIDTH = 120;
const LEAD = 40;

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

/** Where the window of a clipped line starts (0-based): about LEAD characters before the column. */
function windowStart(flat: string, column: number): number {
  return flat.length <= FRAME_WIDTH ? 0 : Math.max(0, Math.min(column - 1 - LEAD, flat.length - FRAME_WIDTH));
}

/** Renders a few lines around the range with a caret/underline under its first line. */
function codeFrame(lines: readonly string[], d: Diagnostic, paint: Painter["paint"]): string {
  if (!d.start) return "";
  const line = Math.min(Math.max(d.start.line, 1), lines.length);
  const first = Math.max(1, line - CONTEXT_LINES);
  const last = Math.min(lines.length, line + CONTEXT_LINES);
  const width = String(last).length;
  const col = Math.max(1, d.start.column);
  const window = windowStart((lines[line - 1] ?? "").replaceAll("\t", " "), col);
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const raw = lines[n - 1] ?? "";
    // Every line of the frame shows the same window, so the columns line up.
    const flat = raw.replaceAll("\t", " ");
    const shown = clipAt(flat, window);
    const marker = n === line ? paint("red", ">") : " ";
    out.push(`${marker} ${paint("dim", String(n).padStart(width) + " |")} ${shown}`);
    if (n === line) {
      // Multi-line ranges underline to the end of the first line.
      const endCol = d.end && d.end.line === line ? Math.max(d.end.column, col + 1) : Math.max(flat.length + 1, col + 1);
      const start = col - 1 - window;
      const length = Math.max(1, Math.min(endCol - col, FRAME_WIDTH - start));
      out.push(`  ${" ".repeat(width)} ${paint("dim", "|")} ${" ".repeat(Math.max(0, start))}${paint(SEVERITY_STYLE[d.severity], "^".repeat(length))}`);
    }
  }
  return out.join("\n");
}

/** `flat` shown from column `from` (0-based), at most FRAME_WIDTH characters, with ellipses where it is cut. */
function clipAt(flat: string, from: number): string {
  const head = from > 0 ? "…" : "";
  const tail = from + FRAME_WIDTH < flat.length ? "…" : "";
  return head + visible(flat.slice(from + head.length, from + FRAME_WIDTH)) + tail;
}

export function formatDiagnostics(diagnostics: readonly Diagnostic[], getSource: SourceLookup, options: FormatOptions): string {
  const { paint } = makePainter(options.color);
  const display = options.displayPath ?? ((file: string) => file);
  const maxPerCode = options.maxPerCode ?? DEFAULT_MAX_PER_CODE;
  // One line index per file, built on first use and reused by every diagnostic in it.
  const lineIndex = new Map<string, string[] | null>();
  const linesOf = (file: string): string[] | null => {
    if (!lineIndex.has(file)) {
      const source = getSource(file);
      lineIndex.set(file, source === undefined ? null : source.split(/\r?\n/));
    }
    return lineIndex.get(file)!;
  };
  // A code repeated in one file is shown maxPerCode times, then counted once, right after the last one shown.
  const groupOf = (d: Diagnostic): string => `${d.file ?? ""}\u0000${d.code}`;
  const totals = new Map<string, number>();
  for (const d of diagnostics) totals.set(groupOf(d), (totals.get(groupOf(d)) ?? 0) + 1);
  const shown = new Map<string, number>();
  const blocks: string[] = [];
  for (const d of diagnostics) {
    const group = groupOf(d);
    const count = (shown.get(group) ?? 0) + 1;
    shown.set(group, count);
    if (count > maxPerCode) continue;
    const file = d.file === null ? null : showPath(display(d.file));
    const head = diagnosticLine(d, file, (part: LinePart, text) => paint(part === "where" ? "bold" : part === "code" ? "dim" : SEVERITY_STYLE[part], text));
    const lines = d.file === null ? null : linesOf(d.file);
    const frame = lines === null ? "" : codeFrame(lines, d, paint);
    blocks.push(frame ? `${head}\n${frame}` : head);
    const more = totals.get(group)! - maxPerCode;
    if (count === maxPerCode && more > 0) blocks.push(`${paint("bold", file ?? "forge")}: ... and ${more} more ${d.code} (use --json for all)`);
  }
  const { errors, warnings, infos } = summarize(diagnostics);
  const summary = paint(errors > 0 ? "red" : "green", `${plural(errors, "error")}, ${plural(warnings, "warning")}, ${infos} info`);
  return [...blocks, summary].join("\n\n") + "\n";
}
