// legacy_state_frozen (runtime replay of a session branch): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic } from "../make-diagnostic.js";
import { onBranch, legacyEntry, jsonQuoted, type EntryRef } from "../entry-ref.js";

export const code = "legacy_state_frozen";
export const severity = "warning";
export const summary =
  "The newest pi-modes entry names keys forge's layers lack, or breaks a contract: the session uses Pi's native prompt (recorded once, with source migrate).";
export const example: CodeExample = {
  kind: "replay",
  branch: [{ type: "custom", id: "e1", customType: "pi-mode-state.v2", data: { baseKey: null, overlayKeys: ["deep_work"] } }],
  modes: { review: {} },
};

export function legacyStateFrozen(at: EntryRef, customType: string, keys: readonly string[], reason: string): Diagnostic {
  return makeDiagnostic(
    code,
    onBranch(at),
    `forge: the pi-modes selection ${jsonQuoted(keys)} (${legacyEntry(at, customType)}) was not migrated: ${reason}; using Pi's native prompt. Import the modes (forge import pi-modes <dir>), then choose with /mode set`,
  );
}
