// Reads the fields of one input entry with positioned diagnostics: typed values, key lists, unknown and unsupported fields.
import type { Diagnostic } from "../../core/diagnostic.js";
import { suggestClosest } from "../../core/suggest.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";
import { importInvalidValue, importKeyRenamed, importUnknownField, importUnsupportedField } from "../diagnostics/import-codes.js";
import { whereAt, type PositionedDoc } from "../phases/yaml-positions.js";
import { normalizeKey } from "./keys.js";

/** One entry being imported: where it is, how messages name it, and what it collects. */
export interface EntryContext {
  pd: PositionedDoc;
  /** Path of the entry inside its document: [] for a whole-file entry, ["customModes", 2] for a Roo mode. */
  at: readonly (string | number)[];
  /** How messages name the entry, e.g. `pi-modes file plan.json` or `Roo mode "docs-writer"`. */
  entry: string;
  diagnostics: Diagnostic[];
  /** Header comments for the written file (what was not imported), so the file itself says so too. */
  comments: string[];
}

export function fieldWhere(ctx: EntryContext, path: readonly (string | number)[], target: "key" | "value" = "value"): Where {
  return whereAt(ctx.pd, [...ctx.at, ...path], target);
}

/** Where the entry itself is: its key in a mapping, its item in a list, or the file's top value. */
export function entryWhere(ctx: EntryContext): Where {
  return ctx.at.length === 0 ? whereAt(ctx.pd, []) : whereAt(ctx.pd, ctx.at, "key");
}

/** A value forge cannot use: a warning at it, plus a header comment in the written file (nothing is dropped silently). */
export function reportInvalid(ctx: EntryContext, path: readonly (string | number)[], field: string, problem: string, example: string): void {
  ctx.diagnostics.push(importInvalidValue(fieldWhere(ctx, path), field, problem, example));
  ctx.comments.push(`not imported: ${field} (${problem})`);
}

/** A string field; a value of another type is reported and treated as absent. */
export function readString(ctx: EntryContext, obj: Record<string, unknown>, field: string, example: string): string | undefined {
  const value = obj[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  reportInvalid(ctx, [field], `"${field}"`, `must be a string, got ${describeType(value)}`, example);
  return undefined;
}

/** A list of strings; wrong types are reported (the whole field, or one item) and left out. */
export function readStringList(ctx: EntryContext, obj: Record<string, unknown>, field: string, example: string): string[] | undefined {
  const value = obj[field];
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    reportInvalid(ctx, [field], `"${field}"`, `must be a list of strings, got ${describeType(value)}`, example);
    return undefined;
  }
  const out: string[] = [];
  value.forEach((item, i) => {
    if (typeof item === "string") out.push(item);
    else reportInvalid(ctx, [field, i], `"${field}" item ${i + 1}`, `must be a string, got ${describeType(item)}`, example);
  });
  return out;
}

/**
 * A contract list (requires, conflictsWith, before, after): each reference goes through the same
 * normalization as keys, so it still names the mode the referenced entry was imported as.
 */
export function readKeyList(ctx: EntryContext, obj: Record<string, unknown>, field: string, prefix: string): string[] | undefined {
  const example = `"${field}": ["review"]`;
  if (readStringList(ctx, obj, field, example) === undefined) return undefined;
  const keys: string[] = [];
  (obj[field] as unknown[]).forEach((ref, i) => {
    if (typeof ref !== "string") return; // reported by readStringList
    const key = normalizeKey(ref, prefix);
    if (key === null) {
      reportInvalid(ctx, [field, i], `"${field}" item "${ref}"`, "is not a usable key (no letters or digits)", example);
      return;
    }
    if (key !== ref) ctx.diagnostics.push(importKeyRenamed(fieldWhere(ctx, [field, i]), `the ${field} reference`, ref, key));
    if (!keys.includes(key)) keys.push(key);
  });
  return keys;
}

/** The entry's key from a raw key/slug/name, reporting a rename; null when nothing usable is left. */
export function keyFrom(ctx: EntryContext, raw: string, where: Where, what: string, prefix: string, maxLength?: number): string | null {
  const key = normalizeKey(raw, prefix, maxLength);
  if (key !== null && key !== raw) ctx.diagnostics.push(importKeyRenamed(where, what, raw, key));
  return key;
}

export function reportUnknownFields(ctx: EntryContext, obj: Record<string, unknown>, known: readonly string[], format: string): void {
  for (const field of Object.keys(obj)) {
    if (known.includes(field)) continue;
    ctx.diagnostics.push(importUnknownField(fieldWhere(ctx, [field], "key"), field, format, known, suggestClosest(field, known)));
    ctx.comments.push(`not imported: unknown field "${field}"`);
  }
}

/** A field forge cannot represent: a warning at the field, plus a header comment in the written file. */
export function reportUnsupported(ctx: EntryContext, path: readonly (string | number)[], field: string, explanation: string, comment: string): void {
  ctx.diagnostics.push(importUnsupportedField(fieldWhere(ctx, path, "key"), field, explanation));
  ctx.comments.push(`not imported: ${comment}`);
}

export function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  const shown = JSON.stringify(value) ?? String(value);
  return `${typeof value} ${shown.length > 40 ? `${shown.slice(0, 37)}...` : shown}`;
}

/** Non-blank parts joined by a blank line, each trimmed (how the tools themselves join opener and appendix). */
export function joinParts(parts: readonly (string | undefined)[]): string {
  return parts
    .map((p) => p?.trim() ?? "")
    .filter((p) => p !== "")
    .join("\n\n");
}
