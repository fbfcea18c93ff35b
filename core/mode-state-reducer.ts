// Pure replay: folds the active branch (getBranch()) into the current forge-mode-state; newest well-formed entry wins.
import { describeValidationError } from "./error-text.js";
import type { Diagnostic } from "./diagnostic.js";
import { validateModeState } from "../generated/runtime-validators.js";
import type { ForgeModeStateEntry } from "../generated/types.js";

export const MODE_STATE_TYPE = "forge-mode-state";

/** The part of a session entry the reducers read (this one and runtime/updates/reducer.ts); both hosts' entries fit. */
export interface BranchEntryLike {
  type: string;
  id?: string;
  customType?: string;
  data?: unknown;
}

export interface ReplayState {
  /** The newest well-formed state entry, or null (native prompt, nothing selected). */
  state: ForgeModeStateEntry | null;
  /** Id of the entry that state came from. */
  entryId: string | null;
  diagnostics: Diagnostic[];
}

export const INITIAL_REPLAY: ReplayState = Object.freeze({ state: null, entryId: null, diagnostics: [] }) as ReplayState;

function malformed(entry: BranchEntryLike): Diagnostic {
  const described = describeValidationError(validateModeState);
  const detail = described === null ? "" : ` ${described}`;
  return {
    code: "mode_state_malformed",
    severity: "warning",
    message: `forge: skipped a malformed ${MODE_STATE_TYPE} entry${entry.id ? ` (${entry.id})` : ""}${detail}; expected schema/mode-state.schema.json v1`,
    file: null,
    start: null,
    end: null,
    path: "",
  };
}

/**
 * One reducer step. Entries that are not forge state pass through untouched (same object back),
 * so the fold of a prefix equals the state after that many steps.
 */
export function stepReplay(acc: ReplayState, entry: BranchEntryLike): ReplayState {
  if (entry.type !== "custom" || entry.customType !== MODE_STATE_TYPE) return acc;
  if (!validateModeState(entry.data)) {
    return { state: acc.state, entryId: acc.entryId, diagnostics: [...acc.diagnostics, malformed(entry)] };
  }
  return { state: entry.data as ForgeModeStateEntry, entryId: entry.id ?? null, diagnostics: acc.diagnostics };
}

/** Folds a whole branch (root first), e.g. ctx.sessionManager.getBranch(). */
export function reduceBranch(entries: readonly BranchEntryLike[]): ReplayState {
  let acc = INITIAL_REPLAY;
  for (const entry of entries) acc = stepReplay(acc, entry);
  return acc;
}
