// Pure replay: folds the active branch (getBranch()) into the current forge-mode-state; newest well-formed entry wins.
import { describeValidationError } from "./error-text.js";
import type { Diagnostic } from "./diagnostic.js";
import { modeStateMalformed } from "./diagnostics/replay-codes.js";
import { validateModeState } from "../generated/runtime-validators.js";
import type { ForgeModeStateEntry } from "../generated/types.js";

export const MODE_STATE_TYPE = "forge-mode-state";

/** The part of a session entry the reducers read (this one and update-reducer.ts); both hosts' entries fit. */
export interface BranchEntryLike {
  type: string;
  id?: string;
  customType?: string;
  data?: unknown;
}

export interface ReplayState {
  /** The newest well-formed state entry, or null (native prompt, nothing selected). */
  readonly state: ForgeModeStateEntry | null;
  /** Id of the entry that state came from. */
  readonly entryId: string | null;
  readonly diagnostics: readonly Diagnostic[];
  /** Entries folded so far (the branch index of the next entry). */
  readonly count: number;
}

export const INITIAL_REPLAY: ReplayState = Object.freeze({ state: null, entryId: null, diagnostics: Object.freeze([]), count: 0 });

interface MutableReplay {
  state: ForgeModeStateEntry | null;
  entryId: string | null;
  diagnostics: Diagnostic[];
  count: number;
}

/** Mutates `acc` only: callers hand it a private copy (stepReplay) or their own accumulator (reduceBranch). */
function stepMutable(acc: MutableReplay, entry: BranchEntryLike): void {
  const index = acc.count++;
  if (entry?.type !== "custom" || entry.customType !== MODE_STATE_TYPE) return;
  let valid = false;
  try {
    valid = validateModeState(entry.data);
  } catch {
    valid = false; // exotic data (a throwing getter) is malformed, not fatal
  }
  if (!valid) {
    acc.diagnostics.push(modeStateMalformed({ index, id: typeof entry.id === "string" ? entry.id : null }, describeValidationError(validateModeState)));
    return;
  }
  acc.state = entry.data as ForgeModeStateEntry;
  acc.entryId = entry.id ?? null;
}

/** One reducer step, the input left untouched: the fold of a prefix equals the state after that many steps. */
export function stepReplay(acc: ReplayState, entry: BranchEntryLike): ReplayState {
  const next: MutableReplay = { ...acc, diagnostics: [...acc.diagnostics] };
  stepMutable(next, entry);
  return next;
}

/** Folds `entries` on from `from` (default: the empty branch), one accumulator: linear however many entries are malformed. */
export function foldModeStates(entries: readonly BranchEntryLike[], from: ReplayState = INITIAL_REPLAY): ReplayState {
  const acc: MutableReplay = { state: from.state, entryId: from.entryId, diagnostics: [...from.diagnostics], count: from.count };
  for (const entry of entries) stepMutable(acc, entry);
  return acc;
}

/** Folds a whole branch (root first), as the session model does (core/session-state.ts). */
export function reduceBranch(entries: readonly BranchEntryLike[]): ReplayState {
  return foldModeStates(entries);
}
