// The /mode command: set, +key, -key, off, status, preview, reapprove, and the interactive selector.
import { sortedModeKeys } from "../../core/component-catalog.js";
import { checkContracts, selectedKeys } from "../../core/candidate.js";
import type { ForgeController } from "../controller.js";
import type { CommandSpec, CtxPort } from "../host-adapter/ports.js";
import { guardCommand, say } from "../notify.js";
import { buildPreviewReport, formatPreviewText, formatStatusText, toJsonLine } from "../status-report.js";
import { resolveRequest, type DriftPolicy } from "../../core/selection.js";
import { detectDrift } from "../../core/composition.js";
import { completeLastWord, parseArgs, precedingWords, type CommandArgs } from "./command-args.js";
import { applyOff, applySelection, tellActivation } from "./apply-selection.js";
import type { CacheReporter } from "./selection-estimate.js";
import { runModeSelector } from "./mode-selector.js";

export const MODE_USAGE = [
  "usage: /mode                       open the selector (interactive)",
  "       /mode set <key>... [--drift block|warn|allow] [--confirm-exact[=<digest>]]",
  "       /mode +<key> | -<key>       add or remove one overlay (or base)",
  "       /mode off                   back to Pi's native prompt",
  "       /mode status [--json]       selection, digests, drift, fallback reason",
  "       /mode preview [--json]      the composition and its size",
  "       /mode reapprove [--confirm-exact[=<digest>]]  accept the current definitions",
].join("\n");

const SUBCOMMANDS = ["set", "off", "status", "preview", "reapprove", "help"];

export function modeCommand(controller: ForgeController, reporter?: CacheReporter): CommandSpec {
  return {
    description: "Select forge prompt modes: /mode set a b, /mode +key, /mode -key, /mode off, /mode status|preview [--json], /mode reapprove",
    getArgumentCompletions: (prefix) => completeMode(controller, prefix),
    handler: guardCommand("mode", (args, ctx) => handleMode(controller, args, ctx, reporter)),
  };
}

function completeMode(controller: ForgeController, prefix: string) {
  const before = precedingWords(prefix);
  const catalog = controller.catalog;
  const keys = sortedModeKeys(catalog).map((k) => ({ word: k, description: `${catalog.modes.get(k)!.mode.strategy}: ${catalog.modes.get(k)!.mode.label}` }));
  if (before.length === 0) {
    const selected = selectedKeys(controller.selection.state);
    return completeLastWord(prefix, [
      ...SUBCOMMANDS.map((word) => ({ word })),
      ...keys.filter((k) => !selected.includes(k.word)).map((k) => ({ ...k, word: `+${k.word}` })),
      ...selected.map((k) => ({ word: `-${k}`, description: "remove" })),
    ]);
  }
  if (before[0] === "set") {
    return completeLastWord(prefix, [...keys.filter((k) => !before.includes(k.word)), { word: "--drift" }, { word: "--confirm-exact" }]);
  }
  if (before[before.length - 1] === "--drift") return completeLastWord(prefix, ["block", "warn", "allow"].map((word) => ({ word })));
  if (before[0] === "status" || before[0] === "preview") return completeLastWord(prefix, [{ word: "--json" }]);
  if (before[0] === "reapprove") return completeLastWord(prefix, [{ word: "--confirm-exact" }]);
  return null;
}

export async function handleMode(controller: ForgeController, args: string, ctx: CtxPort, reporter?: CacheReporter): Promise<void> {
  controller.refresh(ctx);
  const parsed = parseArgs(args);
  if (parsed.errors.length > 0) return say(ctx, `forge: ${parsed.errors.join("; ")}\n${MODE_USAGE}`, "error");
  const [first, ...rest] = parsed.words;
  if (first === undefined) {
    if (!ctx.hasUI) return say(ctx, MODE_USAGE);
    return runModeSelector(controller, ctx);
  }
  switch (first) {
    case "help":
      return say(ctx, MODE_USAGE);
    case "status": {
      const { report } = controller.status(ctx);
      return say(ctx, parsed.json ? toJsonLine(report) : formatStatusText(report));
    }
    case "preview": {
      const { report, result } = controller.status(ctx);
      const preview = buildPreviewReport(report, result, controller.lastPromptChars());
      return say(ctx, parsed.json ? toJsonLine(preview) : formatPreviewText(preview, result));
    }
    case "off":
      return applyOff(controller, ctx, reporter);
    case "reapprove":
      return reapprove(controller, ctx, parsed);
    case "set":
      if (rest.length === 0) return say(ctx, `forge: /mode set needs at least one mode key (or use /mode off)\n${MODE_USAGE}`, "error");
      return setKeys(controller, ctx, rest, parsed.drift ?? "block", parsed, reporter);
    default:
      if (parsed.words.every((w) => w.startsWith("+") || w.startsWith("-"))) return adjust(controller, ctx, parsed, reporter);
      if (parsed.words.some((w) => w.startsWith("+") || w.startsWith("-"))) {
        return say(ctx, "forge: mix of +/- and plain keys; use /mode set for a whole selection", "error");
      }
      return setKeys(controller, ctx, parsed.words, parsed.drift ?? "block", parsed, reporter);
  }
}

