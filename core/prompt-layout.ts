// The prompt layout forge renders around Pi's prompt: section names and wrapping, the overlay tail, and the whole
// 0.73.1-style prompt string of a composition (a pure function of Pi's prompt and options).
import type { Composition, OverlaySection } from "./composition.js";
import { buildLegacyCustomPrompt, type CustomPromptInputs } from "./legacy-custom-prompt.js";

/** Prefix of every section forge owns (1.x `sections` keys, and the tags of the 0.73.1 mirror). */
export const FORGE_SECTION_PREFIX = "forge-";

/**
 * The section name of an overlay key: `forge-<key>`. Bundle keys already match `^[a-z][a-z0-9-]*$`; anything
 * else is folded to `-` because 1.x rejects other names (`^[a-z][a-z0-9_-]*$`) by throwing while building the prompt.
 */
export function sectionName(key: string): string {
  return `${FORGE_SECTION_PREFIX}${key.toLowerCase().replace(/[^a-z0-9_-]/g, "-")}`;
}

/** How 1.x wraps a custom section (`<name>\n...\n</name>`, joined to the prompt with a blank line); 0.73.1 mirrors it. */
export function wrapSection(name: string, text: string): string {
  return `<${name}>\n${text}\n</${name}>`;
}

/** 1.x drops empty sections; the string layout skips them too so both hosts show the same shape. */
export function visibleOverlays(overlays: readonly OverlaySection[]): OverlaySection[] {
  return overlays.filter((overlay) => overlay.text.length > 0);
}

/** The overlays as 1.x renders custom sections after the prompt: `\n\n<forge-key>\ntext\n</forge-key>` each. */
export function overlayTail(overlays: readonly OverlaySection[]): string {
  return visibleOverlays(overlays)
    .map((overlay) => `\n\n${wrapSection(sectionName(overlay.key), overlay.text)}`)
    .join("");
}

/**
 * The whole prompt string of `composition` over Pi's prompt `nativePrompt` and its `options`, as 0.73.1 gets it:
 * undefined when the prompt stays Pi's own. replace_final is exact bytes (an empty one stays native, as Pi ignores
 * an empty string); replace_base rebuilds Pi's custom-prompt branch from the options (so earlier extensions' string
 * edits are dropped, as in Pi's own branch); overlays are appended as sections.
 */
export function renderPromptString(nativePrompt: string, options: CustomPromptInputs | undefined, composition: Composition): string | undefined {
  if (composition.kind === "native") return undefined;
  const { base, overlays } = composition;
  if (base?.strategy === "replace_final") return base.text === "" ? undefined : base.text;
  const tail = overlayTail(overlays);
  // An empty base replaces nothing (Pi also treats an empty customPrompt as absent).
  if (base?.strategy === "replace_base" && base.text !== "") {
    if (!options) throw new Error("forge: the host gave no systemPromptOptions, so replace_base cannot keep Pi's context");
    return buildLegacyCustomPrompt(base.text, options) + tail;
  }
  return tail === "" ? undefined : nativePrompt + tail;
}
