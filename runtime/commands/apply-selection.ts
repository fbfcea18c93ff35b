// A selection change made by a command: its cache estimate (warned about first), the change itself, then the outcome.
import type { ActivationResult, ExactConfirmation, ForgeController } from "../controller.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import type { ResolvedCandidate, StateSource } from "../../core/selection.js";
import { formatRewriteWarning } from "../updates/index.js";
import type { CacheReporter } from "./selection-estimate.js";

/** The outcome of an activation; `note` is added to a success only. A cancelled dialog is not an error. */
export function tellActivation(ctx: CtxPort, result: ActivationResult, note = ""): void {
  say(ctx, result.ok ? `${result.message}${note}` : `forge: refused: ${result.message}; nothing changed`, result.ok || result.cancelled ? "info" : "error");
}

/** The cache-impact estimate of switching to `candidate` (null: off), warned about before the change; null without a reporter. */
function estimateBefore(ctx: CtxPort, reporter: CacheReporter | undefined, candidate: ResolvedCandidate | null) {
  const report = reporter?.estimate(ctx, candidate) ?? null;
  if (report?.warn) say(ctx, formatRewriteWarning(report), "warning");
  return report;
}

/** Activates `candidate`; after a success the estimate is told as its own message (the action's message stays as it was). */
export async function applySelection(
  controller: ForgeController,
  ctx: CtxPort,
  candidate: ResolvedCandidate,
  source: StateSource,
  confirmation: ExactConfirmation,
  reporter?: CacheReporter,
): Promise<void> {
  const report = estimateBefore(ctx, reporter, candidate);
  const result = await controller.activate(ctx, candidate, source, confirmation);
  tellActivation(ctx, result);
  if (result.ok && report !== null) say(ctx, report.text);
}

/** Back to Pi's native prompt, with the estimate of doing so. */
export async function applyOff(controller: ForgeController, ctx: CtxPort, reporter?: CacheReporter): Promise<void> {
  const report = estimateBefore(ctx, reporter, null);
  say(ctx, await controller.deactivate(ctx));
  if (report !== null) say(ctx, report.text);
}
