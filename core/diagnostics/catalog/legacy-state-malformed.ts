// legacy_state_malformed (runtime replay of a session branch): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic } from "../make-diagnostic.js";
import { onBranch, legacyEntry, type EntryRef } from "../entry-ref.js";

export const code = "legacy_state_malformed";
export const severity = "warning";
export const summary = "A pi-modes session entry (mode-switch, pi-mode-state.v1/v2/v3) does not match schema/pi-modes-state.schema.json; replay skips it.";
export const example: CodeExample = {
  kind: "replay",
  branch: [{ type: "custom", id: "e1", customType: "pi-mode-state.v2", data: { baseKey: 7 } }],
};

export function legacyStateMalformed(at: EntryRef, customType: string, detail: string | null): Diagnostic {
  return makeDiagnostic(
    code,
    onBranch(at),
    `forge: skipped a malformed pi-modes ${legacyEntry(at, customType)}${detail === null ? "" : ` ${detail}`}; expected schema/pi-modes-state.schema.json`,
  );
}
