// `forge export claude`: .claude/rules/<name>.md for rules and always-on text, .claude/output-styles/<key>.md for modes.
//
// Mapping (docs/guides/import-export.md, "forge export"):
// - a rules/ rule, and a --preset block with `when` -> a rule with `paths:` (its description kept in `description:`,
//   which Claude Code does not read but forge import does);
// - an overlay of --preset -> a rule without paths (Claude Code loads it always);
// - every other mode -> an output style (name, description, keep-coding-instructions: true for an append mode, false
//   for replace_base and replace_final, which replace the agent's own prompt; Claude Code still adds its own parts);
// - other --preset blocks (agent-requested or manual), and presets but --preset: reported, left out.
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

const RULES = ".claude/rules";
const STYLES = ".claude/output-styles";

export function renderClaude(ctx: ExportContext & { builtinModes?: Readonly<Record<string, Mode | undefined>> }): ExportPlan {
  const parts = bundleParts(ctx);
  const files: PlannedFile[] = [];
  const ruleName = nameAllocator();
  const styleName = nameAllocator();
  const banner = (source: string): string => bannerText(ctx, source);
  const rule = (base: string, source: string, fields: string[], body: string): void => {
    files.push({ path: `${RULES}/${ruleName(base)}.md`, text: frontMatterFile(banner(source), fields, body) });
  };
  for (const [id, r] of parts.rules) {
    const lost = ruleLosses(r, id);
    if (lost.length > 0) reportLoss(ctx, r.source, `rule ${id}`, lost.join(", "), "left out; the rule loads for its paths");
    rule(
      id,
      `${ctx.forgeRoot}${r.source}`,
      [`description: ${yamlString(r.description)}`, ...yamlList("paths", globSources(r))],
      componentText(ctx, r.content, r.source, `rule ${id}`),
    );
  }
  const always = new Set(parts.always);
  for (const key of parts.always) {
    const overlay = overlayOf(ctx, key);
    if (overlay === undefined) continue;
    const { mode, banner: from, source } = overlay;
    const lost = modeLosses(mode, key);
    if (lost.length > 0) reportLoss(ctx, source, `mode ${key}`, lost.join(", "), "left out; the text is a rule Claude Code always loads");
    rule(key, from, [`description: ${yamlString(mode.description)}`], componentText(ctx, mode.prompt, source, `mode ${key}`));
  }
  for (const [key, mode] of parts.modes) {
    if (always.has(key)) continue;
    const lost = modeLosses(mode, key, { label: true });
    if (mode.strategy === "replace_final") lost.unshift("an exact final prompt (Claude Code adds its own parts to an output style)");
    if (lost.length > 0) reportLoss(ctx, mode.source, `mode ${key}`, lost.join(", "), "left out of its output style");
    const fields = [
      `name: ${yamlString(mode.label)}`,
      `description: ${yamlString(mode.description)}`,
      `keep-coding-instructions: ${mode.strategy === "append"}`,
    ];
    files.push({
      path: `${STYLES}/${styleName(key)}.md`,
      text: frontMatterFile(banner(`${ctx.forgeRoot}${mode.source}`), fields, componentText(ctx, mode.prompt, mode.source, `mode ${key}`)),
    });
  }
  for (const block of parts.blocks) {
    const what = `block ${block.id} of preset ${ctx.preset!.key}`;
    const source = ctx.preset!.preset.source;
    const globs = globSources(block);
    if (globs.length === 0) {
      reportLoss(ctx, source, what, `a dormant block ${block.modelCallable ? "the agent may switch on" : "you switch on by hand"}`, "left out");
      continue;
    }
    const lost = [...blockLosses(block), ...(block.when?.tools !== undefined ? [`when.tools [${block.when.tools.join(", ")}]`] : [])];
    if (lost.length > 0) reportLoss(ctx, source, what, lost.join(", "), "left out; the rule loads for its paths");
    rule(
      block.id,
      `${ctx.forgeRoot}${source}`,
      [`description: ${yamlString(block.description)}`, ...yamlList("paths", globs)],
      componentText(ctx, block.content, source, what),
    );
  }
  reportPresetBase(ctx, ctx.preset?.preset, ctx.preset?.key);
  reportOtherPresets(ctx, parts, "Claude Code has no presets");
  return {
    files,
    owned: [
      { dir: RULES, suffix: ".md" },
      { dir: STYLES, suffix: ".md" },
    ],
  };
}
