// Maps document paths (ajv instancePath, key lists) to 1-based line/column ranges of YAML nodes.
import { isCollection, isMap, isScalar, isSeq, type Document, type LineCounter, type Node } from "yaml";
import type { Position } from "../../common/diagnostic.js";
import type { Where } from "../diagnostics/codes.js";

export interface PositionedDoc {
  file: string;
  doc: Document;
  lineCounter: LineCounter;
}

export function positionAt(lineCounter: LineCounter, offset: number): Position {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

/** Splits a JSON pointer ("/overlays/2", "/a~1b") into its unescaped segments. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

export function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => "/" + String(s).replaceAll("~", "~0").replaceAll("/", "~1")).join("");
}

function rangeOfNode(pd: PositionedDoc, node: Node | null | undefined): { start: Position; end: Position } {
  const range = node?.range;
  if (!range) return { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
  // range[1] is the end of the value proper, before trailing comments and blank lines.
  const start = positionAt(pd.lineCounter, range[0]);
  const end = positionAt(pd.lineCounter, Math.max(range[0], range[1]));
  if (isCollection(node) && end.line > start.line) {
    // A whole mapping or list spans many lines: underline only its first line.
    const nextLineStart = pd.lineCounter.lineStarts[start.line];
    return { start, end: nextLineStart === undefined ? end : positionAt(pd.lineCounter, nextLineStart - 1) };
  }
  return { start, end };
}

/** The YAML value node at a path, or null when the path does not exist. */
export function nodeAt(pd: PositionedDoc, segments: readonly (string | number)[]): Node | null {
  let node = pd.doc.contents as Node | null;
  for (const seg of segments) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg));
      if (!pair) return null;
      node = (pair.value as Node | null) ?? null;
    } else if (isSeq(node)) {
      node = (node.items[Number(seg)] as Node | undefined) ?? null;
    } else return null;
  }
  return node;
}

/**
 * The range of the node at `segments`; with target "key" the range of the mapping key instead (for unknown
 * fields). Missing segments fall back to the deepest existing ancestor, so a missing field points at its map.
 */
export function whereAt(pd: PositionedDoc, segments: readonly (string | number)[], target: "key" | "value" = "value"): Where {
  let node = pd.doc.contents as Node | null;
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    let next: Node | null = null;
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg));
      if (pair && (i === segments.length - 1 && (target === "key" || pair.value == null))) {
        return { file: pd.file, ...rangeOfNode(pd, pair.key as Node), path: toPointer(segments) };
      }
      next = (pair?.value as Node | null | undefined) ?? null;
    } else if (isSeq(node)) {
      next = (node.items[Number(seg)] as Node | undefined) ?? null;
    }
    if (!next) return { file: pd.file, ...rangeOfNode(pd, node), path: toPointer(segments) };
    node = next;
  }
  return { file: pd.file, ...rangeOfNode(pd, node), path: toPointer(segments) };
}
