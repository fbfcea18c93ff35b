// The /mode command's handler (imported on its first run: command-specs.ts): set, +key, -key, off, status, preview,
// reapprove, and the interactive selector.
import { checkContracts } from "../../core/candidate.js";
import type { SessionCommands } from "../forge-session.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import { stringifyCanonical } from "../../core/canonical-json.js";
import { buildPreviewReport, formatPreviewText, formatSizeLine, formatStatusText } from "../status-report.js";
import { resolveRequest, type DriftPolicy } from "../../core/selection.js";
import { detectDrift } from "../../core/composition.js";
import { nearSubcommand } from "../../core/suggest.js";
import { parseArgs, type CommandArgs } from "./command-args.js";
import { MODE_SUBCOMMANDS } from "./mode-completion.js";
import { applyOff, applySelection, tellActivation } from "./apply-selection.js";
import { planReapprove, reapproveSelection } from "./reapprove.js";
import type { SelectionEstimator } from "./selection-estimate.js";
import { runModeSelector } from "./mode-selector.js";
import { handleModeAuthoring, MODE_AUTHORING_USAGE, type AuthoringDeps } from "../authoring/mode-authoring.js";
import { requiredOverlayRefusal } from "../policy-selection.js";

export const MODE_USAGE = [
  "usage: /mode                       open the selector (interactive)",
  "       /mode set <key>... [--drift block|warn|allow] [--confirm-exact[=<digest>]]",
  "       /mode +<key> | -<key>       add or remove one overlay (or base)",
  "       /mode off                   back to Pi's native prompt",
  "       /mode status [--json]       selection, digests, drift, fallback reason",
  "       /mode preview [--json]      the composition and its size",
  "       /mode reapprove [--confirm-exact[=<digest>]]  accept the current definitions",
  MODE_AUTHORING_USAGE,
].join("\n");

const SUBCOMMANDS = MODE_SUBCOMMANDS.map((c) => c.word);
const AUTHORING = new Set(["new", "edit", "delete"]);

export async function handleMode(
  session: SessionCommands,
  args: string,
  ctx: CtxPort,
  estimator?: SelectionEstimator,
  authoring?: AuthoringDeps,
): Promise<void> {
  // new, edit and delete take their own options (--strategy, --prompt-file...): routed before the selection parser.
  const sub = args.trim().split(/\s+/, 1)[0]!;
  if (authoring !== undefined && AUTHORING.has(sub))
    return handleModeAuthoring(authoring, sub as "new" | "edit" | "delete", args.trim().slice(sub.length), ctx);
  session.scopes(ctx);
  const parsed = parseArgs(args);
  if (parsed.errors.length > 0) return say(ctx, `forge: ${parsed.errors.join("; ")}\n${MODE_USAGE}`, "error");
  const [first, ...rest] = parsed.words;
  if (first === undefined) {
    if (!ctx.hasUI) return say(ctx, MODE_USAGE);
    return runModeSelector(session, ctx, estimator);
  }
  switch (first) {
    case "help":
      return say(ctx, MODE_USAGE);
    case "status": {
      const { report, result } = session.status(ctx);
      if (parsed.json) return say(ctx, stringifyCanonical(report));
      // The text adds the prompt's size (/mode preview shows the parts and the text).
      return say(ctx, `${formatStatusText(report)}\n${formatSizeLine(buildPreviewReport(report, result, session.lastPromptChars()))}`);
    }
    case "preview": {
      const { report, result } = session.status(ctx);
      const preview = buildPreviewReport(report, result, session.lastPromptChars());
      return say(ctx, parsed.json ? stringifyCanonical(preview) : formatPreviewText(preview, result));
    }
    case "off":
      return applyOff(session, ctx, estimator);
    case "reapprove":
      return reapprove(session, ctx, parsed);
    case "set":
      if (rest.length === 0) return say(ctx, `forge: /mode set needs at least one mode key (or use /mode off)\n${MODE_USAGE}`, "error");
      return setKeys(session, ctx, rest, parsed.drift ?? "block", parsed, estimator);
    default: {
      // `/mode stauts`: a word that is no mode but close to a subcommand is a typo, not a selection.
      const near = isEdit(first) || session.catalog().modes.has(first) ? null : nearSubcommand(first, SUBCOMMANDS);
      if (near !== null) {
        return say(
          ctx,
          `forge: refused: "${first}" is not a mode; did you mean /mode ${near}? (to select modes by key: /mode set <key>...); nothing changed`,
          "error",
        );
      }
      if (parsed.words.every(isEdit)) return adjust(session, ctx, parsed, estimator);
      if (parsed.words.some(isEdit)) {
        return say(ctx, "forge: mix of +/- and plain keys; use /mode set for a whole selection", "error");
      }
      return setKeys(session, ctx, parsed.words, parsed.drift ?? "block", parsed, estimator);
    }
  }
}

