// Terminal output helpers: the color decision (NO_COLOR, FORCE_COLOR, TTY) and small styling wrappers.
import { styleText } from "node:util";
import type { Diagnostic } from "../../core/diagnostic.js";
import type { DiagnosticSummary } from "../review/build-report.js";

export type { DiagnosticSummary };

export type Style = "red" | "green" | "yellow" | "cyan" | "bold" | "dim";

/**
 * FORCE_COLOR (anything but "0"/"false") turns color on, NO_COLOR (non-empty) turns it off,
 * and otherwise color follows whether the stream is a terminal.
 */
export function colorEnabled(stream: { isTTY?: boolean }, env: NodeJS.ProcessEnv): boolean {
  const force = env.FORCE_COLOR;
  if (force !== undefined) return force !== "0" && force !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return stream.isTTY === true;
}

export interface Painter {
  readonly color: boolean;
  paint(style: Style, text: string): string;
}

export function makePainter(color: boolean): Painter {
  return {
    color,
    // validateStream:false: the decision above is already made (Node 22 would recheck stdout otherwise).
    paint: (style, text) => (color ? (styleText as (f: Style, t: string, o?: object) => string)(style, text, { validateStream: false }) : text),
  };
}

export function summarize(diagnostics: readonly Diagnostic[]): DiagnosticSummary {
  const s = { errors: 0, warnings: 0, infos: 0 };
  for (const d of diagnostics) {
    if (d.severity === "error") s.errors++;
    else if (d.severity === "warning") s.warnings++;
    else s.infos++;
  }
  return s;
}

export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? "" : "s"}`;
}

/** "2 errors, 1 warning" (zero counts left out); "" when there are none. */
export function describeSummary(s: DiagnosticSummary): string {
  const parts: string[] = [];
  if (s.errors) parts.push(plural(s.errors, "error"));
  if (s.warnings) parts.push(plural(s.warnings, "warning"));
  if (s.infos) parts.push(plural(s.infos, "info"));
  return parts.join(", ");
}

export function shortHash(hash: string | null): string {
  return hash ? hash.slice(0, 12) : "none";
}