async function setKeys(controller: ForgeController, ctx: CtxPort, keys: string[], drift: DriftPolicy, parsed: CommandArgs, reporter?: CacheReporter): Promise<void> {
  const resolved = resolveRequest(controller.catalog, { kind: "keys", keys }, drift);
  if (!resolved.ok) return say(ctx, `forge: refused: ${resolved.error}; nothing changed`, "error");
  return applySelection(controller, ctx, resolved.candidate, "command", parsed.confirm, reporter);
}

/** +key / -key: edits the current selection; contracts are checked on the exact result (never auto-fixed). */
async function adjust(controller: ForgeController, ctx: CtxPort, parsed: CommandArgs, reporter?: CacheReporter): Promise<void> {
  const state = controller.selection.state;
  if (state && detectDrift(controller.catalog, state).length > 0) {
    return say(ctx, "forge: refused: the current selection has drift; run /mode reapprove or /mode set first", "error");
  }
  let base = state?.base ?? null;
  let overlays = [...(state?.overlays ?? [])];
  for (const word of parsed.words) {
    const key = word.slice(1);
    if (word.startsWith("-")) {
      if (base === key) base = null;
      else if (overlays.includes(key)) overlays = overlays.filter((k) => k !== key);
      else return say(ctx, `forge: refused: "${key}" is not selected; nothing changed`, "error");
      continue;
    }
    const entry = controller.catalog.modes.get(key);
    if (!entry) return say(ctx, `forge: refused: unknown mode "${key}"; nothing changed`, "error");
    if (base === key || overlays.includes(key)) return say(ctx, `forge: refused: "${key}" is already selected; nothing changed`, "error");
    if (entry.mode.strategy === "append") overlays.push(key);
    else if (base !== null) return say(ctx, `forge: refused: base "${base}" is already selected (at most one base); use /mode set or /mode -${base}; nothing changed`, "error");
    else base = key;
  }
  if (base === null && overlays.length === 0) return applyOff(controller, ctx, reporter);
  const violations = checkContracts(controller.catalog, { base, overlays });
  if (violations.length > 0) return say(ctx, `forge: refused: contracts: ${violations.join("; ")}; nothing changed`, "error");
  const candidate = { base, overlays, preset: null, driftPolicy: parsed.drift ?? state?.driftPolicy ?? "block" };
  return applySelection(controller, ctx, candidate, "command", parsed.confirm, reporter);
}

/** Re-pins the current definitions of the same selection (same preset and policy). */
async function reapprove(controller: ForgeController, ctx: CtxPort, parsed: CommandArgs): Promise<void> {
  controller.refresh(ctx, true);
  const state = controller.selection.state;
  const keys = selectedKeys(state);
  if (state === null || keys.length === 0) return say(ctx, "forge: nothing selected; nothing to reapprove");
  const drift = detectDrift(controller.catalog, state);
  const missing = drift.filter((d) => d.kind === "missing").map((d) => d.key);
  if (missing.length > 0) {
    return say(ctx, `forge: refused: ${missing.map((k) => `"${k}"`).join(", ")} no longer offered; choose a new selection with /mode set or /mode off`, "error");
  }
  const violations = checkContracts(controller.catalog, { base: state.base, overlays: state.overlays });
  if (violations.length > 0) return say(ctx, `forge: refused: contracts: ${violations.join("; ")}; nothing changed`, "error");
  const candidate = { base: state.base, overlays: [...state.overlays], preset: state.preset, driftPolicy: state.driftPolicy };
  const result = await controller.activate(ctx, candidate, "reapprove", parsed.confirm);
  const note = drift.length === 0 ? " (no drift: nothing to reapprove)" : ` (accepted: ${drift.map((d) => d.key).join(", ")})`;
  tellActivation(ctx, result, note);
}
