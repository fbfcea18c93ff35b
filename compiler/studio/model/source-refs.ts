// Where a mode's prompt text starts: the `prompt:` value in its YAML/JSON file, or line 1 of its promptFile.
import { posix } from "node:path";
import { isMap, isScalar, LineCounter, parseDocument, Scalar } from "yaml";
import type { Origin } from "../../../core/component-catalog.js";

/** Where a component comes from, for its link: its scope and layer, and the forge library a carried one came from. */
export interface SourceOrigin extends Origin {
  library?: string | undefined;
}

export interface PromptLocation {
  /** Forge-root-relative file holding the prompt text (the definition itself, or its promptFile). */
  file: string;
  line: number;
}

/**
 * Reads the definition `text` of `source` (forge-root-relative) for the prompt's position. Falls back to line 1 of
 * the definition when the text cannot be read that way (the page then still links to the file).
 */
export function promptLocation(source: string, text: string | undefined, field: "prompt" | "content" = "prompt"): PromptLocation {
  const fallback = { file: source, line: 1 };
  if (text === undefined) return fallback;
  const lineCounter = new LineCounter();
  let doc;
  try {
    doc = parseDocument(text, { lineCounter, uniqueKeys: false });
  } catch {
    return fallback;
  }
  const root = doc.contents;
  if (!isMap(root)) return fallback;
  for (const pair of root.items) {
    if (!isScalar(pair.key)) continue;
    const name = String(pair.key.value);
    const value = pair.value;
    if (name === `${field}File` && isScalar(value) && typeof value.value === "string") {
      // promptFile is relative to the definition's folder and stays inside the forge root (the compiler checked it).
      const file = posix.normalize(posix.join(posix.dirname(source), value.value));
      return file.startsWith("../") ? fallback : { file, line: 1 };
    }
    if (name === field && isScalar(value) && value.range) {
      const start = lineCounter.linePos(value.range[0]).line;
      // A block scalar's text starts on the line after its `|` or `>` header.
      const block = value.type === Scalar.BLOCK_LITERAL || value.type === Scalar.BLOCK_FOLDED;
      return { file: source, line: block ? start + 1 : start };
    }
  }
  return fallback;
}
