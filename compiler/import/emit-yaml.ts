// Writes imported mode and preset sources as deterministic YAML: fixed field order, `|` block literals, flow key lists.
import { Document, isMap, isScalar, isSeq, parse, Scalar, visit } from "yaml";
import type { Draft } from "./types.js";

/**
 * Field order follows the example in docs/guides/writing-sources.md (label, description, strategy, prompt, contracts,
 * preferences) so imported files read like hand-written ones; absent fields are left out.
 * lineWidth 0: never fold long lines (a folded prompt would still parse, but reviewers
 * compare it with the input). Multi-line text becomes a `|` literal block; yaml picks the
 * chomping indicator (|-, |+) that keeps the text exact, and falls back to a quoted scalar
 * when a literal block cannot hold it (e.g. a carriage return).
 */
export function emitSourceYaml(draft: Draft<object>): string {
  const doc = new Document(draft.source);
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      // Lists of keys or globs go on one line; a list of mappings (a preset's systemUpdates) stays a block list.
      if (isSeq(pair.value) && pair.value.items.every(isScalar)) pair.value.flow = true;
      // One level down too (edits: allowRegex: [...], when: paths: [...]), so lists read alike wherever they are.
      if (isMap(pair.value)) for (const inner of pair.value.items) if (isSeq(inner.value)) inner.value.flow = true;
    }
  }
  if (draft.comments.length > 0) doc.commentBefore = draft.comments.map((line) => ` ${line.replace(/\s*[\r\n]+\s*/g, " ")}`).join("\n");
  const emit = (): string => doc.toString({ lineWidth: 0, blockQuote: "literal", flowCollectionPadding: false });
  const text = emit();
  // yaml's choice is not always exact: a literal block turns a whitespace-only line into an empty
  // one (" \n" reads back as "\n"). Read the text back; any field that changed is written quoted.
  const reread = parse(text) as Record<string, unknown>;
  let requoted = false;
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : "";
      const original = (draft.source as Record<string, unknown>)[key];
      if (typeof original === "string" && reread[key] !== original && isScalar(pair.value)) {
        pair.value.type = Scalar.QUOTE_DOUBLE;
        requoted = true;
      }
    }
  }
  // Strings inside nested lists (a Roo fileRegex) are quoted whenever reading them back would change them.
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (!isMap(pair.value)) continue;
      const key = isScalar(pair.key) ? String(pair.key.value) : "";
      const original = JSON.stringify((draft.source as Record<string, unknown>)[key]);
      if (JSON.stringify(reread[key]) === original) continue;
      for (const inner of pair.value.items) if (isSeq(inner.value)) for (const item of inner.value.items) if (isScalar(item)) item.type = Scalar.QUOTE_DOUBLE;
      requoted = true;
    }
  }
  const second = requoted ? emit() : text;
  return requoteDeep(doc, draft.source, second, emit);
}

/**
 * The last guard, for strings anywhere else (a block's content inside systemUpdates): when reading the text back does
 * not give the source exactly, every string scalar that reads back differently is written double-quoted.
 */
export function requoteDeep(doc: Document, source: object, text: string, emit: () => string): string {
  if (JSON.stringify(parse(text)) === JSON.stringify(source)) return text;
  const reread = parse(text) as unknown;
  const valueAt = (root: unknown, path: readonly unknown[]): unknown => {
    let node = root;
    for (const seg of path) node = node !== null && typeof node === "object" ? (node as Record<string, unknown>)[String(seg)] : undefined;
    return node;
  };
  visit(doc, {
    Scalar(key, node, path) {
      if (key === "key" || typeof node.value !== "string") return;
      const segments: unknown[] = [];
      for (let i = 1; i < path.length; i++) {
        const parent = path[i - 1];
        const child = path[i];
        if (isMap(parent) && child && isScalar((child as { key?: unknown }).key)) segments.push((child as { key: Scalar }).key.value);
        else if (isSeq(parent)) segments.push(parent.items.indexOf(child as never));
      }
      const last = path[path.length - 1];
      if (isSeq(last)) segments.push(last.items.indexOf(node));
      if (valueAt(reread, segments) !== valueAt(source, segments)) node.type = Scalar.QUOTE_DOUBLE;
    },
  });
  return emit();
}
