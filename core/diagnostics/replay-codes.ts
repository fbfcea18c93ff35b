// One constructor per runtime diagnostic code of the system-update timeline (stable snake_case codes).
import type { Diagnostic, Severity } from "../diagnostic.js";

export interface EntryRef {
  /** Position in getBranch() (root first). */
  index: number;
  /** The session entry id, when the entry has one. */
  id: string | null;
}

function make(code: string, severity: Severity, at: EntryRef, message: string): Diagnostic {
  const where = at.id ? ` (entry ${at.id})` : "";
  return { code, severity, message: `${message}${where}`, file: null, start: null, end: null, path: `/branch/${at.index}` };
}

export function updateEventMalformed(at: EntryRef, detail: string): Diagnostic {
  return make(
    "update_event_malformed",
    "warning",
    at,
    `skipped a malformed forge-system-update entry: ${detail}; expected schema/update-event.schema.json v1, e.g. {"v":1,"updateId":"update-1","op":"apply","source":"user","contentSnapshot":"...","digest":"<sha256>","createdAt":"..."}`,
  );
}

export function updateDigestMismatch(at: EntryRef, updateId: string): Diagnostic {
  return make("update_digest_mismatch", "warning", at, `skipped apply of "${updateId}": its digest is not the sha256 of its contentSnapshot (edited by hand?)`);
}

export function updateIdConflict(at: EntryRef, updateId: string, previous: string, next: string): Diagnostic {
  return make(
    "update_id_conflict",
    "error",
    at,
    `ignored apply of "${updateId}": the id was already used for different content (digest ${previous.slice(0, 12)}, now ${next.slice(0, 12)}); an id always means one content, use a new id`,
  );
}

export function updateResetIdConflict(at: EntryRef, updateId: string): Diagnostic {
  return make("update_id_conflict", "error", at, `ignored reset "${updateId}": the id already names an applied update; a reset needs a fresh id such as reset-1`);
}

export function updateRevokeUnknown(at: EntryRef, updateId: string): Diagnostic {
  return make("update_revoke_unknown", "warning", at, `revoke of "${updateId}" names no update applied on this branch; expected the id of an active update, e.g. update-1`);
}

export function updateRevokeInactive(at: EntryRef, updateId: string): Diagnostic {
  return make("update_revoke_inactive", "info", at, `revoke of "${updateId}" had nothing to do: it was not active`);
}

export function updateRevokeDenied(at: EntryRef, updateId: string, activatedBy: string): Diagnostic {
  return make("update_revoke_denied", "warning", at, `ignored the agent's revoke of "${updateId}": it was activated by the ${activatedBy}, and the agent may only deactivate what it activated`);
}

export function updateApplyDenied(at: EntryRef, updateId: string): Diagnostic {
  return make("update_apply_denied", "warning", at, `ignored the agent's apply of "${updateId}": the agent may only activate a declared preset block (blockId missing)`);
}
