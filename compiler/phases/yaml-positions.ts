// Maps document paths (ajv instancePath, key lists) to 1-based line/column ranges of YAML nodes.
import {
  Composer,
  isCollection,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  Parser,
  visit,
  YAMLParseError,
  type Document,
  type DocumentOptions,
  type Node,
  type Pair,
  type ParseOptions,
  type Scalar,
  type SchemaOptions,
  type YAMLMap,
} from "yaml";
import type { Position } from "../../core/diagnostic.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";

export interface PositionedDoc {
  file: string;
  doc: Document;
  lineCounter: LineCounter;
  /** Per-mapping index of its scalar keys, filled on first lookup (see positionDoc). */
  keyIndex: WeakMap<YAMLMap, Map<string, Pair>>;
}

/** A parsed document ready for position lookups. */
export function positionDoc(file: string, doc: Document, lineCounter: LineCounter): PositionedDoc {
  return { file, doc, lineCounter, keyIndex: new WeakMap() };
}

/**
 * Every key that repeats an earlier scalar key of its mapping, in document order. One set per mapping keeps this
 * linear; yaml's own uniqueKeys check compares each key with every earlier one (quadratic in a mapping's size).
 */
export function duplicateKeys(doc: Document): Scalar[] {
  const out: Scalar[] = [];
  visit(doc, {
    Map(_, map) {
      const seen = new Set<string>();
      for (const pair of map.items) {
        if (!isScalar(pair.key)) continue;
        const name = String(pair.key.value);
        if (seen.has(name)) out.push(pair.key);
        seen.add(name);
      }
    },
  });
  return out;
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
  return pointer
    .slice(1)
    .split("/")
    .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"));
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

/** The pair of `map` whose key is `seg` (first occurrence wins), through the document's key index: O(1) per lookup. */
function pairFor(pd: PositionedDoc, map: YAMLMap, seg: string): Pair | null {
  let index = pd.keyIndex.get(map);
  if (index === undefined) {
    index = new Map();
    for (const pair of map.items) {
      if (!isScalar(pair.key)) continue;
      const name = String(pair.key.value);
      if (!index.has(name)) index.set(name, pair);
    }
    pd.keyIndex.set(map, index);
  }
  return index.get(seg) ?? null;
}

/** One step down a path: the entry of a mapping whose key is `seg`, or the item of a list at index `seg`. */
function childAt(pd: PositionedDoc, node: Node | null, seg: string | number): { pair: Pair | null; value: Node | null } {
  if (isMap(node)) {
    const pair = pairFor(pd, node, String(seg));
    return { pair, value: (pair?.value as Node | null | undefined) ?? null };
  }
  if (isSeq(node)) return { pair: null, value: (node.items[Number(seg)] as Node | undefined) ?? null };
  return { pair: null, value: null };
}

/** The YAML value node at a path, or null when the path does not exist. */
export function nodeAt(pd: PositionedDoc, segments: readonly (string | number)[]): Node | null {
  let node = pd.doc.contents as Node | null;
  for (const seg of segments) {
    node = childAt(pd, node, seg).value;
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
    const { pair, value } = childAt(pd, node, segments[i]!);
    if (pair && i === segments.length - 1 && (target === "key" || pair.value == null)) return at(pair.key as Node);
    if (!value) return at(node);
    node = value;
  }
  return at(node);
}

/**
 * Where a YAML error should point. yaml reports an unterminated quoted scalar at the end of the file (where it gave up
 * looking for the closing quote); the user needs the opening quote, so point at the start of that scalar instead.
 */
export function errorOffsets(doc: Document, err: { code: string; pos: [number, number] }): [number, number] {
  if (err.code !== "MISSING_CHAR") return err.pos;
  let start: number | null = null;
  visit(doc, {
    Scalar(_, node) {
      const quoted = node.type === "QUOTE_DOUBLE" || node.type === "QUOTE_SINGLE";
      if (quoted && node.range && node.range[1] >= err.pos[0] && start === null) start = node.range[0];
    },
  });
  return start === null ? err.pos : [start, start + 1];
}

/** A CST token as far as the depth check reads it (yaml's Parser output). */
interface CstNode {
  type?: string;
  offset?: number;
  value?: CstNode;
  key?: CstNode | null;
  items?: Array<{ key?: CstNode | null; value?: CstNode | null }>;
}

/**
 * The offset where a parsed CST first nests deeper than `max` collections, or null. yaml's CST parser is iterative, but
 * composing the document (and every later walk of it) recurses once per level, so a 5,000-level "[[[[...]]]]" would
 * overflow the stack: this walk uses its own stack and runs before the document is composed.
 */
function deepestAt(tokens: Iterable<unknown>, max: number): number | null {
  const stack: Array<{ node: CstNode; depth: number }> = [];
  for (const token of tokens) stack.push({ node: token as CstNode, depth: 0 });
  while (stack.length > 0) {
    const { node, depth } = stack.pop()!;
    const collection = node.type === "block-map" || node.type === "block-seq" || node.type === "flow-collection";
    const level = collection ? depth + 1 : depth;
    if (level > max) return node.offset ?? 0;
    if (node.value) stack.push({ node: node.value, depth: level });
    for (const item of node.items ?? []) {
      if (item.key) stack.push({ node: item.key, depth: level });
      if (item.value) stack.push({ node: item.value, depth: level });
    }
  }
  return null;
}

export type YamlOptions = DocumentOptions & ParseOptions & SchemaOptions;

/**
 * yaml's parseDocument(text, options) from one CST parse, which the depth check (deepestAt) reads first: the document
 * and its line counter, or the offset where the text nests too deep (then nothing is composed). The text is tokenized
 * once where parsing and checking it apart did it twice (a third of a 1,000-mode build's parse time).
 */
export function parseWithinDepth(text: string, max: number, options: YamlOptions): { doc: Document.Parsed; lineCounter: LineCounter } | { deep: number } {
  const lineCounter = new LineCounter();
  const tokens = [...new Parser(lineCounter.addNewLine).parse(text)];
  const deep = deepestAt(tokens, max);
  if (deep !== null) return { deep };
  // As parseDocument composes: the first document, and an error for a second one.
  let doc: Document.Parsed | null = null;
  for (const next of new Composer(options).compose(tokens, true, text.length)) {
    if (doc === null) doc = next;
    else if (doc.options.logLevel !== "silent") {
      doc.errors.push(
        new YAMLParseError(
          next.range.slice(0, 2) as [number, number],
          "MULTIPLE_DOCS",
          "Source contains multiple documents; please use YAML.parseAllDocuments()",
        ),
      );
      break;
    }
  }
  return { doc: doc!, lineCounter };
}
