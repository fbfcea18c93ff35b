// Diagnostics as the page shows them: `file:line:col` relative to the project root, with the source lines around.
import type { Diagnostic } from "../../../core/diagnostic.js";
import type { DiagnosticView, FrameLine } from "./studio-api.js";

/** Lines shown before and after the line a diagnostic points at (as in the terminal's code frame). */
const CONTEXT_LINES = 2;

function frameOf(source: string | undefined, line: number | null): FrameLine[] {
  if (source === undefined || line === null) return [];
  const lines = source.split(/\r?\n/);
  const at = Math.min(Math.max(line, 1), lines.length);
  const out: FrameLine[] = [];
  for (let n = Math.max(1, at - CONTEXT_LINES); n <= Math.min(lines.length, at + CONTEXT_LINES); n++) {
    out.push({ line: n, text: lines[n - 1] ?? "", marked: n === at });
  }
  return out;
}

/**
 * `displayRoot` is the forge root as the project names it (e.g. `.pi/forge/`); `getSource` gives the text a
 * diagnostic's file had when it was compiled, for the frame.
 */
export function diagnosticViews(diagnostics: readonly Diagnostic[], displayRoot: string, getSource: (file: string) => string | undefined): DiagnosticView[] {
  return diagnostics.map((d) => {
    const file = d.file ?? null;
    const line = d.start?.line ?? null;
    const column = d.start?.column ?? null;
    const location = file === null ? "forge" : `${displayRoot}${file}${line === null ? "" : `:${line}:${column ?? 1}`}`;
    return {
      severity: d.severity,
      code: d.code,
      message: d.message,
      file,
      location,
      line,
      column,
      frame: file === null ? [] : frameOf(getSource(file), line),
    };
  });
}
