// Diagnostic data shared by the compiler and the runtime: plain, serializable, stable codes.

export type Severity = "error" | "warning" | "info";

/** 1-based line and column. */
export interface Position {
  line: number;
  column: number;
}

export interface Diagnostic {
  /** Stable snake_case code, e.g. `unknown_field`. Never renamed once released. */
  code: string;
  severity: Severity;
  /** What was wrong, what was expected, and an example. */
  message: string;
  /** Path relative to the forge root (posix), or null when no file applies. */
  file: string | null;
  start: Position | null;
  end: Position | null;
  /** JSON-pointer-like path inside the document, e.g. `/overlays/2`; "" for the whole file. */
  path: string;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}
