// update_revoke_inactive (runtime replay of a session branch): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { atEntry, type EntryRef } from "../entry-ref.js";

export const code = "update_revoke_inactive";
export const severity = "info";
export const summary = "A revoke names an update that was not active; nothing to do.";
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
        source: "user",
        contentSnapshot: "A",
        digest: "559aead08264d5795d3909718cdd05abd49572e84fe55590eef31a88a08fdffd",
        createdAt: "2026-11-30T08:00:00.000Z",
      },
    },
    {
      type: "custom",
      id: "e2",
      customType: "forge-system-update",
      data: { v: 1, updateId: "update-1", op: "revoke", source: "user", createdAt: "2026-11-30T08:00:00.000Z" },
    },
    {
      type: "custom",
      id: "e3",
      customType: "forge-system-update",
      data: { v: 1, updateId: "update-1", op: "revoke", source: "user", createdAt: "2026-11-30T08:00:00.000Z" },
    },
  ],
};

export function updateRevokeInactive(at: EntryRef, updateId: string): Diagnostic {
  return atEntry(code, at, `revoke of "${updateId}" had nothing to do: it was not active`);
}
