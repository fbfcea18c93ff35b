// Phase 5, lower templates: every mode prompt and system-update block becomes merged, NFC-normalized segments.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Segment } from "../../generated/types.js";
import { emptyPrompt, promptTooLarge } from "../diagnostics/codes.js";
import { LIMITS } from "../types.js";
import type { DecodedTree } from "./1-decode.js";
import type { LinkedMode, LinkedPreset, LinkedRule, LinkedUpdate, TemplateRef } from "./4-link.js";
import { lowerTemplate, type LowerContext, type RawSegment } from "./handlebars-lower.js";

export interface LoweredMode extends LinkedMode { prompt: Segment[] }
export interface LoweredUpdate extends LinkedUpdate { content: Segment[] }
export interface LoweredPreset extends LinkedPreset { updates: LoweredUpdate[] }
export interface LoweredRule extends LinkedRule { content: Segment[] }

export interface LoweredSources {
  modes: LoweredMode[];
  presets: LoweredPreset[];
  rules: LoweredRule[];
  diagnostics: Diagnostic[];
}

/** Merges adjacent text, drops empty text, then NFC-normalizes (after merging, so combining marks join up). */
export function normalizeSegments(raw: readonly RawSegment[]): Segment[] {
  const out: Segment[] = [];
  for (const seg of raw) {
    const last = out[out.length - 1];
    if ("text" in seg) {
      if (seg.text === "") continue;
      if (last && "text" in last) last.text += seg.text;
      else out.push({ text: seg.text });
    } else out.push({ slot: seg.slot });
  }
  for (const seg of out) if ("text" in seg) seg.text = seg.text.normalize("NFC");
  return out;
}

function lowerRef(ctx: LowerContext, ref: TemplateRef | null, what: string): Segment[] {
  if (!ref) return [];
  const before = ctx.diagnostics.length;
  const segments = normalizeSegments(lowerTemplate(ctx, ref.file, ref.origin, ref.text));
  const chars = segments.reduce((n, s) => n + ("text" in s ? s.text.length : 0), 0);
  if (chars > LIMITS.maxPromptChars) ctx.diagnostics.push(promptTooLarge(ref.where(), chars, LIMITS.maxPromptChars));
  else if (segments.length === 0 && ctx.diagnostics.length === before) ctx.diagnostics.push(emptyPrompt(ref.where(), what));
  return segments;
}

export function lowerTemplates(linked: { modes: readonly LinkedMode[]; presets: readonly LinkedPreset[]; rules?: readonly LinkedRule[] }, partials: ReadonlyMap<string, string>, decoded: DecodedTree): LoweredSources {
  const ctx: LowerContext = { partials, decoded, diagnostics: [], cache: new Map() };
  const modes = linked.modes.map((m) => ({ ...m, prompt: lowerRef(ctx, m.template, `the prompt of mode "${m.key}"`) }));
  const presets = linked.presets.map((p) => ({
    ...p,
    updates: p.updates.map((u) => ({ ...u, content: lowerRef(ctx, u.template, `system update "${u.data.id}"`) })),
  }));
  const rules = (linked.rules ?? []).map((r) => ({ ...r, content: lowerRef(ctx, r.template, `rule "${r.key}"`) }));
  return { modes, presets, rules, diagnostics: ctx.diagnostics };
}
