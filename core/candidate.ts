// A candidate selection (0-1 base plus ordered overlays) against the catalog: keys, roles, splitting by strategy, and every check.
import { checkSelection, describeViolation, judgeContracts, type ContractComponent, type ContractJudgment } from "./contracts.js";
import { suggestClosest } from "./suggest.js";
import { trustHow, type Catalog } from "./component-catalog.js";

const NO_CONTRACTS = { requires: [], conflictsWith: [], before: [], after: [] } as const;

/** A selection as the operator asked for it: 0-1 base plus ordered overlays. */
export interface Candidate {
  base: string | null;
  overlays: string[];
}

/** The keys of a selection (a candidate or a state entry) in composition order, base first. */
export function selectedKeys(selection: Candidate | null): string[] {
  if (selection === null) return [];
  return selection.base === null ? [...selection.overlays] : [selection.base, ...selection.overlays];
}

/** "base a; overlays b, c" (either part omitted when empty), for messages and saved presets. */
export function describeSelection(selection: Candidate): string {
  const parts: string[] = [];
  if (selection.base !== null) parts.push(`base ${selection.base}`);
  if (selection.overlays.length > 0) parts.push(`overlays ${selection.overlays.join(", ")}`);
  return parts.join("; ");
}

/** Each selected key with its role, base first: what drift and status reports are about. */
export function selectedRoles(selection: Candidate): Array<{ key: string; role: "base" | "overlay" }> {
  const overlays = selection.overlays.map((key) => ({ key, role: "overlay" as const }));
  return selection.base === null ? overlays : [{ key: selection.base, role: "base" }, ...overlays];
}

/**
 * Splits a flat key list (`/mode set a b c`, PI_MODES, --mode a,b) into base and overlays by each
 * mode's strategy. Unknown keys and a second base are errors; the order of overlays is kept.
 */
export function candidateFromKeys(catalog: Catalog, keys: readonly string[]): { candidate: Candidate } | { error: string } {
  const overlays: string[] = [];
  let base: string | null = null;
  for (const key of keys) {
    const entry = catalog.modes.get(key);
    if (!entry) return { error: unofferedMode(catalog, key) };
    if (entry.mode.strategy === "append") overlays.push(key);
    else if (base !== null) return { error: `at most one base may be selected, got "${base}" and "${key}"` };
    else base = key;
  }
  return { candidate: { base, overlays } };
}

/**
 * Why a mode key is not offered: in a bundle that is not trusted (say so, and how to trust it), or unknown (with a
 * "did you mean"). Never "unknown" for a mode the user can see in the repository.
 */
export function unofferedMode(catalog: Catalog, key: string): string {
  const withheld = catalog.withheldModes.get(key);
  if (withheld?.withheldBy !== undefined) return `mode "${key}" is in ${withheld.file}, which ${withheld.withheldBy}`;
  if (withheld) return `mode "${key}" is in ${withheld.file}, which is not trusted; trust it first (${trustHow(withheld)})`;
  return `unknown mode "${key}"${suggest(catalog, key)}`;
}

function suggest(catalog: Catalog, key: string): string {
  const near = suggestClosest(key, catalog.modes.keys());
  return near === null ? "" : ` (did you mean "${near}"?)`;
}

/**
 * All contract violations of the candidate (empty: valid). Components missing from the catalog are
 * skipped here (they are drift, reported by compose), but still count as selected for `requires`.
 */
export function checkContracts(catalog: Catalog, candidate: Candidate, opts: { allowMissing?: boolean } = {}): string[] {
  const errors: string[] = [];
  const selected = selectedKeys(candidate);
  const seen = new Set<string>();
  for (const key of selected) {
    if (seen.has(key)) errors.push(`"${key}" is selected twice`);
    seen.add(key);
    if (!catalog.modes.has(key) && !opts.allowMissing) errors.push(`unknown mode "${key}"`);
  }
  if (candidate.base !== null) {
    const base = catalog.modes.get(candidate.base);
    if (base && base.mode.strategy === "append") {
      errors.push(`"${candidate.base}" is an append overlay and cannot be the base`);
    }
    if (base && base.mode.strategy === "replace_final" && candidate.overlays.length > 0) {
      errors.push(`"${candidate.base}" is replace_final (exact final prompt): no overlays may be selected with it`);
    }
  }
  for (const key of candidate.overlays) {
    const entry = catalog.modes.get(key);
    if (entry && entry.mode.strategy !== "append") {
      errors.push(`"${key}" is ${entry.mode.strategy}: at most one base, and it cannot be an overlay`);
    }
  }
  // requires, conflictsWith, before/after: the same rule the compiler checks every preset against.
  const { base, overlays } = contractComponents(catalog, candidate);
  for (const v of checkSelection(base, overlays)) errors.push(describeViolation(v));
  return errors;
}

/** The candidate's contract components; a component missing from the catalog still counts as selected, but imposes nothing. */
function contractComponents(catalog: Catalog, candidate: Candidate): { base: ContractComponent | null; overlays: ContractComponent[] } {
  const withKey = (key: string): ContractComponent => {
    const mode = catalog.modes.get(key)?.mode;
    return mode ? { key, requires: mode.requires, conflictsWith: mode.conflictsWith, before: mode.before, after: mode.after } : { key, ...NO_CONTRACTS };
  };
  return { base: candidate.base === null ? null : withKey(candidate.base), overlays: candidate.overlays.map(withKey) };
}

/** Every contract the candidate's components declare, judged held / not applicable / violated (forge explain). */
export function judgeCandidate(catalog: Catalog, candidate: Candidate): ContractJudgment[] {
  const { base, overlays } = contractComponents(catalog, candidate);
  return judgeContracts(base, overlays);
}
