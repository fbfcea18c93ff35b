// Diagnostic data shared by the compiler and the runtime: plain, serializable, stable codes (schema/diagnostic.schema.json).
import type { DiagnosticCode } from "../generated/constants.js";
import type { ForgeDiagnostic, Position as MaybePosition, Severity } from "../generated/types.js";

export type { DiagnosticCode } from "../generated/constants.js";
export type { Severity } from "../generated/types.js";

/** 1-based line and column. */
export type Position = NonNullable<MaybePosition>;

/**
 * `{code, severity, message, file, start, end, path}`; `file` is relative to the forge root (posix) or null, and the CLI
 * prints it relative to the current directory (compiler/cli/cli-io.ts diagnosticsForJson).
 */
export type Diagnostic = Omit<ForgeDiagnostic, "code"> & { code: DiagnosticCode };

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === ("error" satisfies Severity));
}
