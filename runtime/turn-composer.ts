// Each turn's prompt: before_agent_start composes the selection (memoized) through the host adapter, tells a changed
// fallback or drift notice, and keeps the footer badge current. The handler's caller fails closed to the native prompt.
import { platform } from "node:os";
import { selectedKeys } from "../core/candidate.js";
import { driftWarning, type ActiveSelection, type ComposeResult, type DriftItem } from "../core/composition.js";
import { noticeText } from "../core/diagnostics/diagnostic-line.js";
import { buildPromptVars, type PromptVars } from "../core/template.js";
import { createComposeCache } from "./compose-cache.js";
import { composeLeavingOut } from "../core/drift-answers.js";
import { effectivePrompt, type HostAdapter } from "./host-adapter/index.js";
import type { BeforeAgentStartEvent, BeforeAgentStartResult, CtxPort } from "./host-adapter/ports.js";
import { say, setFooter, type OnceTeller } from "./notify.js";
import type { ScopeLoader } from "./scope-loader.js";
import { composeWithPolicy } from "../core/policy-compose.js";
import type { PolicyState } from "../core/policy.js";
import type { SessionStore } from "./session-store.js";
import type { FooterWatch } from "./footer-watch.js";

/** Given the turn's composition, the drifted keys the user chose to send this prompt without (null: no such answer). */
export type LeaveOut = (result: ComposeResult) => readonly string[] | null;

export interface TurnComposer {
  /** The slot values of a composition now (cwd, date, model, os, preset). */
  vars(ctx: CtxPort): PromptVars;
  /** The selection composed over the current catalog, memoized. */
  compose(ctx: CtxPort): ComposeResult;
  beforeAgentStart(event: BeforeAgentStartEvent, ctx: CtxPort, leaveOut?: LeaveOut): BeforeAgentStartResult | undefined;
  /** After a failure mid-composition: let the adapter restore the native prompt (it may have mutated options). */
  nativeAfterFailure(event: BeforeAgentStartEvent, reason: string | null): undefined;
  /** Characters of the whole prompt of the last turn, or null before the first turn. */
  lastPromptChars(): number | null;
  updateFooter(ctx: CtxPort, result?: ComposeResult): void;
}

export interface TurnDeps {
  adapter: HostAdapter;
  scopes: ScopeLoader;
  /** Where each run's observation goes (the adapter keeps none). */
  records: Pick<SessionStore, "recordRun">;
  /** ctx's selection: the session model's, with any refusal. */
  selection(ctx: CtxPort): ActiveSelection;
  tell: OnceTeller;
  now(): Date;
  os?: string;
  /** Keeps the badge current between turns (the real extension's; none in unit tests). */
  watch?: FooterWatch;
  /** The team policy over ctx's selection: its state, and why it refuses the selection itself (null: it does not). */
  policy?(ctx: CtxPort): { state: PolicyState; refusal: string | null };
}

/** Under policy warn: which definitions are composed as they are now, and which are left out and why (never reported as composed). */
export function warnNotice(drift: readonly DriftItem[]): string {
  return noticeText(driftWarning(drift));
}

export function createTurnComposer(deps: TurnDeps): TurnComposer {
  const { adapter, scopes, records, selection, tell, now } = deps;
  const os = deps.os ?? platform();
  const composeCached = createComposeCache();
  /** The last fallback or drift notice told per turn: told again only when it changes. */
  let lastTurnNotice: string | null = null;
  /** The last event and forge's result, measured lazily by /mode preview. */
  let lastTurn: { event: BeforeAgentStartEvent; result: BeforeAgentStartResult | undefined } | null = null;

  const vars = (ctx: CtxPort) => buildPromptVars({ cwd: ctx.cwd, now: now(), model: ctx.model ?? null, os, preset: selection(ctx).state?.preset ?? null });
  /** A composition under the team policy: its overlays in every prompt, whatever the selection composed to. */
  const underPolicy = (ctx: CtxPort, result: ComposeResult): ComposeResult => {
    const p = deps.policy?.(ctx);
    return p === undefined ? result : composeWithPolicy(result, p.state, vars(ctx), p.refusal);
  };
  const compose = (ctx: CtxPort) => underPolicy(ctx, composeCached(scopes.catalog(), selection(ctx), vars(ctx)));

  function updateFooter(ctx: CtxPort, result?: ComposeResult): void {
    const r = result ?? compose(ctx);
    const state = selection(ctx).state;
    const keys = selectedKeys(state);
    // With a selection, a rebuilt bundle redraws the badge at once (the watch re-reads the scopes, then comes back here).
    deps.watch?.follow(ctx, keys.length === 0 ? [] : scopes.files());
    if (keys.length === 0) return setFooter(ctx, r.fallbackReason === null ? undefined : "forge: native prompt (see /mode status)");
    const name = state?.preset ? `preset ${state.preset}` : keys.join("+");
    const badge = r.fallbackReason !== null ? (r.drift.length > 0 ? " [drift: blocked]" : " [native]") : r.drift.length > 0 ? " [drift]" : "";
    setFooter(ctx, `forge: ${name}${badge}`);
  }

  return {
    vars,
    compose,
    updateFooter,
    beforeAgentStart(event, ctx, leaveOut) {
      scopes.refresh(ctx);
      const standing = compose(ctx);
      // The drift dialog's "send without": this prompt composes the rest of the selection; the pins (limits) stay.
      const keys = leaveOut?.(standing) ?? null;
      const state = selection(ctx).state;
      const answered = keys !== null && state !== null ? composeLeavingOut(scopes.catalog(), state, vars(ctx), keys) : null;
      const result = answered === null ? standing : underPolicy(ctx, answered.result);
      let notice: string | null = null;
      if (answered !== null) notice = noticeText(answered.notice);
      else if (result.fallbackReason !== null) notice = result.fallbackReason;
      else if (result.drift.length > 0 && selection(ctx).state?.driftPolicy === "warn") notice = warnNotice(result.drift);
      if (notice !== null && (answered !== null || (notice !== lastTurnNotice && !tell.told(notice)))) say(ctx, notice, "warning");
      lastTurnNotice = notice;
      updateFooter(ctx, standing);
      // What the run shows before anything is applied, recorded for estimates and delivery outside a run.
      records.recordRun(adapter.observeRun(event));
      // Native too goes through the adapter: on hosts with sections it clears any forge-* section.
      const applied = adapter.applyComposition(event, result.composition);
      lastTurn = { event, result: applied };
      return applied;
    },
    nativeAfterFailure(event, reason) {
      try {
        adapter.applyComposition(event, { kind: "native", reason });
      } catch {
        // nothing more to undo
      }
      return undefined;
    },
    lastPromptChars() {
      if (lastTurn === null) return null;
      try {
        return effectivePrompt(lastTurn.event, lastTurn.result).length;
      } catch {
        return null;
      }
    },
  };
}
