// Phase 1, decode: raw bytes -> LF-normalized text, with coded diagnostics for bad bytes and bounds.
import type { Diagnostic } from "../../core/diagnostic.js";
import { LIMITS, type ContextScan, type SourceTree } from "../types.js";
import { contentDigest } from "./memo.js";
import type { Phase } from "./pipeline.js";
import { fileTooLarge, invalidUtf8, mixedLineEndings, outputAsSource, tooManyFiles, utf8Bom } from "../diagnostics/codes.js";
import { atFile, type Where } from "../../core/diagnostics/make-diagnostic.js";

/** One decoded file; text is null when it cannot be used. Its diagnostics surface only when the file is used. */
export interface DecodedFile {
  path: string;
  text: string | null;
  diagnostics: Diagnostic[];
}

/**
 * A nested context file's text as Pi reads it (UTF-8, a BOM dropped), with CRLF line endings as LF and in NFC like all
 * forge text; `problem` says why it cannot be used (text null), `tooLarge` when over the byte bound.
 */
export interface DecodedContextFile {
  path: string;
  text: string | null;
  problem: string | null;
  tooLarge: boolean;
}

/** The nested context files (forge.yaml contextFiles: nested), decoded; what the search skipped or could not do. */
export interface DecodedContext extends Omit<ContextScan, "files"> {
  files: readonly DecodedContextFile[];
}

/** The value of phase 1: every file's text, by path, and the links the reader refused to follow. */
export interface Decoded {
  files: ReadonlyMap<string, DecodedFile>;
  /** Paths (files or directories) of symlinks that leave the root. */
  escapingLinks: readonly string[];
  /** Paths of symlinks to the root's own output (bundle.json). */
  outputLinks: readonly string[];
  /** The nested context files, when the I/O edge read them; null otherwise. */
  context: DecodedContext | null;
}

export function decodeFile(path: string, bytes: Uint8Array, tooLarge = false): DecodedFile {
  const where = atFile(path);
  if (tooLarge || bytes.length > LIMITS.maxFileBytes) return { path, text: null, diagnostics: [fileTooLarge(where, LIMITS.maxFileBytes)] };
  let text: string;
  try {
    // fatal: a replacement character would silently change prompt bytes; ignoreBOM keeps the BOM so we can warn.
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return { path, text: null, diagnostics: [invalidUtf8(invalidByteWhere(path, bytes))] };
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

/** Offset of the first byte that does not belong to a well-formed UTF-8 sequence (RFC 3629: no overlongs, surrogates or > U+10FFFF). */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // Expected length and the allowed range of the second byte (which rules out overlongs and surrogates).
    let n: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) n = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      n = 3;
      if (b === 0xe0) lo = 0xa0;
      if (b === 0xed) hi = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      n = 4;
      if (b === 0xf0) lo = 0x90;
      if (b === 0xf4) hi = 0x8f;
    } else return i;
    for (let k = 1; k < n; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i;
      if (k === 1 ? c < lo || c > hi : c < 0x80 || c > 0xbf) return i;
    }
    i += n;
  }
  return bytes.length;
}

/** Line and column (in characters, like every other position) of the first invalid byte. */
function invalidByteWhere(file: string, bytes: Uint8Array): Where {
  const offset = firstInvalidUtf8(bytes);
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  // The bytes before it on its line are valid UTF-8, so decoding them counts characters.
  const column = new TextDecoder("utf-8").decode(bytes.subarray(lineStart, offset)).length + 1;
  return { file, start: { line, column }, end: { line, column: column + 1 }, path: "" };
}

export function decodeContextFile(path: string, bytes: Uint8Array, tooLarge = false): DecodedContextFile {
  if (tooLarge || bytes.length > LIMITS.maxFileBytes) return { path, text: null, problem: null, tooLarge: true };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    return { path, text: null, problem: `is not valid UTF-8 (at byte offset ${at})`, tooLarge: false };
  }
  return { path, text: text.replaceAll("\r\n", "\n").normalize("NFC"), problem: null, tooLarge: false };
}

/** The text of a file the compile uses, null when unusable; its decode diagnostics surface here, at its use. */
export function useFile(decoded: Decoded, path: string, diagnostics: Diagnostic[]): string | null {
  const file = decoded.files.get(path)!;
  diagnostics.push(...file.diagnostics);
  return file.text;
}

/** Phase 1: the bytes of every file become text (a file is kept from the last compile while its content digest is the same). */
export const decodeSources: Phase<SourceTree, Decoded> = (tree, { memo }) => {
  const diagnostics: Diagnostic[] = [];
  if (tree.fileCount > LIMITS.maxFiles) diagnostics.push(tooManyFiles(LIMITS.maxFiles));
  for (const link of tree.outputLinks ?? []) diagnostics.push(outputAsSource(atFile(link.path), link.path));
  const files = new Map<string, DecodedFile>();
  for (const file of tree.files) {
    const tooLarge = file.tooLarge === true;
    const decoded = memo.reuse(
      "decode",
      file.path,
      () => [tooLarge, contentDigest(file.bytes)],
      () => decodeFile(file.path, file.bytes, tooLarge),
    );
    files.set(file.path, decoded);
  }
  const scan = tree.context;
  const context: DecodedContext | null =
    scan === undefined
      ? null
      : {
          ...scan,
          files: scan.files.map((f) =>
            memo.reuse(
              "decode context",
              f.path,
              () => [f.tooLarge === true, contentDigest(f.bytes)],
              () => decodeContextFile(f.path, f.bytes, f.tooLarge === true),
            ),
          ),
        };
  const value = { files, escapingLinks: tree.escapingLinks.map((l) => l.path), outputLinks: (tree.outputLinks ?? []).map((l) => l.path), context };
  return { value, diagnostics };
};
