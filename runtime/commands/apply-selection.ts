// A selection change made by a command: its cache estimate (warned about first), the change itself, then the outcome.
import type { ResolvedCandidate, StateSource } from "../../core/selection.js";
import type { ActivationResult } from "../activation.js";
import type { SelectionActions } from "../forge-session.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import type { ExactConfirmation } from "../selection-transitions.js";
import { formatRewriteWarning } from "../updates/index.js";
import type { SelectionEstimator } from "./selection-estimate.js";

/** The outcome of an activation; `note` is added to a success only. A cancelled dialog is not an error. */
export function tellActivation(ctx: CtxPort, result: ActivationResult, note = ""): void {
  say(ctx, result.ok ? `${result.message}${note}` : `forge: refused: ${result.message}; nothing changed`, result.ok || result.cancelled ? "info" : "error");
}

/** The cache-impact estimate of switching to `candidate` (null: off), warned about before the change; null without an estimator. */
function estimateBefore(ctx: CtxPort, estimator: SelectionEstimator | undefined, candidate: ResolvedCandidate | null) {
  const report = estimator?.estimate(ctx, candidate) ?? null;
  if (report?.warn) say(ctx, formatRewriteWarning(report), "warning");
  return report;
}

/** Activates `candidate`; after a success the estimate is told as its own message (the action's message stays as it was). */
export async function applySelection(
  session: SelectionActions,
  ctx: CtxPort,
  candidate: ResolvedCandidate,
  source: StateSource,
  confirmation: ExactConfirmation,
  estimator?: SelectionEstimator,
): Promise<void> {
  const report = estimateBefore(ctx, estimator, candidate);
  const result = await session.activate(ctx, candidate, source, confirmation);
  tellActivation(ctx, result);
  if (result.ok && report !== null) say(ctx, report.text);
}

/** Back to Pi's native prompt, with the estimate of doing so. */
export async function applyOff(session: SelectionActions, ctx: CtxPort, estimator?: SelectionEstimator): Promise<void> {
  const report = estimateBefore(ctx, estimator, null);
  say(ctx, await session.deactivate(ctx));
  if (report !== null) say(ctx, report.text);
}
