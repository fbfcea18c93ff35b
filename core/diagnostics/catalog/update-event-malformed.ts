// update_event_malformed (runtime replay of a session branch): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { atEntry, type EntryRef } from "../entry-ref.js";

export const code = "update_event_malformed";
export const severity = "warning";
export const summary = "A forge-system-update session entry does not match schema/update-event.schema.json; replay skips it.";
export const example: CodeExample = {
  kind: "replay",
  branch: [
    { type: "custom", id: "e1", customType: "forge-system-update", data: { v: 1, updateId: "update-1", op: "apply", createdAt: "2026-11-30T08:00:00.000Z" } },
  ],
};

export function updateEventMalformed(at: EntryRef, detail: string): Diagnostic {
  return atEntry(
    code,
    at,
    `skipped a malformed forge-system-update entry: ${detail}; expected schema/update-event.schema.json v1, e.g. {"v":1,"updateId":"update-1","op":"apply","source":"user","contentSnapshot":"...","digest":"<sha256>","createdAt":"..."}`,
  );
}
