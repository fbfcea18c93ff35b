// What is left of a selection when one of its modes is deleted (/mode delete of an active mode): the remaining keys with
// their pins as they were (no silent reapproval of other drift), checked against their contracts before anything is removed.
import type { ForgeModeStateEntry } from "../generated/types.js";
import { checkContracts, selectedKeys, type Candidate } from "./candidate.js";
import type { Catalog } from "./component-catalog.js";

/** Whether deleting `key` of `scope` changes the selection: it is selected, pinned in that scope (or not pinned at all). */
export function isActiveIn(state: ForgeModeStateEntry | null, key: string, scope: string): boolean {
  if (state === null || !selectedKeys(state).includes(key)) return false;
  const pinned = Object.hasOwn(state.components, key) ? state.components[key] : undefined;
  return pinned === undefined || pinned.scope === scope;
}

function remainderOf(state: ForgeModeStateEntry, key: string): Candidate {
  return { base: state.base === key ? null : state.base, overlays: state.overlays.filter((k) => k !== key) };
}

/** Contract violations of the remainder (a component that requires `key`, for one); components missing from the catalog are drift, not violations. */
export function remainderViolations(catalog: Catalog, state: ForgeModeStateEntry, key: string): string[] {
  return checkContracts(catalog, remainderOf(state, key), { allowMissing: true });
}

/** The entry to append: the remainder with the other pins kept, no preset (it is no longer one), source delete. */
export function selectionWithout(state: ForgeModeStateEntry, key: string, now: Date): ForgeModeStateEntry {
  const { base, overlays } = remainderOf(state, key);
  const components: ForgeModeStateEntry["components"] = {};
  for (const k of selectedKeys({ base, overlays })) if (Object.hasOwn(state.components, k)) components[k] = state.components[k]!;
  const { confirmedExact, ...rest } = state;
  const entry: ForgeModeStateEntry = { ...rest, base, overlays, preset: null, components, source: "delete", activatedAt: now.toISOString() };
  // The confirmation belongs to the exact base it confirmed: it goes when that base goes.
  if (confirmedExact !== undefined && base !== null && base === state.base) entry.confirmedExact = confirmedExact;
  return entry;
}
