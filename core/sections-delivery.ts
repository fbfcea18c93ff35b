// What Pi 1.x receives for a composition, as data: the preamble (customPrompt), forge's sections and a forced prompt.
// The string host gets renderPromptString (prompt-layout.ts) instead; both are pure functions of the same Composition.
import type { Composition } from "./composition.js";
import { sectionName, visibleOverlays } from "./prompt-layout.js";

/** One forge section as 1.x gets it in `systemPromptOptions.sections` (1.x wraps the body in `<name>` tags). */
export interface DeliveredSection {
  /** `forge-<key>` (see sectionName). */
  name: string;
  key: string;
  body: string;
}

/**
 * The structured options forge sets on 1.x for a composition over Pi's own (no earlier handler forced a prompt):
 * `customPrompt` replaces Pi's preamble (replace_base), `sections` follow Pi's own in this order, and
 * `forceSystemPrompt` (replace_final) is rendered by Pi instead of every section.
 */
export interface SectionsDelivery {
  customPrompt: string | null;
  sections: DeliveredSection[];
  forceSystemPrompt: string | null;
}

/** null when the prompt stays Pi's own (native, or an empty replace_final base, which Pi would ignore). */
export function sectionsDelivery(composition: Composition): SectionsDelivery | null {
  if (composition.kind === "native") return null;
  const { base, overlays } = composition;
  if (base?.strategy === "replace_final") {
    return base.text === "" ? null : { customPrompt: null, sections: [], forceSystemPrompt: base.text };
  }
  // An empty base replaces nothing: 1.x treats an empty customPrompt as absent, so forge does not set it.
  const customPrompt = base?.strategy === "replace_base" && base.text !== "" ? base.text : null;
  const sections = visibleOverlays(overlays).map((o) => ({ name: sectionName(o.key), key: o.key, body: o.text }));
  return { customPrompt, sections, forceSystemPrompt: null };
}
