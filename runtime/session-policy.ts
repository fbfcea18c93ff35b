// The team policy in one session: the tools it lets be declared, the policy a tool call is held to, and the branch's
// record of the policy it runs under (told once when a new one applies).
import { createPolicyEntry, describePolicyChange, POLICY_ENTRY_TYPE } from "../core/policy-record.js";
import { policyIdentity } from "../core/policy.js";
import type { SessionState } from "../core/session-state.js";
import type { CtxPort, PiPort } from "./host-adapter/ports.js";
import { say } from "./notify.js";
import { policyToolFilter, type PolicyInForce } from "./policy-gate.js";
import { pathRoot } from "./rule-sources.js";
import type { LoadedScopes, ScopeLoader } from "./scope-loader.js";

export interface SessionPolicy {
  /** Which tools the policy lets be declared (null: no policy named; a failed one lets only read-only tools). */
  toolFilter(): ((tool: string) => boolean) | null;
  /** The policy a tool call is held to: the one the turn started under (loaded at its before_agent_start). */
  inForce(ctx: CtxPort): PolicyInForce;
  /** A policy this branch has not run under: recorded on the branch, and told once (it applies from this turn). */
  record(ctx: CtxPort): void;
}

export function createSessionPolicy(deps: {
  pi: Pick<PiPort, "appendEntry">;
  scopes: ScopeLoader;
  lastLoaded(): LoadedScopes | null;
  read(ctx: CtxPort): SessionState;
  ownTools: readonly string[];
  now(): Date;
}): SessionPolicy {
  const { pi, scopes, read } = deps;
  return {
    toolFilter() {
      const state = scopes.policy();
      return state.kind === "none" ? null : policyToolFilter(state, deps.ownTools, deps.ownTools);
    },
    inForce(ctx) {
      const loaded = deps.lastLoaded() ?? scopes.refresh(ctx);
      return { state: loaded.policy, root: pathRoot(loaded, ctx) };
    },
    record(ctx) {
      const state = scopes.policy();
      if (state.kind !== "ok" || read(ctx).policy?.identity === policyIdentity(state)) return;
      const notice = describePolicyChange(read(ctx).policy, state);
      pi.appendEntry(POLICY_ENTRY_TYPE, createPolicyEntry(state, deps.now()));
      read(ctx);
      say(ctx, notice);
    },
  };
}
