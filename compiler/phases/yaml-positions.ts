// Maps document paths (ajv instancePath, key lists) to 1-based line/column ranges of YAML nodes.
import { isCollection, isMap, isScalar, isSeq, type Document, type LineCounter, type Node, type Pair } from "yaml";
import type { Position } from "../../core/diagnostic.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";

export interface PositionedDoc {
  file: string;
  doc: Document;
  lineCounter: LineCounter;
}

export function positionAt(lineCounter: LineCounter, offset: number): Position {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}

/** The range of source offsets from..to; an inverted range collapses onto `from`. */
export function rangeAt(lineCounter: LineCounter, from: number, to: number): { start: Position; end: Position } {
  return { start: positionAt(lineCounter, from), end: positionAt(lineCounter, Math.max(from, to)) };
}

/** Splits a JSON pointer ("/overlays/2", "/a~1b") into its unescaped segments. */
export function pointerSegments(pointer: string): string[] {
  if (pointer === "") return [];
  return pointer.slice(1).split("/").map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
}

function toPointer(segments: readonly (string | number)[]): string {
  return segments.map((s) => "/" + String(s).replaceAll("~", "~0").replaceAll("/", "~1")).join("");
}

function rangeOfNode(pd: PositionedDoc, node: Node | null | undefined): { start: Position; end: Position } {
  const range = node?.range;
  if (!range) return { start: { line: 1, column: 1 }, end: { line: 1, column: 1 } };
  // range[1] is the end of the value proper, before trailing comments and blank lines.
  const { start, end } = rangeAt(pd.lineCounter, range[0], range[1]);
  if (isCollection(node) && end.line > start.line) {
    // A whole mapping or list spans many lines: underline only its first line.
    const nextLineStart = pd.lineCounter.lineStarts[start.line];
    return { start, end: nextLineStart === undefined ? end : positionAt(pd.lineCounter, nextLineStart - 1) };
  }
  return { start, end };
}

/** One step down a path: the entry of a mapping whose key is `seg`, or the item of a list at index `seg`. */
function childAt(node: Node | null, seg: string | number): { pair: Pair | null; value: Node | null } {
  if (isMap(node)) {
    const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg)) ?? null;
    return { pair, value: (pair?.value as Node | null | undefined) ?? null };
  }
  if (isSeq(node)) return { pair: null, value: (node.items[Number(seg)] as Node | undefined) ?? null };
  return { pair: null, value: null };
}

/** The YAML value node at a path, or null when the path does not exist. */
export function nodeAt(pd: PositionedDoc, segments: readonly (string | number)[]): Node | null {
  let node = pd.doc.contents as Node | null;
  for (const seg of segments) {
    node = childAt(node, seg).value;
    if (!node) return null;
  }
  return node;
}

/**
 * The range of the node at `segments`; with target "key" the range of the mapping key instead (for unknown
 * fields). Missing segments fall back to the deepest existing ancestor, so a missing field points at its map.
 */
export function whereAt(pd: PositionedDoc, segments: readonly (string | number)[], target: "key" | "value" = "value"): Where {
  const at = (node: Node | null): Where => ({ file: pd.file, ...rangeOfNode(pd, node), path: toPointer(segments) });
  let node = pd.doc.contents as Node | null;
  for (let i = 0; i < segments.length; i++) {
    const { pair, value } = childAt(node, segments[i]!);
    if (pair && i === segments.length - 1 && (target === "key" || pair.value == null)) return at(pair.key as Node);
    if (!value) return at(node);
    node = value;
  }
  return at(node);
}
