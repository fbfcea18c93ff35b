// mode_state_malformed (runtime replay of a session branch): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { makeDiagnostic } from "../make-diagnostic.js";
import { type EntryRef } from "../entry-ref.js";

export const code = "mode_state_malformed";
export const severity = "warning";
export const summary = "A forge-mode-state session entry does not match schema/mode-state.schema.json; replay skips it and the newest well-formed entry wins.";
export const example: CodeExample = {
  kind: "replay",
  branch: [{ type: "custom", id: "e1", customType: "forge-mode-state", data: { v: 1, base: "Plan" } }],
};

export function modeStateMalformed(at: EntryRef, detail: string | null): Diagnostic {
  const where = { file: null, start: null, end: null, path: `/branch/${at.index}` };
  const id = at.id ? ` (${at.id})` : "";
  return makeDiagnostic(
    code,
    where,
    `forge: skipped a malformed forge-mode-state entry${id}${detail === null ? "" : ` ${detail}`}; expected schema/mode-state.schema.json v1`,
  );
}
