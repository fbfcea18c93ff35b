// Where a template's text starts in its file, so handlebars positions (template-relative) map back to file positions.
import { isScalar, Scalar } from "yaml";
import type { Position } from "../../core/diagnostic.js";
import { nodeAt, positionAt, type PositionedDoc } from "./yaml-positions.js";

/**
 * file: the template is a whole file (.md), positions are exact.
 * inline: a YAML/JSON string; `line`/`column` is where its first character sits; `blockIndent` is set for
 * block scalars (| and >), whose lines all start at that indent. Positions are best effort for folded and
 * escaped strings.
 */
export type TemplateOrigin = { kind: "file" } | { kind: "inline"; line: number; column: number; blockIndent: number | null };

export function inlineOrigin(pd: PositionedDoc, text: string, segments: readonly (string | number)[]): TemplateOrigin {
  const node = nodeAt(pd, segments);
  if (!isScalar(node) || !node.range) return { kind: "inline", line: 1, column: 1, blockIndent: null };
  const start = positionAt(pd.lineCounter, node.range[0]);
  if (node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED) {
    // Content starts on the line after the header; its indent is that of the first non-empty line.
    const after = text.slice(node.range[0]).split("\n").slice(1);
    const first = after.find((l) => l.trim() !== "") ?? "";
    const indent = first.length - first.trimStart().length;
    return { kind: "inline", line: start.line + 1, column: indent + 1, blockIndent: indent };
  }
  const quoted = node.type === Scalar.QUOTE_DOUBLE || node.type === Scalar.QUOTE_SINGLE;
  return { kind: "inline", line: start.line, column: start.column + (quoted ? 1 : 0), blockIndent: null };
}

/** Maps a handlebars location (1-based line, 0-based column, relative to the template) into the file. */
export function mapTemplatePosition(origin: TemplateOrigin, line: number, column: number): Position {
  if (origin.kind === "file") return { line, column: column + 1 };
  if (line === 1 && origin.blockIndent === null) return { line: origin.line, column: origin.column + column };
  if (origin.blockIndent !== null) return { line: origin.line + line - 1, column: origin.blockIndent + column + 1 };
  return { line: origin.line + line - 1, column: column + 1 };
}
