// update_id_conflict (runtime replay of a session branch): its severity, message, summary and the example a test runs (test/diagnostic-examples.test.ts).
import type { Diagnostic } from "../../diagnostic.js";
import type { CodeExample } from "../code-example.js";
import { atEntry, type EntryRef } from "../entry-ref.js";

export const code = "update_id_conflict";
export const severity = "error";
export const summary = "An update id is reused for different content, or a reset reuses an applied id; replay ignores the event.";
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
      data: {
        v: 1,
        updateId: "update-1",
        op: "apply",
        source: "user",
        contentSnapshot: "B",
        digest: "df7e70e5021544f4834bbee64a9e3789febc4be81470df629cad6ddb03320a5c",
        createdAt: "2026-11-30T08:00:00.000Z",
      },
    },
  ],
};

/** `reuse`: an apply reusing an id for other content (`previous` and `next` digests), or a reset reusing an applied id. */
export function updateIdConflict(at: EntryRef, updateId: string, reuse: { kind: "apply"; previous: string; next: string } | { kind: "reset" }): Diagnostic {
  return atEntry(
    code,
    at,
    reuse.kind === "reset"
      ? `ignored reset "${updateId}": the id already names an applied update; a reset needs a fresh id such as reset-1`
      : `ignored apply of "${updateId}": the id was already used for different content (digest ${reuse.previous.slice(0, 12)}, now ${reuse.next.slice(0, 12)}); an id always means one content, use a new id`,
  );
}
