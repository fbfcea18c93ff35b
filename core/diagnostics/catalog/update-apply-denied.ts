// update_apply_denied (runtime replay of a session branch): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { atEntry, type EntryRef } from "../entry-ref.js";

export const code = "update_apply_denied";
export const severity = "warning";
export const summary = "An agent-sourced apply that is not a declared preset block; replay ignores it.";
export const example: CodeExample = {
  kind: "replay",
  branch: [
    {
      type: "custom",
      id: "e1",
      customType: "forge-system-update",
      data: {
        v: 1,
        updateId: "update-1",
        op: "apply",
        source: "agent",
        contentSnapshot: "free text",
        digest: "a327bf80ded20582ec8ea27a768d1d856a963786ea736ec85118331bd441aca5",
        createdAt: "2026-11-30T08:00:00.000Z",
      },
    },
  ],
};

export function updateApplyDenied(at: EntryRef, updateId: string): Diagnostic {
  return atEntry(code, at, `ignored the agent's apply of "${updateId}": the agent may only activate a declared preset block (blockId missing)`);
}
