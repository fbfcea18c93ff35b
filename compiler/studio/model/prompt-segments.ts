// Splits a composed prompt into runs attributed to the component (or host part) they came from, for both hosts. The
// text itself always comes from core (renderPromptString, sectionsDelivery); this only labels ranges of it, and
// falls back to one unattributed run when a split does not reproduce the text exactly.
import type { Catalog } from "../../../core/component-catalog.js";
import { renderOverlaySection, type Composition } from "../../../core/composition.js";
import { overlayTail, visibleOverlays, wrapSection } from "../../../core/prompt-layout.js";
import type { SectionsDelivery } from "../../../core/sections-delivery.js";
import { renderTemplate, type PromptVars } from "../../../core/template.js";
import { describeVolatility, isCacheSensitive, SLOT_VOLATILITY } from "../../review/cache-slots.js";
import type { Mode } from "../../../generated/types.js";
import type { PromptBlock, PromptSegment } from "./studio-api.js";

/** Never part of a key, label or section name: splits a wrapper produced by core around a placeholder body. */
const MARK = "\u0000";

const joinText = (segments: readonly PromptSegment[]): string => segments.map((s) => s.text).join("");

/** Adjacent runs of one component and role become one (slots always stay separate). */
function merge(segments: readonly PromptSegment[]): PromptSegment[] {
  const out: PromptSegment[] = [];
  for (const s of segments) {
    if (s.text === "") continue;
    const last = out[out.length - 1];
    if (last && !last.slot && !s.slot && last.component === s.component && last.role === s.role) out[out.length - 1] = { ...last, text: last.text + s.text };
    else out.push(s);
  }
  return out;
}

/** The composed text of one component (an overlay with its heading), segment by template segment. */
export function componentSegments(catalog: Catalog, key: string, role: "base" | "overlay", vars: PromptVars): PromptSegment[] {
  const mode = catalog.modes.get(key)?.mode;
  return mode ? modeSegments(mode, key, role, vars) : [];
}

/** The same for a mode that is not in the catalog (a team policy's overlay, composed from the policy's bundle). */
export function modeSegments(mode: Mode, key: string, role: "base" | "overlay", vars: PromptVars): PromptSegment[] {
  const body: PromptSegment[] = mode.prompt.map((segment) => {
    // One segment at a time through the runtime's renderer, so every slot value is exactly what the prompt holds.
    const text = renderTemplate([segment], vars, key);
    if ("text" in segment) return { text, component: key, role: "body" };
    const volatility = SLOT_VOLATILITY[segment.slot];
    return {
      text,
      component: key,
      role: "slot",
      slot: { name: segment.slot, volatility, cacheSensitive: isCacheSensitive(segment.slot), describe: describeVolatility(volatility) },
    };
  });
  if (role === "base") return merge(body);
  const bodyText = joinText(body);
  const section = renderOverlaySection(mode.label, bodyText);
  const heading = section.slice(0, section.length - bodyText.length);
  return merge([{ text: heading, component: key, role: "frame" }, ...body]);
}

/** `segments` when they reproduce `text`, else `text` as one run of `component`. */
function checked(segments: PromptSegment[], text: string, component: string | null): PromptSegment[] {
  return joinText(segments) === text ? segments : [{ text, component, role: component === null ? "host" : "body" }];
}

export type SegmentsOf = (key: string, role: "base" | "overlay") => PromptSegment[];

/** 0.73.1: the one prompt string of renderPromptString, as Pi's text, the base, and each overlay's wrapped section. */
export function stringBlocks(prompt: string, composition: Composition, segmentsOf: SegmentsOf): { blocks: PromptBlock[]; attributed: boolean } {
  const whole = (): { blocks: PromptBlock[]; attributed: boolean } => ({
    blocks: [{ name: null, segments: [{ text: prompt, component: null, role: "host" }] }],
    attributed: false,
  });
  if (composition.kind === "native") return { blocks: [{ name: null, segments: [{ text: prompt, component: null, role: "host" }] }], attributed: true };
  const { base, overlays } = composition;
  const out: PromptSegment[] = [];
  if (base?.strategy === "replace_final") {
    out.push(...checked(segmentsOf(base.key, "base"), base.text, base.key));
  } else {
    const tail = overlayTail(overlays);
    if (!prompt.endsWith(tail)) return whole();
    const head = prompt.slice(0, prompt.length - tail.length);
    if (base?.strategy === "replace_base" && base.text !== "" && head.startsWith(base.text)) {
      out.push(...checked(segmentsOf(base.key, "base"), base.text, base.key));
      out.push({ text: head.slice(base.text.length), component: null, role: "host" });
    } else out.push({ text: head, component: null, role: "host" });
    for (const overlay of visibleOverlays(overlays)) {
      const [open = "", close = ""] = overlayTail([{ ...overlay, text: MARK }]).split(MARK);
      out.push({ text: open, component: overlay.key, role: "frame" });
      out.push(...checked(segmentsOf(overlay.key, "overlay"), overlay.text, overlay.key));
      out.push({ text: close, component: overlay.key, role: "frame" });
    }
  }
  const segments = merge(out);
  return joinText(segments) === prompt ? { blocks: [{ name: null, segments }], attributed: true } : whole();
}

/** One of Pi 1.x's own sections, with sample content. */
export interface HostSection {
  name: string;
  content: string;
}

/**
 * 1.x: Pi's sections (the preamble unwrapped, the rest wrapped in `<name>` tags), then forge's, or the forced prompt
 * alone. `hostSections` gives Pi's own sections for a preamble forge did or did not replace.
 */
export function sectionsBlocks(
  delivery: SectionsDelivery | null,
  hostSections: (customPrompt: string | null) => HostSection[],
  base: string | null,
  segmentsOf: SegmentsOf,
): PromptBlock[] {
  if (delivery?.forceSystemPrompt != null) {
    const text = delivery.forceSystemPrompt;
    return [{ name: "forceSystemPrompt", segments: base === null ? [{ text, component: null, role: "host" }] : checked(segmentsOf(base, "base"), text, base) }];
  }
  const customPrompt = delivery?.customPrompt ?? null;
  const blocks: PromptBlock[] = hostSections(customPrompt).map(({ name, content }) => {
    if (name === "preamble") {
      const segments =
        customPrompt !== null && base !== null ? checked(segmentsOf(base, "base"), content, base) : [{ text: content, component: null, role: "host" as const }];
      return { name, segments };
    }
    return { name, segments: [{ text: wrapSection(name, content), component: null, role: "host" }] };
  });
  for (const section of delivery?.sections ?? []) {
    const [open = "", close = ""] = wrapSection(section.name, MARK).split(MARK);
    const body = checked(segmentsOf(section.key, "overlay"), section.body, section.key);
    blocks.push({
      name: section.name,
      segments: merge([{ text: open, component: section.key, role: "frame" }, ...body, { text: close, component: section.key, role: "frame" }]),
    });
  }
  return blocks.filter((b) => joinText(b.segments) !== "");
}

/** The text 1.x renders from its blocks: non-empty sections joined by a blank line (Pi's getSystemMessageText). */
export function sectionsText(blocks: readonly PromptBlock[]): string {
  return blocks
    .map((b) => joinText(b.segments))
    .filter((t) => t.length > 0)
    .join("\n\n");
}
