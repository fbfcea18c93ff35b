// Phase 1, decode: raw bytes -> LF-normalized text, with coded diagnostics for bad bytes and bounds.
import type { Diagnostic } from "../../core/diagnostic.js";
import { LIMITS, type SourceTree } from "../types.js";
import { fileTooLarge, invalidUtf8, mixedLineEndings, outputAsSource, tooManyFiles, utf8Bom } from "../diagnostics/codes.js";
import { atFile } from "../../core/diagnostics/make-diagnostic.js";

/** One decoded file; text is null when it cannot be used. Its diagnostics surface only when the file is used. */
export interface DecodedFile {
  path: string;
  text: string | null;
  diagnostics: Diagnostic[];
}

export interface DecodedTree {
  files: ReadonlyMap<string, DecodedFile>;
  /** Paths (files or directories) of symlinks that leave the root. */
  escapingLinks: readonly string[];
  /** Paths of symlinks to the root's own output (bundle.json). */
  outputLinks: readonly string[];
  /** Tree-level diagnostics (file count). */
  diagnostics: Diagnostic[];
}

export function decodeFile(path: string, bytes: Uint8Array, tooLarge = false): DecodedFile {
  const where = atFile(path);
  if (tooLarge || bytes.length > LIMITS.maxFileBytes) return { path, text: null, diagnostics: [fileTooLarge(where, LIMITS.maxFileBytes)] };
  let text: string;
  try {
    // fatal: a replacement character would silently change prompt bytes; ignoreBOM keeps the BOM so we can warn.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { path, text: null, diagnostics: [invalidUtf8(where)] };
  }
  const diagnostics: Diagnostic[] = [];
  if (text.startsWith("\uFEFF")) {
    diagnostics.push(utf8Bom(where));
    text = text.slice(1);
  }
  if (!text.includes("\r")) return { path, text, diagnostics };
  const crlf = text.split("\r\n").length - 1;
  // Uniform means every LF has a CR before it and no CR stands alone (a lone CR is a classic Mac ending).
  const uniform = crlf === text.split("\n").length - 1 && crlf === text.split("\r").length - 1;
  if (!uniform) {
    diagnostics.push(mixedLineEndings(firstMixedLine(text)));
    return { path, text: null, diagnostics };
  }
  // Uniform CRLF is a Windows checkout: normalize so bytes and digests match an LF checkout.
  return { path, text: text.replaceAll("\r\n", "\n"), diagnostics };

  function firstMixedLine(t: string) {
    // Point at the first line whose ending differs from the first line's ending.
    const lines = t.split("\n");
    const firstIsCrlf = lines[0]!.endsWith("\r");
    const index = lines.findIndex((l, i) => (i < lines.length - 1 && l.endsWith("\r") !== firstIsCrlf) || l.slice(0, -1).includes("\r"));
    const line = index < 0 ? 1 : index + 1;
    return { file: path, start: { line, column: 1 }, end: { line, column: 1 }, path: "" };
  }
}

/** The text of a file the compile uses, null when unusable; its decode diagnostics surface here, at its use. */
export function useFile(decoded: DecodedTree, path: string, diagnostics: Diagnostic[]): string | null {
  const file = decoded.files.get(path)!;
  diagnostics.push(...file.diagnostics);
  return file.text;
}

export function decodeTree(tree: SourceTree): DecodedTree {
  const diagnostics: Diagnostic[] = [];
  if (tree.fileCount > LIMITS.maxFiles) diagnostics.push(tooManyFiles(LIMITS.maxFiles));
  for (const link of tree.outputLinks ?? []) diagnostics.push(outputAsSource(atFile(link.path), link.path));
  const files = new Map<string, DecodedFile>();
  for (const file of tree.files) files.set(file.path, decodeFile(file.path, file.bytes, file.tooLarge === true));
  return { files, escapingLinks: tree.escapingLinks.map((l) => l.path), outputLinks: (tree.outputLinks ?? []).map((l) => l.path), diagnostics };
}
