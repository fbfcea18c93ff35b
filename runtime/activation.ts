// The activation flow: plan a selection change, get a replace_final base confirmed (flag, or a dialog after which the
// bundles are re-read), then append the one state entry, follow its preferences and refresh the footer.
import type { ActiveSelection } from "../core/composition.js";
import type { ForgeModeStateEntry } from "../generated/types.js";
import { MODE_STATE_TYPE } from "../core/mode-state-reducer.js";
import { selectedKeys } from "../core/candidate.js";
import { sameSelection } from "../core/selection.js";
import type { CtxPort, PiPort } from "./host-adapter/ports.js";
import type { DeclaredToolPolicy, PreferencesApplier } from "./preferences-applier.js";
import type { ScopeLoader } from "./scope-loader.js";
import { describeActivation, describeOff, planActivation, planConfirmed, planOff, type ActivationRequest, type SettledPlan } from "./selection-transitions.js";
import { describeTurnedOff } from "./edit-limits.js";
import type { ActiveLimit } from "../core/pinned-limits.js";

/** `notes`: lines the notice adds, e.g. which tools the selection's edit limits turned off. */
export type ActivationResult = { ok: true; message: string; notes?: string[] } | { ok: false; message: string; cancelled?: boolean };

export interface ActivationDeps {
  pi: Pick<PiPort, "appendEntry">;
  scopes: ScopeLoader;
  prefs: PreferencesApplier;
  now(): Date;
  /** ctx's selection (the session model's, with any refusal). */
  current(ctx: CtxPort): ActiveSelection;
  /** The tools ctx's selection lets be declared (its tool sets and edit limits, its tool delivery). */
  tools(ctx: CtxPort): DeclaredToolPolicy;
  /**
   * The edit limits of ctx's selection, and whether they let a tool run (the gate's own verdict: forge's tools and
   * trusted read-only hints included): the activation notice names the tools they turned off.
   */
  limits(ctx: CtxPort): { inForce: readonly ActiveLimit[]; allows(tool: string): boolean };
  /** After a change (or none): the refusal cleared (or set to `error`), and the session model re-read from the branch. */
  settle(ctx: CtxPort, error?: string | null): void;
  footer(ctx: CtxPort): void;
  /** Why the team policy refuses `candidate`, naming the rule (runtime/policy-selection.ts); null: it may run. */
  policyRefusal?(ctx: CtxPort, candidate: ActivationRequest["candidate"]): string | null;
}

export interface ActivationFlow {
  /** Pins and appends one state entry; nothing is appended when it equals `req.base` (an unchanged selection is not a change). */
  activate(ctx: CtxPort, req: ActivationRequest): Promise<ActivationResult>;
  /** /mode off: append the off entry and restore what forge changed. */
  deactivate(ctx: CtxPort): Promise<string>;
  /** Appends `entry` exactly as given (its pins kept, e.g. the remainder of /mode delete), then follows its preferences. */
  commit(ctx: CtxPort, entry: ForgeModeStateEntry): Promise<void>;
}

export function createActivationFlow(deps: ActivationDeps): ActivationFlow {
  const { pi, scopes, prefs, now, current, tools, limits, settle, footer } = deps;
  /** The settled plan, after the confirmation a replace_final base needs (cancelled: the operator declined). */
  async function decide(ctx: CtxPort, req: ActivationRequest): Promise<SettledPlan | { kind: "cancelled"; shown: string }> {
    const refused = deps.policyRefusal?.(ctx, req.candidate) ?? null;
    if (refused !== null) return { kind: "refused", message: refused };
    const plan = planActivation(scopes.catalog(), req, now());
    if (plan.kind !== "ask") return plan;
    if (!(await ctx.ui.confirm(plan.title, plan.message))) return { kind: "cancelled", shown: plan.shown };
    return planConfirmed(scopes.refresh(ctx, true).catalog, req, plan, now());
  }

  return {
    async activate(ctx, req) {
      const plan = await decide(ctx, req);
      if (plan.kind === "cancelled") return { ok: false, cancelled: true, message: `activation of ${plan.shown} cancelled` };
      if (plan.kind === "refused") return { ok: false, message: plan.message };
      const { entry } = plan;
      if (sameSelection(req.base, entry)) {
        settle(ctx);
        footer(ctx);
        return { ok: true, message: `${describeActivation(entry)} (unchanged)` };
      }
      pi.appendEntry(MODE_STATE_TYPE, entry);
      settle(ctx);
      const { inForce, allows } = limits(ctx);
      const { turnedOff } = await prefs.follow(ctx, scopes.catalog(), selectedKeys(entry), tools(ctx));
      footer(ctx);
      // A reapproval keeps the keys: what it was is what it is.
      const message = describeActivation(entry, req.source === "reapprove" ? undefined : req.base);
      // The tools the edit limits turned off (a mode's own tool set turning a tool off is what its author wrote).
      const byLimits = turnedOff.filter((t) => !allows(t));
      return { ok: true, message, notes: byLimits.length > 0 ? [describeTurnedOff(byLimits, inForce)] : [] };
    },

    async deactivate(ctx) {
      const { catalog } = scopes.refresh(ctx);
      const state = current(ctx).state;
      const off = planOff(catalog, state, now);
      if (off === null) {
        settle(ctx);
        footer(ctx);
        return "forge: already off (Pi's native prompt)";
      }
      pi.appendEntry(MODE_STATE_TYPE, off);
      settle(ctx);
      await prefs.restore(ctx);
      footer(ctx);
      return describeOff(state);
    },

    async commit(ctx, entry) {
      pi.appendEntry(MODE_STATE_TYPE, entry);
      settle(ctx);
      const keys = selectedKeys(entry);
      if (keys.length === 0) await prefs.restore(ctx);
      else await prefs.follow(ctx, scopes.catalog(), keys, tools(ctx));
      footer(ctx);
    },
  };
}
