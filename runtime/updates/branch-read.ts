// One read of a branch per command or turn: the session model's branch and update fold, handed to everything that
// command or turn does. The runtime gets the session model from the session store (runtime/session-store.ts).
import { foldUpdateEvents, type UpdateState } from "../../core/update-reducer.js";
import type { SessionState } from "../../core/session-state.js";
import { readUsageLedger, type UsageLedger } from "../../core/usage-ledger.js";
import type { BranchEntry } from "../host-adapter/ports.js";

export { keptFrom, latestCompaction } from "../../core/delivery-view.js";

export interface BranchRead {
  /** The active branch, root first. */
  branch: readonly BranchEntry[];
  /** The fold of its update events. */
  state: UpdateState;
  /** The provider's reported usage on it (the session model's, computed once). */
  usage(): UsageLedger;
}

/** The read of the session model: its branch and update fold (no second fold). */
export function readOf(session: SessionState): BranchRead {
  return { branch: session.branch, state: session.updates, usage: () => session.usage() };
}

/** Folds `branch` once (tests, and callers that hold a branch but no session model). */
export function readBranch(branch: readonly BranchEntry[]): BranchRead {
  let ledger: UsageLedger | null = null;
  return { branch, state: foldUpdateEvents(branch), usage: () => (ledger ??= readUsageLedger(branch)) };
}
