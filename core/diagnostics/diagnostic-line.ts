// One diagnostic as one line, `file:line:col severity code: message` (`forge severity code: message` without a file): the
// CLI's human output (before its code frame) and the extension's authoring notices both print this.
import type { ForgeDiagnostic } from "../../generated/types.js";
import { visible } from "../safe-text.js";

/** What a part of the line is, so the CLI can color it; the extension prints it plain. */
export type LinePart = "where" | "error" | "warning" | "info" | "code";

/** `file` is the path as it should be shown (null: the diagnostic names no file); the message is made safe to print. */
export function diagnosticLine(
  d: Pick<ForgeDiagnostic, "code" | "severity" | "message" | "start">,
  file: string | null,
  paint: (part: LinePart, text: string) => string = (_, t) => t,
): string {
  const where = file === null ? "forge" : file + (d.start ? `:${d.start.line}:${d.start.column}` : "");
  return `${paint("where", where)} ${paint(d.severity, d.severity)} ${paint("code", d.code)}: ${visible(d.message)}`;
}

/** A runtime notice of a coded diagnostic (no file to point at): `forge: <code>: <message>`. */
export function noticeText(d: Pick<ForgeDiagnostic, "code" | "message">): string {
  return `forge: ${d.code}: ${visible(d.message)}`;
}
