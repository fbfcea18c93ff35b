// One read of a branch per command or turn: the fold of its update events, handed to everything that command or turn does.
import { foldUpdateEvents, type UpdateState } from "../../core/update-reducer.js";
import type { BranchEntry } from "../host-adapter/ports.js";

export interface BranchRead {
  /** getBranch(), root first. */
  branch: readonly BranchEntry[];
  /** The fold of the whole branch. */
  state: UpdateState;
}

/** Folds `branch` once. */
export function readBranch(branch: readonly BranchEntry[]): BranchRead {
  return { branch, state: foldUpdateEvents(branch) };
}

/** Where a request's entries start after the compaction at `cut`: its `firstKeptEntryId` (Pi searches the path before it), else after it. */
export function keptFrom(branch: readonly BranchEntry[], cut: number): number {
  const id = branch[cut]?.firstKeptEntryId;
  for (let i = 0; i < cut; i++) if (branch[i]?.id !== undefined && branch[i]?.id === id) return i;
  return cut + 1;
}

/**
 * The latest compaction of `branch[0, end)` (`cut`, -1 without one) and where the entries a request carries verbatim
 * start (`from`).
 */
export function latestCompaction(branch: readonly BranchEntry[], end = branch.length): { cut: number; from: number } {
  for (let i = end - 1; i >= 0; i--) if (branch[i]?.type === "compaction") return { cut: i, from: keptFrom(branch, i) };
  return { cut: -1, from: 0 };
}
