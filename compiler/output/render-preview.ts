// The human header of `forge preview` (stderr), so stdout carries exactly the composed prompt.
import type { PreviewReport } from "../review/preview.js";

/**
 * A header naming each component (a project component with its layer, when the layers above the target take part),
 * or why the preview was refused. `showLayer` names a layer root for people (relative to the current directory).
 */
export function renderPreviewHeader(report: PreviewReport, showLayer: (root: string) => string = (root) => root): string {
  if (report.status !== "ok" || report.selection === null) return `forge: preview refused: ${report.reason}\n`;
  const layered = new Set(report.components.map((c) => c.layer).filter((l) => l !== null)).size > 1;
  const lines = [
    `forge preview: ${report.selection.preset ? `preset ${report.selection.preset}` : "modes"} against a sample host prompt`,
    ...report.components.map(
      (c) =>
        `  ${c.role.padEnd(7)} ${c.key} (${c.strategy}, ${c.scope}${layered && c.layer !== null ? ` layer ${showLayer(c.layer)}` : ""}, ${c.digest.slice(0, 12)})`,
    ),
    `  size: ${report.size!.chars} chars, ~${report.size!.estimatedTokens} tokens`,
  ];
  return lines.join("\n") + "\n";
}
