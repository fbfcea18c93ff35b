// One read of a branch per command or turn: the fold of its update events and the state at its latest compaction,
// in a single pass, handed to everything that command or turn does.
import { foldUpdateEvents, initialUpdateState, type UpdateState } from "../../core/update-reducer.js";
import type { BranchEntry } from "../host-adapter/ports.js";

export interface BranchRead {
  /** getBranch(), root first. */
  branch: readonly BranchEntry[];
  /** The fold of the whole branch. */
  state: UpdateState;
  /** The fold up to and including the latest compaction entry; null without a compaction. */
  atCompaction: UpdateState | null;
  /** Index of that compaction entry, -1 without one. */
  cut: number;
}

/** Folds `branch` once: up to the latest compaction, then on from that state (the same fold as the whole branch). */
export function readBranch(branch: readonly BranchEntry[]): BranchRead {
  let cut = -1;
  for (let i = branch.length - 1; i >= 0; i--) {
    if (branch[i]?.type === "compaction") {
      cut = i;
      break;
    }
  }
  const atCompaction = cut >= 0 ? foldUpdateEvents(branch.slice(0, cut + 1)) : null;
  const state = foldUpdateEvents(cut >= 0 ? branch.slice(cut + 1) : branch, atCompaction ?? initialUpdateState());
  return { branch, state, atCompaction, cut };
}
