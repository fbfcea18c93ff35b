// Reapproving a drifted selection: the checks (still offered, trusted, contracts), the review of what changed (each
// component's short diff), then the re-pin. Shared by /mode reapprove and the drift dialog before a prompt.
import { checkContracts, selectedKeys } from "../../core/candidate.js";
import { describeDrift, detectDrift, type DriftItem } from "../../core/composition.js";
import { reviewDrift } from "../../core/drift-review.js";
import type { ActivationResult } from "../activation.js";
import type { SessionCommands } from "../forge-session.js";
import type { CtxPort } from "../host-adapter/ports.js";
import type { ExactConfirmation } from "../selection-transitions.js";

export type ReapprovePlan =
  | { kind: "nothing"; message: string }
  | { kind: "refused"; message: string }
  /** `review`: what changed, component by component (short diffs). */
  | { kind: "ready"; drift: DriftItem[]; review: string[] };

/** Whether the current selection can be reapproved, and what reapproving it would accept. Reads the bundles again. */
export function planReapprove(session: SessionCommands, ctx: CtxPort): ReapprovePlan {
  session.scopes(ctx, true);
  const state = session.selection().state;
  if (state === null || selectedKeys(state).length === 0) return { kind: "nothing", message: "forge: nothing selected; nothing to reapprove" };
  const catalog = session.catalog();
  const drift = detectDrift(catalog, state);
  const missing = drift.filter((d) => d.kind === "missing").map((d) => d.key);
  if (missing.length > 0) {
    return { kind: "refused", message: `${missing.map((k) => `"${k}"`).join(", ")} no longer offered; choose a new selection with /mode set or /mode off` };
  }
  const untrusted = drift.filter((d) => d.kind === "untrusted");
  if (untrusted.length > 0) return { kind: "refused", message: untrusted.map(describeDrift).join("; ") };
  const violations = checkContracts(catalog, { base: state.base, overlays: state.overlays });
  if (violations.length > 0) return { kind: "refused", message: `contracts: ${violations.join("; ")}` };
  return { kind: "ready", drift, review: reviewDrift(catalog, state, drift, session.pinnedText, session.vars(ctx)) };
}

/** Re-pins the current definitions of the same selection (same preset and policy). */
export async function reapproveSelection(session: SessionCommands, ctx: CtxPort, confirmation: ExactConfirmation): Promise<ActivationResult> {
  const state = session.selection().state!;
  const candidate = { base: state.base, overlays: [...state.overlays], preset: state.preset, driftPolicy: state.driftPolicy };
  return session.activate(ctx, candidate, "reapprove", confirmation);
}
