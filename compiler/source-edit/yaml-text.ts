// A prompt as a YAML value that reads back exactly: a `|` literal block where one holds the text, quoted otherwise.
import { type Document, isMap, isScalar, parse, Scalar } from "yaml";

/** CRLF becomes LF and final newlines go (a prompt file's last newline is not part of the prompt). */
export function promptValue(text: string): string {
  return text.replace(/\r\n/g, "\n").replace(/\n+$/, "");
}

/**
 * The block literal yaml writes (it picks the indentation and chomping indicators) unless reading the document back
 * would change the text, e.g. a whitespace-only line, which a literal block turns into an empty one: then double-quoted.
 */
export function setPromptScalar(doc: Document, key: string, text: string, render: () => string): string {
  const scalar = new Scalar(text);
  scalar.type = Scalar.BLOCK_LITERAL;
  // The value is replaced inside its pair, so the key node and the comments on it stay.
  const pair = isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === key) : undefined;
  if (pair) pair.value = scalar;
  else doc.set(doc.createNode(key), scalar);
  const written = render();
  if ((parse(written) as Record<string, unknown>)[key] === text) return written;
  scalar.type = Scalar.QUOTE_DOUBLE;
  return render();
}

/** Options for every source forge writes: long lines are never folded (a reviewer compares them with what was typed). */
export const WRITE_OPTIONS = { lineWidth: 0, flowCollectionPadding: false } as const;

/** Comment lines above the first key (not the document), so no blank line separates them from it. */
export function commentFirstKey(doc: Document, lines: readonly string[]): void {
  const first = isMap(doc.contents) ? doc.contents.items[0] : undefined;
  if (first && isScalar(first.key) && lines.length > 0) first.key.commentBefore = lines.map((l) => ` ${l}`).join("\n");
}
