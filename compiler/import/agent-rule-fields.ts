// Reads the front-matter fields the agent rule formats share (descriptions, globs, booleans), with positioned
// diagnostics: a value forge cannot use is reported at its line and left out, never dropped silently.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";
import { suggestClosest } from "../../core/suggest.js";
import { importGlobTopLevel, importInvalidValue, importUnknownField, importUnsupportedField } from "../diagnostics/import-codes.js";
import { compileGlob } from "../phases/path-patterns.js";
import { describeType } from "./entry-fields.js";
import { splitGlobList, type Header, type HeaderField } from "./header-fields.js";

/** One rule file being read: where it is, and what it collects. */
export interface RuleFileContext {
  /** The file as output names it. */
  file: string;
  diagnostics: Diagnostic[];
  /** Header comments for the written source: what was not imported. */
  comments: string[];
}

export function fieldOf(header: Header | null, key: string): HeaderField | undefined {
  return header?.fields.find((f) => f.key === key);
}

export function reportInvalidField(ctx: RuleFileContext, where: Where, field: string, problem: string, example: string): void {
  ctx.diagnostics.push(importInvalidValue(where, field, problem, example));
  ctx.comments.push(`not imported: ${field} (${problem})`);
}

/** A field forge has no exact equivalent for: a warning that says what was kept, plus a header comment. */
export function reportUnsupportedField(ctx: RuleFileContext, field: HeaderField, explanation: string, comment: string): void {
  ctx.diagnostics.push(importUnsupportedField(field.keyWhere, field.key, explanation));
  ctx.comments.push(`not imported: ${comment}`);
}

export function reportUnknownFields(ctx: RuleFileContext, header: Header | null, known: readonly string[], format: string): void {
  for (const field of header?.fields ?? []) {
    if (known.includes(field.key)) continue;
    ctx.diagnostics.push(importUnknownField(field.keyWhere, field.key, format, known, suggestClosest(field.key, known)));
    ctx.comments.push(`not imported: unknown field "${field.key}"`);
  }
}

/** A string field, trimmed; empty or null reads as absent (what the tools' own editors write for "no value"). */
export function readText(ctx: RuleFileContext, field: HeaderField | undefined, example: string): string | undefined {
  if (field === undefined || field.value === null || field.value === undefined) return undefined;
  if (typeof field.value === "string") return field.value.trim() === "" ? undefined : field.value.trim();
  reportInvalidField(ctx, field.valueWhere, `"${field.key}"`, `must be text, got ${describeType(field.value)}`, example);
  return undefined;
}

/** A boolean field; anything else (the string "true" included, which Cursor does not take as true) is reported. */
export function readFlag(ctx: RuleFileContext, field: HeaderField | undefined, example: string): boolean | undefined {
  if (field === undefined || field.value === null || field.value === undefined) return undefined;
  if (typeof field.value === "boolean") return field.value;
  reportInvalidField(ctx, field.valueWhere, `"${field.key}"`, `must be true or false, got ${describeType(field.value)}, which is read as false`, example);
  return undefined;
}

export interface GlobOptions {
  /** How messages name the tool whose globs these are. */
  tool: string;
  /** Report each glob without "/" (the tool does not document whether it matches at any depth). */
  noteTopLevel: boolean;
}

/**
 * Globs as a list, or a comma-separated string (split outside braces, so src/**\/*.{ts,tsx} stays one glob). Each is
 * checked the way forge build checks it; one forge would refuse (an absolute path, a leading !) is reported and left
 * out. Kept as written otherwise: forge matches them with picomatch over project-relative paths.
 */
export function readGlobs(ctx: RuleFileContext, field: HeaderField | undefined, example: string, options: GlobOptions): string[] {
  if (field === undefined || field.value === null || field.value === undefined) return [];
  const raw: Array<{ glob: unknown; where: Where }> =
    typeof field.value === "string"
      ? splitGlobList(field.value).map((glob) => ({ glob, where: field.valueWhere }))
      : Array.isArray(field.value)
        ? field.value.map((glob, i) => ({ glob, where: field.itemWhere(i) }))
        : [];
  if (typeof field.value !== "string" && !Array.isArray(field.value)) {
    reportInvalidField(
      ctx,
      field.valueWhere,
      `"${field.key}"`,
      `must be a list of globs or a comma-separated string, got ${describeType(field.value)}`,
      example,
    );
    return [];
  }
  const globs: string[] = [];
  for (const { glob, where } of raw) {
    if (typeof glob !== "string" || glob.trim() === "") {
      reportInvalidField(ctx, where, `"${field.key}" item`, `must be a non-empty glob, got ${describeType(glob)}`, example);
      continue;
    }
    const trimmed = glob.trim();
    const compiled = compileGlob(trimmed);
    if (!compiled.ok) {
      reportInvalidField(ctx, where, `glob "${trimmed}"`, `cannot be a forge glob (${compiled.detail})`, example);
      continue;
    }
    if (options.noteTopLevel && !trimmed.includes("/")) ctx.diagnostics.push(importGlobTopLevel(where, trimmed, options.tool));
    if (!globs.includes(trimmed)) globs.push(trimmed);
  }
  return globs;
}
