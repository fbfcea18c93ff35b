// One constructor per code of the pi-modes session migration (core/legacy-state.ts): the only place their messages are worded.
import type { Diagnostic } from "../diagnostic.js";
import type { EntryRef } from "./replay-codes.js";
import { makeDiagnostic } from "./make-diagnostic.js";

const at = (ref: EntryRef) => ({ file: null, start: null, end: null, path: `/branch/${ref.index}` });
const entry = (ref: EntryRef, customType: string) => `${customType} entry${ref.id ? ` ${ref.id}` : ""}`;
/** Keys come from a session file: JSON-quoted, so a control character cannot reach the terminal raw. */
export const quoteKeys = (keys: readonly string[]) => keys.map((k) => JSON.stringify(k)).join(", ");

export function legacyStateMalformed(ref: EntryRef, customType: string, detail: string | null): Diagnostic {
  return makeDiagnostic("legacy_state_malformed", at(ref), `forge: skipped a malformed pi-modes ${entry(ref, customType)}${detail === null ? "" : ` ${detail}`}; expected schema/pi-modes-state.schema.json`);
}

export function legacyStateMigrated(ref: EntryRef, customType: string, keys: readonly string[]): Diagnostic {
  return makeDiagnostic("legacy_state_migrated", at(ref), `forge: migrated the pi-modes selection (${entry(ref, customType)}): ${quoteKeys(keys)}; the pi-modes entries are kept as they are`);
}

export function legacyStateFrozen(ref: EntryRef, customType: string, keys: readonly string[], reason: string): Diagnostic {
  return makeDiagnostic(
    "legacy_state_frozen",
    at(ref),
    `forge: the pi-modes selection ${quoteKeys(keys)} (${entry(ref, customType)}) was not migrated: ${reason}; using Pi's native prompt. Import the modes (forge import pi-modes <dir>), then choose with /mode set`,
  );
}
