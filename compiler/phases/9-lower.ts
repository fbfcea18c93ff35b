// Phase 9, lower: every template (a mode's prompt, an update block, a rule) becomes merged, NFC-normalized segments,
// partials inlined; then an inheriting mode's text gets its parent's in front (extends-prompts.ts).
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Segment } from "../../generated/types.js";
import { emptyPrompt, promptTooLarge } from "../diagnostics/codes.js";
import { LIMITS } from "../types.js";
import type { LinkedMode, LinkedPreset, LinkedRule, LinkedUpdate, TemplateRef } from "./7-link.js";
import type { Paths } from "./8-paths.js";
import { inheritPrompts } from "./extends-prompts.js";
import { lowerTemplate, type LowerContext, type PartialUse } from "./handlebars-lower.js";
import type { Phase } from "./pipeline.js";
import { normalizeSegments } from "./segments.js";

export interface LoweredMode extends LinkedMode {
  prompt: Segment[];
}
export interface LoweredUpdate extends LinkedUpdate {
  content: Segment[];
}
export interface LoweredPreset extends LinkedPreset {
  updates: LoweredUpdate[];
}
export interface LoweredRule extends LinkedRule {
  content: Segment[];
}

export interface LoweredSources {
  /** With inherited text joined. */
  modes: LoweredMode[];
  presets: LoweredPreset[];
  rules: LoweredRule[];
}

/** The value of phase 9: the linked sources with every template lowered. */
export interface Lowered extends Paths {
  lowered: LoweredSources;
}

/** One template lowered: its segments, its own diagnostics, and the partials it used (what keeping it depends on). */
interface LoweredTemplate {
  segments: Segment[];
  diagnostics: Diagnostic[];
  uses: PartialUse[];
  /** Every partial name, when a missing partial was reported (its message lists them); else null. */
  names: string | null;
}

function lowerRef(shared: Omit<LowerContext, "diagnostics" | "uses">, ref: TemplateRef, what: string, names: string): LoweredTemplate {
  const ctx: LowerContext = { ...shared, diagnostics: [], uses: [] };
  const segments = normalizeSegments(lowerTemplate(ctx, ref.file, ref.origin, ref.text));
  const chars = segments.reduce((n, s) => n + ("text" in s ? s.text.length : 0), 0);
  if (chars > LIMITS.maxPromptChars) ctx.diagnostics.push(promptTooLarge(ref.where(), chars, LIMITS.maxPromptChars));
  else if (segments.length === 0 && ctx.diagnostics.length === 0) ctx.diagnostics.push(emptyPrompt(ref.where(), what));
  return { segments, diagnostics: ctx.diagnostics, uses: ctx.uses, names: ctx.uses.some((u) => u.path === undefined) ? names : null };
}

/** Phase 9 (a template's lowering is kept while its reference and every partial it used are the same). */
export const lowerTemplates: Phase<Paths, Lowered> = (input, { memo }) => {
  const diagnostics: Diagnostic[] = [];
  const { partials } = input.parsed;
  const shared = { partials, decoded: input, cache: new Map() };
  const names = [...partials.keys()].sort().join("\n");
  const same = (t: LoweredTemplate) =>
    (t.names === null || t.names === names) &&
    t.uses.every((u) => partials.get(u.name) === u.path && (u.path === undefined || input.files.get(u.path) === u.file));
  const lower = (ref: TemplateRef | null, what: string): Segment[] => {
    if (!ref) return [];
    const done = memo.reuse(
      "lower",
      ref.slot,
      () => [ref, what],
      () => lowerRef(shared, ref, what, names),
      same,
    );
    diagnostics.push(...done.diagnostics);
    return done.segments;
  };
  const { linked } = input;
  const lowered = linked.modes.map((m) => ({ ...m, prompt: lower(m.template, `the prompt of mode "${m.key}"`) }));
  const presets = linked.presets.map((p) => ({
    ...p,
    updates: p.updates.map((u) => ({ ...u, content: lower(u.template, `system update "${u.data.id}"`) })),
  }));
  const rules = linked.rules.map((r) => ({ ...r, content: lower(r.template, `rule "${r.key}"`) }));
  // Templates of sources that are not built: only what they report counts.
  for (const { template, what } of linked.checkOnly) lower(template, what);
  const inherited = inheritPrompts(lowered, memo);
  diagnostics.push(...inherited.diagnostics);
  return { value: { ...input, lowered: { modes: inherited.modes, presets, rules } }, diagnostics };
};
