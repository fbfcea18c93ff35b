// What the export targets share about components: unique file names, the fields of a mode a rule file cannot carry,
// globs as written, and the presets and modes a target leaves out (each reported, never dropped silently).
import type { Mode, Preset, Rule, SystemUpdate } from "../../generated/types.js";
import { reportLoss, yamlString } from "./export-text.js";
import type { BundleParts, ExportContext } from "./export-types.js";

/** File names unique within one directory: the key, else key-2, key-3... */
export function nameAllocator(): (base: string) => string {
  const taken = new Set<string>();
  return (base) => {
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}-${n}`;
    taken.add(name);
    return name;
  };
}

/**
 * An overlay of --preset with where it comes from: the banner names its source file, or forge's built-in mode (a
 * built-in mode has no source in this project, so its diagnostics point at the bundle).
 */
export function overlayOf(
  ctx: ExportContext & { builtinModes?: Readonly<Record<string, Mode | undefined>> },
  key: string,
): { mode: Mode; banner: string; source: string | undefined } | undefined {
  const own = ctx.bundle.modes[key];
  if (own) return { mode: own, banner: `${ctx.forgeRoot}${own.source}`, source: own.source };
  const builtin = ctx.builtinModes?.[key];
  return builtin ? { mode: builtin, banner: `forge's built-in mode ${key}`, source: undefined } : undefined;
}

/** The fields of a mode set to something a plain rule file cannot carry (a label other than the key, preferences...). */
export function modeLosses(mode: Mode, key: string, keep: { tools?: boolean; edits?: boolean; label?: boolean } = {}): string[] {
  const lost: string[] = [];
  if (!keep.label && mode.label !== key) lost.push(`its label "${mode.label}"`);
  if (!keep.tools && mode.tools !== undefined) lost.push(`tools [${mode.tools.join(", ")}]`);
  if (!keep.edits && mode.edits !== undefined) lost.push("its edit limit (edits)");
  if (mode.model !== undefined) lost.push(`model ${mode.model}`);
  if (mode.thinking !== undefined) lost.push(`thinking ${mode.thinking}`);
  for (const field of ["requires", "conflictsWith", "before", "after"] as const) {
    if (mode[field].length > 0) lost.push(`${field} [${mode[field].join(", ")}]`);
  }
  return lost;
}

export function ruleLosses(rule: Rule, id: string): string[] {
  const lost: string[] = [];
  if (rule.name !== id) lost.push(`its name "${rule.name}"`);
  if (rule.when.tools !== undefined) lost.push(`when.tools [${rule.when.tools.join(", ")}] (the rule attaches for any tool that names a matching file)`);
  return lost;
}

export function blockLosses(block: SystemUpdate): string[] {
  return block.name !== block.id ? [`its name "${block.name}"`] : [];
}

/** The globs of a trigger as written in the source (the bundle keeps each beside its compiled expression). */
export function globSources(rule: { when?: Rule["when"] }): string[] {
  return (rule.when?.paths ?? []).map((p) => p.source);
}

/** A YAML block list of quoted strings, under `key:`. */
export function yamlList(key: string, items: readonly string[]): string[] {
  return [`${key}:`, ...items.map((item) => `  - ${yamlString(item)}`)];
}

/** Every preset but --preset: no target selects presets, so each is reported (with its blocks). */
export function reportOtherPresets(ctx: ExportContext, parts: BundleParts, why: string): void {
  for (const [key, preset] of parts.presets) {
    if (key === ctx.preset?.key) continue;
    const blocks = preset.systemUpdates.length;
    reportLoss(
      ctx,
      preset.source,
      `preset ${key}`,
      `a preset${blocks > 0 ? ` or its ${blocks} system-update block${blocks === 1 ? "" : "s"}` : ""} (${why})`,
      `left out; pass --preset ${key} to make it the always-on selection`,
    );
  }
}

/** A preset's base (replace_base/replace_final) replaces the agent's own prompt, which a rule file cannot do. */
export function reportPresetBase(ctx: ExportContext, preset: Preset | undefined, key: string | undefined): void {
  if (preset?.base === undefined || key === undefined) return;
  reportLoss(
    ctx,
    preset.source,
    `preset ${key}`,
    `its base ${preset.base} (a prompt that replaces the agent's own)`,
    "left out; only its overlays are exported as always-on text",
  );
}
