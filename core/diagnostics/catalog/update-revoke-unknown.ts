// update_revoke_unknown (runtime replay of a session branch): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { atEntry, type EntryRef } from "../entry-ref.js";

export const code = "update_revoke_unknown";
export const severity = "warning";
export const summary = "A revoke names no update applied on this branch.";
export const example: CodeExample = {
  kind: "replay",
  branch: [
    {
      type: "custom",
      id: "e1",
      customType: "forge-system-update",
      data: { v: 1, updateId: "update-9", op: "revoke", source: "user", createdAt: "2026-11-30T08:00:00.000Z" },
    },
  ],
};

export function updateRevokeUnknown(at: EntryRef, updateId: string): Diagnostic {
  return atEntry(code, at, `revoke of "${updateId}" names no update applied on this branch; expected the id of an active update, e.g. update-1`);
}
