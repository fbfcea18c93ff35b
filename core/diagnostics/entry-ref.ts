// Where a runtime replay diagnostic points: a session entry's position in getBranch() instead of a file.
import type { Diagnostic, DiagnosticCode } from "../diagnostic.js";
import { makeDiagnostic, type Where } from "./make-diagnostic.js";

export interface EntryRef {
  /** Position in getBranch() (root first). */
  index: number;
  /** The session entry id, when the entry has one. */
  id: string | null;
}

/** The entry as a diagnostic location: no file, the path `/branch/<index>`. */
export const onBranch = (at: EntryRef): Where => ({ file: null, start: null, end: null, path: `/branch/${at.index}` });

/** A diagnostic about an entry, its id (when it has one) added to the message. */
export function atEntry(code: DiagnosticCode, at: EntryRef, message: string): Diagnostic {
  const where = at.id ? ` (entry ${at.id})` : "";
  return makeDiagnostic(code, onBranch(at), `${message}${where}`);
}

/** `<customType> entry <id>` for pi-modes entries. */
export const legacyEntry = (at: EntryRef, customType: string): string => `${customType} entry${at.id ? ` ${at.id}` : ""}`;

/** Keys from a session file, JSON-quoted, so no control character reaches a terminal raw. */
export const jsonQuoted = (keys: readonly string[]): string => keys.map((k) => JSON.stringify(k)).join(", ");
