// The /preset command: list, use <name>, save <name>.
import type { ForgeController } from "../controller.js";
import type { CommandSpec, CtxPort } from "../host-adapter/ports.js";
import { guardCommand, say } from "../notify.js";
import { PRESET_NAME, presetFilePath, renderPresetSource, writePresetSource } from "../preset-writer.js";
import { selectedKeys } from "../../core/candidate.js";
import { resolveRequest, stalePresetModes } from "../../core/selection.js";
import { completeLastWord, parseArgs, precedingWords } from "./command-args.js";
import { applySelection } from "./apply-selection.js";
import type { CacheReporter } from "./selection-estimate.js";

export const PRESET_USAGE = [
  "usage: /preset list",
  "       /preset use <name> [--drift block|warn|allow] [--confirm-exact[=<digest>]]",
  "       /preset save <name> [--force]   write .pi/forge/presets/<name>.yaml (then run forge build)",
].join("\n");

export function presetCommand(controller: ForgeController, reporter?: CacheReporter): CommandSpec {
  return {
    description: "forge presets: /preset list, /preset use <name>, /preset save <name>",
    getArgumentCompletions: (prefix) => {
      const before = precedingWords(prefix);
      if (before.length === 0) return completeLastWord(prefix, ["list", "use", "save"].map((word) => ({ word })));
      if (before[0] === "use" && before.length === 1) {
        return completeLastWord(prefix, [...controller.catalog.presets.values()].map((p) => ({ word: p.key, description: p.preset.description })).sort((a, b) => (a.word < b.word ? -1 : 1)));
      }
      return null;
    },
    handler: guardCommand("preset", (args, ctx) => handlePreset(controller, args, ctx, reporter)),
  };
}

export async function handlePreset(controller: ForgeController, args: string, ctx: CtxPort, reporter?: CacheReporter): Promise<void> {
  controller.refresh(ctx);
  const parsed = parseArgs(args);
  if (parsed.errors.length > 0) return say(ctx, `forge: ${parsed.errors.join("; ")}\n${PRESET_USAGE}`, "error");
  const [sub, name] = parsed.words;
  if (sub === undefined || sub === "list") return say(ctx, listPresets(controller));
  if (sub === "use") {
    if (!name) return say(ctx, `forge: /preset use needs a name\n${PRESET_USAGE}`, "error");
    const resolved = resolveRequest(controller.catalog, { kind: "preset", name }, parsed.drift ?? undefined);
    if (!resolved.ok) return say(ctx, `forge: refused: ${resolved.error}; nothing changed`, "error");
    const stale = stalePresetModes(controller.catalog, name);
    if (stale.length > 0) {
      say(ctx, `forge: preset "${name}" was built against other versions of ${stale.join(", ")}; it uses the current definitions (run forge build to refresh it)`, "warning");
    }
    return applySelection(controller, ctx, resolved.candidate, "preset", parsed.confirm, reporter);
  }
  if (sub === "save") return savePreset(controller, ctx, name, parsed.force);
  return say(ctx, PRESET_USAGE, "error");
}

function listPresets(controller: ForgeController): string {
  const presets = [...controller.catalog.presets.values()].sort((a, b) => (a.key < b.key ? -1 : 1));
  if (presets.length === 0) return "forge: no presets offered";
  return presets
    .map((p) => `${p.key} (${p.scope}): ${p.preset.description} [base ${p.preset.base ?? "(native)"}; overlays ${p.preset.overlays.join(", ") || "(none)"}; drift ${p.preset.driftPolicy ?? "block"}]`)
    .join("\n");
}

async function savePreset(controller: ForgeController, ctx: CtxPort, name: string | undefined, force: boolean): Promise<void> {
  if (!name || !PRESET_NAME.test(name)) {
    return say(ctx, `forge: /preset save needs a name like "review-flow" (lowercase letters, digits, dashes)`, "error");
  }
  const state = controller.selection.state;
  if (state === null || selectedKeys(state).length === 0) return say(ctx, "forge: nothing selected to save; use /mode set first", "error");
  const root = controller.discovered?.paths.projectRoot ?? ctx.cwd;
  const file = presetFilePath(root, name);
  const text = renderPresetSource(name, state);
  let result = writePresetSource(file, text, false);
  if (!result.ok && result.exists) {
    const overwrite = force || (ctx.hasUI && (await ctx.ui.confirm(`Overwrite preset ${name}?`, `${file} exists. Replace it with the current selection?`)));
    if (!overwrite) return say(ctx, `forge: ${file} exists; not overwritten${ctx.hasUI ? "" : " (add --force to replace it)"}`, "warning");
    result = writePresetSource(file, text, true);
  }
  if (!result.ok) return say(ctx, `forge: could not write preset: ${result.error}`, "error");
  say(ctx, `forge: saved preset "${name}" to ${file}; run \`forge build\` to compile it into the project bundle`);
}
