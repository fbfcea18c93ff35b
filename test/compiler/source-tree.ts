// Test helper: a SourceTree from a directory (through the CLI's own reader) or from an in-memory map of files.
import { readSources } from "../../compiler/io/read-sources.js";
import type { SourceTree } from "../../compiler/types.js";

/** The real reader (compiler/io/read-sources.ts): fixtures see exactly what `forge build` sees. */
export function readSourceTree(root: string): SourceTree {
  return readSources(root);
}

/** A SourceTree from an in-memory map of path -> text (or bytes). */
export function treeOf(entries: Record<string, string | Uint8Array>): SourceTree {
  const files = Object.keys(entries)
    .sort()
    .map((path) => {
      const v = entries[path]!;
      return { path, bytes: typeof v === "string" ? new TextEncoder().encode(v) : v };
    });
  return { files, escapingLinks: [], fileCount: files.length };
}
