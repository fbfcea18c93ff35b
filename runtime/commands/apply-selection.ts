// A selection change made by a command: its cache estimate (the prompt predicted before the change, the tools Pi
// declares read after it), the change itself, then one notice that says both (runtime/command-notice.ts).
import type { ResolvedCandidate, StateSource } from "../../core/selection.js";
import type { ActivationResult } from "../activation.js";
import { tellNotice } from "../command-notice.js";
import type { SelectionActions } from "../forge-session.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import type { ExactConfirmation } from "../selection-transitions.js";
import type { PromptChangeReport } from "../updates/index.js";
import type { SelectionEstimator } from "./selection-estimate.js";

/** What a command adds to its activation's notice. */
export interface NoticeExtras {
  /** Added to a success's head, e.g. ` (accepted: review)`. */
  note?: string;
  /** The cache estimate made before the change (null: none). */
  report?: PromptChangeReport | null;
  /** Warnings folded into the notice (its level becomes warning), e.g. a preset built against other definitions. */
  warnings?: ReadonlyArray<string>;
  /** Lines after the warnings, e.g. what a headless reapproval accepted. */
  lines?: ReadonlyArray<string>;
}

/** The outcome of an activation as the command's one notice. A cancelled dialog is not an error. */
export function tellActivation(ctx: CtxPort, result: ActivationResult, extras: NoticeExtras = {}): void {
  if (!result.ok) return say(ctx, `forge: refused: ${result.message}; nothing changed`, result.cancelled ? "info" : "error");
  const warnings = extras.warnings ?? [];
  const report = extras.report ?? null;
  tellNotice(ctx, {
    head: `${result.message}${extras.note ?? ""}`,
    cache: report?.words ?? null,
    cost: report?.cost ?? null,
    notes: [...warnings, ...(result.notes ?? []), ...(extras.lines ?? [])],
    level: report?.warn || warnings.length > 0 ? "warning" : "info",
  });
}

/** Activates `candidate` and tells the outcome with the cache estimate of the change, in one notice. */
export async function applySelection(
  session: SelectionActions,
  ctx: CtxPort,
  candidate: ResolvedCandidate,
  source: StateSource,
  confirmation: ExactConfirmation,
  estimator?: SelectionEstimator,
  warnings: ReadonlyArray<string> = [],
  lines: ReadonlyArray<string> = [],
): Promise<void> {
  const pending = estimator?.estimate(ctx, candidate) ?? null;
  const result = await session.activate(ctx, candidate, source, confirmation);
  tellActivation(ctx, result, { report: result.ok ? (pending?.() ?? null) : null, warnings, lines });
}

/** Back to Pi's native prompt, with the estimate of doing so, in one notice. */
export async function applyOff(session: SelectionActions, ctx: CtxPort, estimator?: SelectionEstimator): Promise<void> {
  const pending = estimator?.estimate(ctx, null) ?? null;
  const message = await session.deactivate(ctx);
  const report = pending?.() ?? null;
  tellNotice(ctx, { head: message, cache: report?.words ?? null, cost: report?.cost ?? null, level: report?.warn ? "warning" : "info" });
}