/** +key or -key: an edit of the current selection. */
function isEdit(word: string): boolean {
  return word.startsWith("+") || word.startsWith("-");
}

async function setKeys(
  session: SessionCommands,
  ctx: CtxPort,
  keys: string[],
  drift: DriftPolicy,
  parsed: CommandArgs,
  estimator?: SelectionEstimator,
): Promise<void> {
  for (const key of keys) {
    const required = requiredOverlayRefusal(session.scopes(ctx), key);
    if (required !== null) return say(ctx, required, "error");
  }
  const resolved = resolveRequest(session.catalog(), { kind: "keys", keys }, drift);
  if (!resolved.ok) return say(ctx, `forge: refused: ${resolved.error}; nothing changed`, "error");
  return applySelection(session, ctx, resolved.candidate, "command", parsed.confirm, estimator);
}

/** +key / -key: edits the current selection; contracts are checked on the exact result (never auto-fixed). */
async function adjust(session: SessionCommands, ctx: CtxPort, parsed: CommandArgs, estimator?: SelectionEstimator): Promise<void> {
  const state = session.selection().state;
  if (state && detectDrift(session.catalog(), state).length > 0) {
    return say(ctx, "forge: refused: the current selection has drift; run /mode reapprove or /mode set first", "error");
  }
  let base = state?.base ?? null;
  let overlays = [...(state?.overlays ?? [])];
  for (const word of parsed.words) {
    const key = word.slice(1);
    const required = requiredOverlayRefusal(session.scopes(ctx), key);
    if (required !== null) return say(ctx, required, "error");
    if (word.startsWith("-")) {
      if (base === key) base = null;
      else if (overlays.includes(key)) overlays = overlays.filter((k) => k !== key);
      else return say(ctx, `forge: refused: "${key}" is not selected; nothing changed`, "error");
      continue;
    }
    const entry = session.catalog().modes.get(key);
    if (!entry) return say(ctx, `forge: refused: unknown mode "${key}"; nothing changed`, "error");
    if (base === key || overlays.includes(key)) return say(ctx, `forge: refused: "${key}" is already selected; nothing changed`, "error");
    if (entry.mode.strategy === "append") overlays.push(key);
    else if (base !== null)
      return say(ctx, `forge: refused: base "${base}" is already selected (at most one base); use /mode set or /mode -${base}; nothing changed`, "error");
    else base = key;
  }
  if (base === null && overlays.length === 0) return applyOff(session, ctx, estimator);
  const violations = checkContracts(session.catalog(), { base, overlays });
  if (violations.length > 0) return say(ctx, `forge: refused: contracts: ${violations.join("; ")}; nothing changed`, "error");
  const candidate = { base, overlays, preset: null, driftPolicy: parsed.drift ?? state?.driftPolicy ?? "block" };
  return applySelection(session, ctx, candidate, "command", parsed.confirm, estimator);
}

/** Shows what changed (asks first with a UI), then re-pins the current definitions of the same selection. */
async function reapprove(session: SessionCommands, ctx: CtxPort, parsed: CommandArgs): Promise<void> {
  const plan = planReapprove(session, ctx);
  if (plan.kind === "nothing") return say(ctx, plan.message);
  if (plan.kind === "refused") return say(ctx, `forge: refused: ${plan.message}; nothing changed`, "error");
  const keys = plan.drift.map((d) => d.key);
  if (keys.length > 0 && ctx.hasUI) {
    const ok = await ctx.ui.confirm(`Reapprove ${keys.join(", ")}?`, ["Accepting pins their current definitions for this session:", ...plan.review].join("\n"));
    if (!ok) return say(ctx, `forge: reapproval of ${keys.join(", ")} cancelled; nothing changed`);
  }
  const result = await reapproveSelection(session, ctx, parsed.confirm);
  const note = keys.length === 0 ? " (no drift: nothing to reapprove)" : ` (accepted: ${keys.join(", ")})`;
  // Headless, the notice carries the review: what was accepted, line by line.
  tellActivation(ctx, result, { note, lines: ctx.hasUI ? [] : plan.review });
}
