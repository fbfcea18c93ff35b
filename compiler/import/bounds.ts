// Fits imported labels, descriptions and prompts into forge's schema bounds, reporting every change (never silent).
import modeSchema from "../../schema/mode.schema.json" with { type: "json" };
import { LIMITS } from "../../generated/constants.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";
import { importValueTooLong } from "../diagnostics/import-codes.js";
import type { EntryContext } from "./entry-fields.js";

/** The bounds of schema/mode.schema.json, in UTF-16 code units: the generated validators measure that way (unicode: false). */
export const MAX_LABEL: number = modeSchema.properties.label.maxLength;
export const MAX_DESCRIPTION: number = modeSchema.properties.description.maxLength;
export const MAX_PROMPT: number = LIMITS.maxPromptChars;

/** The longest prefix of whole code points (an emoji is never split) that fits `units` UTF-16 code units. */
function prefixWithin(text: string, units: number): string {
  let out = "";
  for (const ch of text) {
    if (out.length + ch.length > units) break;
    out += ch;
  }
  return out;
}

/**
 * Label and description are display text: a shortened one (ending in "…") keeps the mode usable,
 * so they are truncated with a warning rather than refusing the entry.
 */
export function fitText(ctx: Pick<EntryContext, "diagnostics" | "comments">, text: string, max: number, field: string, where: Where): string {
  const length = text.length;
  if (length <= max) return text;
  const cut = prefixWithin(text, max - 1).trimEnd() + "…";
  ctx.diagnostics.push(
    importValueTooLong(where, field, length, max, `it is shortened to ${max} characters, ending in "…"; edit the imported file to reword it`),
  );
  // The written file says so too, next to what was not imported.
  ctx.comments.push(`shortened: ${field} had ${length} characters, forge allows ${max}`);
  return cut;
}

/**
 * The prompt is behaviour: a truncated prompt would silently change what the model is told, so an
 * over-long one skips the entry instead. `escaped` is measured because the schema bound applies
 * to the text as written in the source file.
 */
export function promptFits(ctx: Pick<EntryContext, "diagnostics" | "entry">, escaped: string, field: string, where: Where): boolean {
  const length = escaped.length;
  if (length <= MAX_PROMPT) return true;
  ctx.diagnostics.push(importValueTooLong(where, field, length, MAX_PROMPT, `${ctx.entry} is skipped; split the text across several modes or into partials`));
  return false;
}

/** An input name quoted inside generated text (descriptions): long ones are cut so the text stays within its bound. */
export function shortName(name: string): string {
  return name.length <= 64 ? name : `${prefixWithin(name, 63)}…`;
}
