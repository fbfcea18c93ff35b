// Forge's own always-on text of a preset, part by part: the base's text, each overlay's section and the inventory of
// dormant blocks and path rules, exactly as the runtime adds them to Pi's prompt (the host's own prompt is not forge's
// and is unknown at build time). The compiler counts the tokens of these parts; core/composition.ts composes the same.
import type { Segment } from "../generated/types.js";
import { renderOverlaySection, type Composition, type OverlaySection } from "./composition.js";
import { overlayTail } from "./prompt-layout.js";
import { renderBlockInventory, renderRuleInventory, type InventoryBlock, type InventoryRule } from "./prompt-inventory.js";
import { renderTemplate, type PromptVars } from "./template.js";

/** What composition reads of a mode. */
export interface ModeText {
  label: string;
  strategy: "append" | "replace_base" | "replace_final";
  prompt: readonly Segment[];
}

/** What composition reads of a preset. */
export interface PresetText {
  base?: string;
  overlays: readonly string[];
  systemUpdates: readonly InventoryBlock[];
}

export type AlwaysOnKind = "base" | "overlay" | "blocks" | "rules";

/** One part of a preset's always-on text; `key` names the mode of a base or overlay part. */
export interface AlwaysOnPart {
  kind: AlwaysOnKind;
  key: string | null;
  text: string;
}

/**
 * The slot values at build time: forge's own text only. {{cwd}}, {{date}}, {{time}}, {{model}} and {{os}} are filled
 * at run time and count as empty here; {{mode}} is each mode's key and {{preset}} the preset's (empty for a mode alone).
 */
export function buildTimeVars(preset: string): PromptVars {
  return { cwd: "", date: "", time: "", model: "", os: "", preset };
}

/** A mode's text as forge adds it: an overlay's labelled section with its separator, or a base's text. */
export function modeContribution(key: string, mode: ModeText, vars: PromptVars): string {
  const text = renderTemplate(mode.prompt, vars, key);
  if (mode.strategy !== "append") return text;
  return overlayTail([{ key, label: mode.label, text: renderOverlaySection(mode.label, text) }]);
}

/** The preset's composition (a mode it names but `modeOf` lacks is left out, as the runtime leaves out a missing one). */
export function composePreset(key: string, preset: PresetText, modeOf: (key: string) => ModeText | undefined): Composition {
  const vars = buildTimeVars(key);
  const baseMode = preset.base === undefined ? undefined : modeOf(preset.base);
  let base: Extract<Composition, { kind: "compose" }>["base"] = null;
  if (baseMode !== undefined && baseMode.strategy !== "append") {
    const text = renderTemplate(baseMode.prompt, vars, preset.base!);
    base =
      baseMode.strategy === "replace_final" ? { key: preset.base!, strategy: "replace_final", text } : { key: preset.base!, strategy: "replace_base", text };
  }
  const overlays: OverlaySection[] = [];
  for (const overlay of preset.overlays) {
    const mode = modeOf(overlay);
    if (mode !== undefined)
      overlays.push({ key: overlay, label: mode.label, text: renderOverlaySection(mode.label, renderTemplate(mode.prompt, vars, overlay)) });
  }
  return { kind: "compose", base, overlays };
}

/**
 * The always-on parts in prompt order; their texts joined are what forge adds to every request while the preset is
 * active: the base's text, then each overlay's section, then the inventory (blocks, then rules), a blank line between
 * them (and before the first, when there is no base: forge's text follows Pi's prompt). Each blank line belongs to the
 * part before it, so every edge between parts is one where the o200k pre-tokenizer always cuts (a line break, then "<"
 * or "#"): the parts' token counts add up to the whole text's. `rules`: the path rules offered beside the preset (at
 * build time, this bundle's own).
 */
export function alwaysOnParts(key: string, preset: PresetText, modeOf: (key: string) => ModeText | undefined, rules: readonly InventoryRule[]): AlwaysOnPart[] {
  const composition = composePreset(key, preset, modeOf);
  const pieces: AlwaysOnPart[] = [];
  if (composition.kind !== "compose") return pieces;
  const base = composition.base !== null && composition.base.text !== "" ? composition.base : null;
  if (base !== null) pieces.push({ kind: "base", key: base.key, text: base.text });
  for (const overlay of composition.overlays) {
    const text = overlayTail([overlay]).slice(2); // the section without the blank line overlayTail puts before it
    if (text !== "") pieces.push({ kind: "overlay", key: overlay.key, text });
  }
  const blocks = renderBlockInventory(key, preset.systemUpdates);
  const ruleLines = renderRuleInventory(rules);
  if (blocks !== "") pieces.push({ kind: "blocks", key: null, text: blocks });
  if (ruleLines !== "") pieces.push({ kind: "rules", key: null, text: ruleLines });
  return pieces.map((piece, i) => ({
    ...piece,
    text: `${i === 0 && base === null ? "\n\n" : ""}${piece.text}${i < pieces.length - 1 ? "\n\n" : ""}`,
  }));
}

/** The whole always-on text: the parts joined. */
export function alwaysOnText(parts: readonly AlwaysOnPart[]): string {
  return parts.map((p) => p.text).join("");
}
