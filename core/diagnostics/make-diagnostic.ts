// Where a diagnostic points, and the one way to build one: its severity always comes from the schema (DIAGNOSTIC_SEVERITY).
import type { Diagnostic, DiagnosticCode, Position } from "../diagnostic.js";
import { DIAGNOSTIC_SEVERITY } from "../../generated/constants.js";

/** Where a diagnostic points: a file (posix, relative to the forge root), a range and a document path. */
export interface Where {
  file: string | null;
  start: Position | null;
  end: Position | null;
  path: string;
}

export const NOWHERE: Where = { file: null, start: null, end: null, path: "" };

/** The whole file, pointed at its first character (no parsed document to be more precise). */
export function atFile(file: string, path = ""): Where {
  return { file, start: { line: 1, column: 1 }, end: { line: 1, column: 1 }, path };
}

/** Builds a diagnostic of a catalog code; every code's constructor goes through here. */
export function makeDiagnostic(code: DiagnosticCode, where: Where, message: string): Diagnostic {
  return { code, severity: DIAGNOSTIC_SEVERITY[code], message, file: where.file, start: where.start, end: where.end, path: where.path };
}
