// The human header of `forge preview` (stderr), so stdout carries exactly the composed prompt.
import type { PreviewReport } from "../review/preview.js";

/** A header naming each component, or why the preview was refused. */
export function renderPreviewHeader(report: PreviewReport): string {
  if (report.status !== "ok" || report.selection === null) return `forge: preview refused: ${report.reason}\n`;
  const lines = [
    `forge preview: ${report.selection.preset ? `preset ${report.selection.preset}` : "modes"} against a sample host prompt`,
    ...report.components.map((c) => `  ${c.role.padEnd(7)} ${c.key} (${c.strategy}, ${c.scope}, ${c.digest.slice(0, 12)})`),
    `  size: ${report.size!.chars} chars, ~${report.size!.estimatedTokens} tokens`,
  ];
  return lines.join("\n") + "\n";
}
