// The templates link finds: a mode's prompt/promptFile, an update's or a rule's content/file, given inline or as a file
// reference resolved inside the forge root (never through a link out of it, never the root's own output).
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";
import { fileNotFound, outputAsSource, pathEscapesRoot } from "../diagnostics/codes.js";
import { isOwnOutput } from "../types.js";
import { useFile, type Decoded } from "./1-decode.js";
import type { ParsedSource } from "./2-parse.js";
import type { Memo } from "./memo.js";
import { inlineOrigin, type TemplateOrigin } from "./template-origin.js";
import { whereAt } from "./yaml-positions.js";

/** A template to lower: its text, the file it lives in and how its positions map into that file. */
export interface TemplateRef {
  file: string;
  text: string;
  origin: TemplateOrigin;
  /** Where to report whole-template diagnostics (prompt_too_large, empty_prompt); lazy, as it is rarely needed. */
  where: () => Where;
  /** The source that names it (the lowered template is kept while this source and the file are the same). */
  source: ParsedSource;
  /** Names the template in the memo (phase 9 keeps its lowering under it): its source file and place in it. */
  slot: string;
}

type Resolved = { ok: string } | { escapes: true } | { output: true } | { missing: string };

/** Resolves `ref` relative to the directory of `from`, refusing anything that leaves the root. */
function resolveReference(from: string, ref: string, decoded: Decoded): Resolved {
  if (ref.startsWith("/") || ref.startsWith("\\") || /^[A-Za-z]:/.test(ref)) return { escapes: true };
  const parts = from.split("/").slice(0, -1);
  for (const seg of ref.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length === 0) return { escapes: true };
      parts.pop();
    } else parts.push(seg);
  }
  const path = parts.join("/");
  // The output is never an input, whether named directly or through a symlink to it.
  if (isOwnOutput(path) || decoded.outputLinks.includes(path)) return { output: true };
  // A symlink (file or directory) on the way that points outside the root escapes too.
  if (decoded.escapingLinks.some((l) => path === l || path.startsWith(l + "/"))) return { escapes: true };
  return decoded.files.has(path) ? { ok: path } : { missing: path };
}

/** Where a template lives in its source, by field name: a mode's prompt/promptFile, an update's content/file. */
export interface TemplateField {
  source: ParsedSource;
  base: (string | number)[];
  fields: readonly [inline: string, file: string];
  inline: string | undefined;
  fileRef: string | undefined;
}

/** The template a source names, or null (none, or a reference that cannot be used: reported into `diagnostics`). */
export function loadTemplate(field: TemplateField, decoded: Decoded, memo: Memo, diagnostics: Diagnostic[]): TemplateRef | null {
  const {
    source,
    base,
    fields: [inlineField, fileField],
    inline,
    fileRef,
  } = field;
  // The memo step names the place in the source (updates have one each), the subject its file.
  const step = base.length === 0 ? "template" : `template /${base.join("/")}`;
  const slot = base.length === 0 ? source.file : `${source.file} /${base.join("/")}`;
  if (inline !== undefined) {
    const at = [...base, inlineField];
    return memo.reuse(
      step,
      source.file,
      () => [source],
      () => ({ file: source.file, text: inline, origin: inlineOrigin(source, source.text, at), where: () => whereAt(source, at), source, slot }),
    );
  }
  if (fileRef === undefined) return null;
  const where = () => whereAt(source, [...base, fileField]);
  const resolved = resolveReference(source.file, fileRef, decoded);
  if ("escapes" in resolved) {
    diagnostics.push(pathEscapesRoot(where(), fileRef));
    return null;
  }
  if ("output" in resolved) {
    diagnostics.push(outputAsSource(where(), fileRef));
    return null;
  }
  if ("missing" in resolved) {
    diagnostics.push(fileNotFound(where(), fileRef, resolved.missing));
    return null;
  }
  const text = useFile(decoded, resolved.ok, diagnostics);
  if (text === null) return null;
  const file = decoded.files.get(resolved.ok);
  return memo.reuse(
    step,
    source.file,
    () => [source, file],
    () => ({ file: resolved.ok, text, origin: { kind: "file" as const }, where, source, slot }),
  );
}
