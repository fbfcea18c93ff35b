// `forge export cursor`: .cursor/rules/<name>.mdc, one per component, in Cursor's four rule types.
//
// Mapping (docs/guides/import-export.md, "forge export"):
// - a rules/ rule -> globs (Apply to specific files), its description kept, alwaysApply: false;
// - an overlay of --preset -> alwaysApply: true (Always); its description kept;
// - any other append mode -> a manual rule (no description, no globs): Cursor's way to switch text on by hand;
// - a --preset block: modelCallable -> description only (Agent Requested); not callable -> manual; with `when` -> globs;
// - replace_base and replace_final modes, presets (but --preset), other presets' blocks: reported, left out.
// Globs are written as Cursor's own editor writes them (`globs: a, b`) when that reads back exactly, else as a list.
import type { Mode } from "../../generated/types.js";
import {
  blockLosses,
  globSources,
  modeLosses,
  nameAllocator,
  overlayOf,
  reportOtherPresets,
  reportPresetBase,
  ruleLosses,
  yamlList,
} from "./export-components.js";
import { bannerText, componentText, frontMatterFile, reportLoss, yamlString } from "./export-text.js";
import { bundleParts, type ExportContext, type ExportPlan, type PlannedFile } from "./export-types.js";

const DIR = ".cursor/rules";

/** `globs: a, b` is Cursor's own style; a glob with a comma, a space, # or a quote goes in a YAML list instead. */
function globsField(globs: readonly string[]): string[] {
  const plain = globs.every((g) => /^[^\s,#"'[{&!|>%@`][^\s,#"']*$/.test(g) && !g.includes(": "));
  return plain ? [`globs: ${globs.join(", ")}`] : yamlList("globs", globs);
}

export function renderCursor(ctx: ExportContext & { builtinModes?: Readonly<Record<string, Mode | undefined>> }): ExportPlan {
  const parts = bundleParts(ctx);
  const files: PlannedFile[] = [];
  const name = nameAllocator();
  const write = (base: string, source: string, fields: string[], body: string): void => {
    files.push({ path: `${DIR}/${name(base)}.mdc`, text: frontMatterFile(bannerText(ctx, source), fields, body) });
  };
  for (const [id, rule] of parts.rules) {
    const lost = ruleLosses(rule, id);
    if (lost.length > 0) reportLoss(ctx, rule.source, `rule ${id}`, lost.join(", "), "left out; the rule attaches by its globs");
    write(
      id,
      `${ctx.forgeRoot}${rule.source}`,
      [`description: ${yamlString(rule.description)}`, ...globsField(globSources(rule)), "alwaysApply: false"],
      componentText(ctx, rule.content, rule.source, `rule ${id}`),
    );
  }
  const always = new Set(parts.always);
  for (const key of parts.always) {
    const overlay = overlayOf(ctx, key);
    if (overlay === undefined) continue;
    const { mode, banner, source } = overlay;
    const lost = modeLosses(mode, key);
    if (lost.length > 0) reportLoss(ctx, source, `mode ${key}`, lost.join(", "), "left out; the text is an Always rule");
    write(key, banner, [`description: ${yamlString(mode.description)}`, "alwaysApply: true"], componentText(ctx, mode.prompt, source, `mode ${key}`));
  }
  for (const [key, mode] of parts.modes) {
    if (always.has(key)) continue;
    if (mode.strategy !== "append") {
      reportLoss(ctx, mode.source, `mode ${key}`, `a ${mode.strategy} mode (a prompt that replaces the agent's own)`, "left out");
      continue;
    }
    const lost = [`its description (a Cursor rule with one is Agent Requested)`, ...modeLosses(mode, key)];
    reportLoss(ctx, mode.source, `mode ${key}`, lost.join(", "), "written as a manual rule (@" + key + ")");
    write(key, `${ctx.forgeRoot}${mode.source}`, ["alwaysApply: false"], componentText(ctx, mode.prompt, mode.source, `mode ${key}`));
  }
  const presetSource = ctx.preset ? `${ctx.forgeRoot}${ctx.preset.preset.source}` : "";
  for (const block of parts.blocks) {
    const lost = blockLosses(block);
    const what = `block ${block.id} of preset ${ctx.preset!.key}`;
    if (lost.length > 0) reportLoss(ctx, ctx.preset!.preset.source, what, lost.join(", "), "left out");
    const globs = globSources(block);
    if (block.when?.tools !== undefined)
      reportLoss(ctx, ctx.preset!.preset.source, what, `when.tools [${block.when.tools.join(", ")}]`, "left out; the rule attaches by its globs");
    const fields =
      globs.length > 0
        ? [`description: ${yamlString(block.description)}`, ...globsField(globs), "alwaysApply: false"]
        : block.modelCallable
          ? [`description: ${yamlString(block.description)}`, "alwaysApply: false"]
          : ["alwaysApply: false"];
    if (globs.length === 0 && !block.modelCallable)
      reportLoss(ctx, ctx.preset!.preset.source, what, "the description of a block only you switch on", "written as a manual rule");
    write(block.id, presetSource, fields, componentText(ctx, block.content, ctx.preset!.preset.source, what));
  }
  reportPresetBase(ctx, ctx.preset?.preset, ctx.preset?.key);
  reportOtherPresets(ctx, parts, "Cursor has no presets");
  return { files, owned: [{ dir: DIR, suffix: ".mdc" }] };
}
