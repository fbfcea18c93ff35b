// Bounded reporting of replay diagnostics: a branch may hold any number of bad entries, a notice stays one line.
import type { Diagnostic } from "../diagnostic.js";

/** How many diagnostics a human-readable status lists before it says how many more there are. */
export const LISTED_DIAGNOSTICS = 20;

/**
 * One line for the diagnostics of a replay: the message itself when there is one, otherwise the count and the
 * first example, pointing to the command whose --json lists them all. Null when there are none.
 */
export function summarizeDiagnostics(diagnostics: readonly Diagnostic[], what: string, fullList: string): string | null {
  const first = diagnostics[0];
  if (first === undefined) return null;
  if (diagnostics.length === 1) return first.message;
  return `forge: ${diagnostics.length} ${what} on this branch; the first: ${first.message.replace(/^forge: /, "")}; ${fullList} lists them all`;
}

/** At most LISTED_DIAGNOSTICS rendered lines, then `... and N more`. */
export function listDiagnostics(diagnostics: readonly Diagnostic[], render: (d: Diagnostic) => string, fullList: string): string[] {
  const lines = diagnostics.slice(0, LISTED_DIAGNOSTICS).map(render);
  const rest = diagnostics.length - LISTED_DIAGNOSTICS;
  if (rest > 0) lines.push(`  ... and ${rest} more (${fullList} lists them all)`);
  return lines;
}
