// Drift asks before the prompt goes out. Where a UI exists (interactive, RPC), a prompt whose selection drifted under
// policy block is held in Pi's `input` event, which both hosts run before anything is sent (before_agent_start cannot
// cancel a run; `input` can, by answering "handled"). A dialog names each changed component with a short diff and
// offers: reapprove and send; send without the drifted modes (this prompt only); or cancel (nothing sent, the text back
// in the editor). Without a UI, and for runs no `input` precedes (a queued message, another extension's turn), the
// prompt runs as policy block says: Pi's native prompt, with one warning before the request naming every mode left out.
import { selectedKeys } from "../core/candidate.js";
import type { ComposeResult, DriftItem } from "../core/composition.js";
import { canLeaveOut, driftedKeys, driftPromptHeld, heldByDrift } from "../core/drift-answers.js";
import { noticeText } from "../core/diagnostics/diagnostic-line.js";
import { reviewDrift } from "../core/drift-review.js";
import type { ActivationResult } from "./activation.js";
import type { SessionCommands } from "./forge-session.js";
import type { CtxPort, InputEvent, InputResult } from "./host-adapter/ports.js";
import { say } from "./notify.js";
import { planReapprove } from "./commands/reapprove.js";

export interface DriftHold {
  /** Pi's `input` event: asks when the prompt would go out on a drift fallback; "handled" cancels the prompt. */
  onInput(event: InputEvent, ctx: CtxPort): Promise<InputResult | undefined>;
  /**
   * before_agent_start: the keys the user chose to leave out of this prompt, when the drift is still the one they
   * answered about (taken once: the next prompt asks again).
   */
  takeLeaveOut(result: ComposeResult): readonly string[] | null;
  /** session_start and session_tree: an answer never carries to another branch. */
  reset(): void;
}

export interface DriftHoldDeps {
  session: SessionCommands;
  /** Re-pins the current definitions (the dialog's first answer); its outcome is told by the hold. */
  reapprove(ctx: CtxPort): Promise<ActivationResult>;
  /** Records "Send without" on the branch (core/usage-ledger.ts LEAVE_OUT_TYPE): /forge cost attributes its rewrite. */
  recordLeaveOut(ctx: CtxPort, keys: readonly string[]): void;
}

/** Which drift an answer was given for: the keys and what each now is. */
function signatureOf(drift: readonly DriftItem[]): string {
  return drift.map((d) => `${d.key}:${d.kind}:${d.currentDigest ?? ""}:${d.where ?? ""}`).join("|");
}

export const DRIFT_ANSWERS = { reapprove: "Reapprove and send", leaveOut: "Send without", cancel: "Cancel" } as const;

export function createDriftHold({ session, reapprove, recordLeaveOut }: DriftHoldDeps): DriftHold {
  let pending: { signature: string; keys: readonly string[] } | null = null;

  return {
    async onInput(event, ctx) {
      pending = null;
      // Print and JSON modes cannot ask; a prompt typed while a run streams joins that run (its prompt is set).
      if (!ctx.hasUI || event.streamingBehavior !== undefined) return undefined;
      if (typeof ctx.isIdle === "function" && !ctx.isIdle()) return undefined;
      session.scopes(ctx);
      const result = session.compose(ctx);
      const state = session.selection().state;
      if (state === null || !heldByDrift(result)) return undefined;
      const drifted = driftedKeys(result.drift);
      const kept = selectedKeys(state).filter((k) => !drifted.includes(k));
      const reapprovable = planReapprove(session, ctx).kind === "ready";
      const options = [
        ...(reapprovable ? [`${DRIFT_ANSWERS.reapprove}: accept the current ${drifted.join(", ")}`] : []),
        ...(canLeaveOut(session.catalog(), state, drifted)
          ? [`${DRIFT_ANSWERS.leaveOut} ${drifted.join(", ")}: ${kept.length > 0 ? `${kept.join(", ")} as approved` : "Pi's native prompt"}, this prompt only`]
          : []),
        `${DRIFT_ANSWERS.cancel}: send nothing, keep the text in the editor`,
      ];
      const review = reviewDrift(session.catalog(), state, result.drift, session.pinnedText, session.vars(ctx));
      const title = ["forge: the selected modes drifted since activation; nothing has been sent yet.", ...review].join("\n");
      const choice = await ctx.ui.select(title, options);
      if (choice?.startsWith(DRIFT_ANSWERS.reapprove)) {
        const outcome = await reapprove(ctx);
        if (outcome.ok) {
          say(ctx, `${outcome.message} (accepted: ${drifted.join(", ")}); sending`);
          return undefined;
        }
        if (!outcome.cancelled) say(ctx, `forge: refused: ${outcome.message}; nothing reapproved`, "error");
      } else if (choice?.startsWith(DRIFT_ANSWERS.leaveOut)) {
        pending = { signature: signatureOf(result.drift), keys: drifted };
        try {
          recordLeaveOut(ctx, drifted);
        } catch {
          // only /forge cost's attribution depends on it
        }
        return undefined;
      }
      // Cancelled (or the reapproval refused): nothing is sent, and the text the user typed is not lost.
      try {
        ctx.ui.setEditorText?.(event.text);
      } catch {
        // the text stays in the session's input history
      }
      say(ctx, noticeText(driftPromptHeld(drifted)));
      return { action: "handled" };
    },
    takeLeaveOut(result) {
      const answer = pending;
      pending = null;
      return answer !== null && heldByDrift(result) && answer.signature === signatureOf(result.drift) ? answer.keys : null;
    },
    reset() {
      pending = null;
    },
  };
}
