// legacy_state_migrated (runtime replay of a session branch): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic } from "../make-diagnostic.js";
import { onBranch, legacyEntry, jsonQuoted, type EntryRef } from "../entry-ref.js";

export const code = "legacy_state_migrated";
export const severity = "info";
export const summary = "The newest pi-modes entry on the branch (no forge entry newer) became one forge state entry with source migrate, once.";
export const example: CodeExample = {
  kind: "replay",
  branch: [{ type: "custom", id: "e1", customType: "mode-switch", data: { mode: "review" } }],
  modes: { review: {} },
};

export function legacyStateMigrated(at: EntryRef, customType: string, keys: readonly string[]): Diagnostic {
  return makeDiagnostic(
    code,
    onBranch(at),
    `forge: migrated the pi-modes selection (${legacyEntry(at, customType)}): ${jsonQuoted(keys)}; the pi-modes entries are kept as they are`,
  );
}
