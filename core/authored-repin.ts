// Your own edit is not drift: after /mode edit or /mode new wrote a selected mode's definition in this session, the
// selection pins that mode's new definition (digest, layer, edit limit), and only that one: other drift stays drift.
import { toolPinOf } from "./tool-sets.js";
import type { ForgeModeStateEntry } from "../generated/types.js";
import type { Catalog } from "./component-catalog.js";
import { checkContracts, selectedKeys } from "./candidate.js";

export type Repin = { ok: true; entry: ForgeModeStateEntry } | { ok: false; reason: string };

/**
 * The entry that pins `key` as `catalog` offers it now, the other pins kept. Refused when the new definition breaks the
 * selection's contracts (the selection then shows it as drift). A replace_final base is confirmed by the edit: the user
 * wrote the exact text it sends.
 */
export function repinAuthored(catalog: Catalog, state: ForgeModeStateEntry, key: string, now: Date): Repin {
  if (!selectedKeys(state).includes(key)) return { ok: false, reason: `"${key}" is not selected` };
  const current = catalog.modes.get(key);
  if (current === undefined) return { ok: false, reason: `no trusted bundle offers "${key}"` };
  const violations = checkContracts(catalog, { base: state.base, overlays: state.overlays }, { allowMissing: true });
  if (violations.length > 0) return { ok: false, reason: `its new definition breaks the selection's contracts: ${violations.join("; ")}` };
  const pin: ForgeModeStateEntry["components"][string] & object = { digest: current.mode.digest, scope: current.scope };
  if (current.layer !== null) pin.layer = current.layer;
  pin.edits = current.mode.edits ?? null;
  Object.assign(pin, toolPinOf(current.mode));
  const components = { ...state.components };
  Object.defineProperty(components, key, { value: pin, enumerable: true, writable: true, configurable: true });
  const entry: ForgeModeStateEntry = { ...state, components, source: "edit", activatedAt: now.toISOString() };
  if (state.base === key && current.mode.strategy === "replace_final") entry.confirmedExact = current.mode.digest;
  return { ok: true, entry };
}
