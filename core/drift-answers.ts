// What the drift dialog's answers compose (runtime/drift-hold.ts asks): a prompt sent without the drifted modes, and
// the notice of a prompt held back. Pure: the runtime decides when to ask, this decides what each answer means.
import type { ForgeModeStateEntry } from "../generated/types.js";
import type { Catalog } from "./component-catalog.js";
import { checkContracts, selectedKeys } from "./candidate.js";
import { composeSelection, type ComposeResult, type DriftItem } from "./composition.js";
import type { Diagnostic } from "./diagnostic.js";
import { driftLeftOut, driftPromptHeld } from "./diagnostics/compose-codes.js";
import type { PromptVars } from "./template.js";

export { driftPromptHeld };

/** The drift codes a dialog may hold a prompt for: those whose fallback is caused by drift alone. */
export const HELD_CODES: ReadonlySet<string> = new Set(["drift_blocked", "exact_base_drift"]);

/** Whether `result` is Pi's native prompt because the selection drifted (what the dialog asks about). */
export function heldByDrift(result: ComposeResult): boolean {
  return result.fallback !== null && HELD_CODES.has(result.fallback.code) && result.drift.length > 0;
}

/**
 * The selection without `leaveOut`, pins and policy kept: the entry this one prompt composes. The branch keeps the
 * full entry, so every pinned edit limit (the left-out modes' too) stays in force.
 */
export function withoutKeys(state: ForgeModeStateEntry, leaveOut: readonly string[]): ForgeModeStateEntry {
  const { confirmedExact, ...rest } = state;
  const base = state.base !== null && leaveOut.includes(state.base) ? null : state.base;
  const out: ForgeModeStateEntry = { ...rest, base, overlays: state.overlays.filter((k) => !leaveOut.includes(k)) };
  return base !== null && confirmedExact !== undefined ? { ...out, confirmedExact } : out;
}

/** Whether the selection without `leaveOut` keeps its contracts (a kept overlay may require a drifted one). */
export function canLeaveOut(catalog: Catalog, state: ForgeModeStateEntry, leaveOut: readonly string[]): boolean {
  const rest = withoutKeys(state, leaveOut);
  return checkContracts(catalog, { base: rest.base, overlays: rest.overlays }, { allowMissing: true }).length === 0;
}

/** The keys a drift leaves out: each drifted component. */
export function driftedKeys(drift: readonly DriftItem[]): string[] {
  return drift.map((d) => d.key);
}

/** The prompt composed without `leaveOut`, and the notice that says what was left out and what was composed. */
export function composeLeavingOut(
  catalog: Catalog,
  state: ForgeModeStateEntry,
  vars: PromptVars,
  leaveOut: readonly string[],
): { result: ComposeResult; notice: Diagnostic } {
  const entry = withoutKeys(state, leaveOut);
  const result = composeSelection(catalog, { state: entry, error: null }, vars);
  return { result, notice: driftLeftOut(leaveOut, selectedKeys(entry)) };
}
