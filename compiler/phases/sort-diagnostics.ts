// The order every compile reports its diagnostics in: by file, position, code, severity and message, duplicates dropped.
import type { Diagnostic } from "../../core/diagnostic.js";

const SEVERITY_ORDER = { error: 0, warning: 1, info: 2 } as const;

/** Deterministic order (file, line, column, code, message); file-less diagnostics first. Exact duplicates dropped. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const unique = diagnostics.filter((d) => {
    const id = JSON.stringify([d.code, d.file, d.start, d.end, d.path, d.message]);
    if (seen.has(id)) return false;
    seen.add(id);
    return true;
  });
  const cmp = (a: string | number, b: string | number) => (a < b ? -1 : a > b ? 1 : 0);
  return unique.sort(
    (a, b) =>
      cmp(a.file ?? "", b.file ?? "") ||
      cmp(a.start?.line ?? 0, b.start?.line ?? 0) ||
      cmp(a.start?.column ?? 0, b.start?.column ?? 0) ||
      cmp(a.code, b.code) ||
      cmp(SEVERITY_ORDER[a.severity], SEVERITY_ORDER[b.severity]) ||
      cmp(a.message, b.message),
  );
}
