// One constructor per runtime replay code (a session branch folded by the Pi extension): the only place their
// messages are worded. They point at the entry's position in getBranch() instead of a file.
import type { Diagnostic, DiagnosticCode } from "../diagnostic.js";
import { makeDiagnostic } from "./make-diagnostic.js";

export interface EntryRef {
  /** Position in getBranch() (root first). */
  index: number;
  /** The session entry id, when the entry has one. */
  id: string | null;
}

function make(code: DiagnosticCode, at: EntryRef, message: string): Diagnostic {
  const where = at.id ? ` (entry ${at.id})` : "";
  return makeDiagnostic(code, { file: null, start: null, end: null, path: `/branch/${at.index}` }, `${message}${where}`);
}

export function modeStateMalformed(at: EntryRef, detail: string | null): Diagnostic {
  const where = { file: null, start: null, end: null, path: `/branch/${at.index}` };
  const id = at.id ? ` (${at.id})` : "";
  return makeDiagnostic("mode_state_malformed", where, `forge: skipped a malformed forge-mode-state entry${id}${detail === null ? "" : ` ${detail}`}; expected schema/mode-state.schema.json v1`);
}

export function updateEventMalformed(at: EntryRef, detail: string): Diagnostic {
  return make(
    "update_event_malformed",
    at,
    `skipped a malformed forge-system-update entry: ${detail}; expected schema/update-event.schema.json v1, e.g. {"v":1,"updateId":"update-1","op":"apply","source":"user","contentSnapshot":"...","digest":"<sha256>","createdAt":"..."}`,
  );
}

export function updateDigestMismatch(at: EntryRef, updateId: string): Diagnostic {
  return make("update_digest_mismatch", at, `skipped apply of "${updateId}": its digest is not the sha256 of its contentSnapshot (edited by hand?)`);
}

/** `reuse`: an apply reusing an id for other content (`previous` and `next` digests), or a reset reusing an applied id. */
export function updateIdConflict(at: EntryRef, updateId: string, reuse: { kind: "apply"; previous: string; next: string } | { kind: "reset" }): Diagnostic {
  return make(
    "update_id_conflict",
    at,
    reuse.kind === "reset"
      ? `ignored reset "${updateId}": the id already names an applied update; a reset needs a fresh id such as reset-1`
      : `ignored apply of "${updateId}": the id was already used for different content (digest ${reuse.previous.slice(0, 12)}, now ${reuse.next.slice(0, 12)}); an id always means one content, use a new id`,
  );
}

export function updateRevokeUnknown(at: EntryRef, updateId: string): Diagnostic {
  return make("update_revoke_unknown", at, `revoke of "${updateId}" names no update applied on this branch; expected the id of an active update, e.g. update-1`);
}

export function updateRevokeInactive(at: EntryRef, updateId: string): Diagnostic {
  return make("update_revoke_inactive", at, `revoke of "${updateId}" had nothing to do: it was not active`);
}

export function updateRevokeDenied(at: EntryRef, updateId: string, activatedBy: string): Diagnostic {
  return make("update_revoke_denied", at, `ignored the agent's revoke of "${updateId}": it was activated by the ${activatedBy}, and the agent may only deactivate what it activated`);
}

export function updateApplyDenied(at: EntryRef, updateId: string): Diagnostic {
  return make("update_apply_denied", at, `ignored the agent's apply of "${updateId}": the agent may only activate a declared preset block (blockId missing)`);
}

// pi-modes sessions (core/legacy-state.ts). Keys come from a session file: JSON-quoted, so no control character reaches a terminal raw.
const quoted = (keys: readonly string[]) => keys.map((k) => JSON.stringify(k)).join(", ");
const legacyEntry = (at: EntryRef, customType: string) => `${customType} entry${at.id ? ` ${at.id}` : ""}`;
const onBranch = (at: EntryRef) => ({ file: null, start: null, end: null, path: `/branch/${at.index}` });

export function legacyStateMalformed(at: EntryRef, customType: string, detail: string | null): Diagnostic {
  return makeDiagnostic("legacy_state_malformed", onBranch(at), `forge: skipped a malformed pi-modes ${legacyEntry(at, customType)}${detail === null ? "" : ` ${detail}`}; expected schema/pi-modes-state.schema.json`);
}

export function legacyStateMigrated(at: EntryRef, customType: string, keys: readonly string[]): Diagnostic {
  return makeDiagnostic("legacy_state_migrated", onBranch(at), `forge: migrated the pi-modes selection (${legacyEntry(at, customType)}): ${quoted(keys)}; the pi-modes entries are kept as they are`);
}

export function legacyStateFrozen(at: EntryRef, customType: string, keys: readonly string[], reason: string): Diagnostic {
  return makeDiagnostic(
    "legacy_state_frozen",
    onBranch(at),
    `forge: the pi-modes selection ${quoted(keys)} (${legacyEntry(at, customType)}) was not migrated: ${reason}; using Pi's native prompt. Import the modes (forge import pi-modes <dir>), then choose with /mode set`,
  );
}
