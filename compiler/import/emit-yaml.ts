// Writes imported mode and preset sources as deterministic YAML: fixed field order, `|` block literals, flow key lists.
import { Document, isMap, isSeq } from "yaml";
import type { Draft } from "./types.js";

/**
 * Field order follows the README example (label, description, strategy, prompt, contracts,
 * preferences) so imported files read like hand-written ones; absent fields are left out.
 * lineWidth 0: never fold long lines (a folded prompt would still parse, but reviewers
 * compare it with the input). Multi-line text becomes a `|` literal block; yaml picks the
 * chomping indicator (|-, |+) that keeps the text exact, and falls back to a quoted scalar
 * when a literal block cannot hold it (e.g. a carriage return).
 */
export function emitSourceYaml(draft: Draft<object>): string {
  const doc = new Document(draft.source);
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) if (isSeq(pair.value)) pair.value.flow = true;
  }
  if (draft.comments.length > 0) doc.commentBefore = draft.comments.map((line) => ` ${line.replace(/\s*[\r\n]+\s*/g, " ")}`).join("\n");
  return doc.toString({ lineWidth: 0, blockQuote: "literal", flowCollectionPadding: false });
}
