// update_digest_mismatch (runtime replay of a session branch): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { atEntry, type EntryRef } from "../entry-ref.js";

export const code = "update_digest_mismatch";
export const severity = "warning";
export const summary = "An apply event's digest is not the sha256 of its contentSnapshot (edited by hand); replay skips it.";
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
        contentSnapshot: "Use tabs, edited.",
        digest: "3daa6bb31940f085636347a3b35f70c917d89e6cde3ed69c46d31e148a607df1",
        createdAt: "2026-11-30T08:00:00.000Z",
      },
    },
  ],
};

export function updateDigestMismatch(at: EntryRef, updateId: string): Diagnostic {
  return atEntry(code, at, `skipped apply of "${updateId}": its digest is not the sha256 of its contentSnapshot (edited by hand?)`);
}
