// Sessions carried over from pi-modes: the newest pi-modes selection entry no forge entry supersedes, and the plan of its
// one-time migration into a forge selection. Pure: the session appends what the plan says; historical entries stay as they are.
import { validateModeState, validatePiModesSelection, validatePiModesSwitch, validatePiModesV1 } from "../generated/runtime-validators.js";
import type { Validator } from "../generated/validator.js";
import type { Catalog } from "./component-catalog.js";
import { candidateFromKeys, checkContracts, type Candidate } from "./candidate.js";
import type { Diagnostic } from "./diagnostic.js";
import { legacyStateFrozen, legacyStateMalformed, legacyStateMigrated, type EntryRef } from "./diagnostics/replay-codes.js";
import { describeValidationError } from "./error-text.js";
import { MODE_STATE_TYPE, type BranchEntryLike } from "./mode-state-reducer.js";
import type { DriftPolicy, ResolvedCandidate } from "./selection.js";

/** MaximeRivest/pi-modes' `mode-switch` and the composable pi-modes' three state versions, each with its data's validator (schema/pi-modes-state.schema.json). */
const LEGACY_VALIDATORS: Readonly<Record<string, Validator>> = {
  "mode-switch": validatePiModesSwitch,
  "pi-mode-state.v1": validatePiModesV1,
  "pi-mode-state.v2": validatePiModesSelection,
  "pi-mode-state.v3": validatePiModesSelection,
};

/** A well-formed pi-modes selection entry, as forge reads it. */
export interface LegacySelection {
  customType: string;
  ref: EntryRef;
  /** The keys in composition order. */
  keys: string[];
  /** v2/v3 say which key is the base; mode-switch and v1 name one key whose role forge's strategy decides (null). */
  split: Candidate | null;
  /** v3's policy; the older shapes had none, so forge's default. */
  driftPolicy: DriftPolicy;
}

type LegacyData = { mode?: string; key?: string | null; baseKey?: string | null; overlayKeys?: string[]; driftPolicy?: DriftPolicy };

function readLegacy(customType: string, data: LegacyData, ref: EntryRef): LegacySelection {
  if (customType === "mode-switch") return { customType, ref, keys: [data.mode!], split: null, driftPolicy: "block" };
  if (customType === "pi-mode-state.v1") return { customType, ref, keys: data.key ? [data.key] : [], split: null, driftPolicy: "block" };
  const split = { base: data.baseKey ?? null, overlays: [...(data.overlayKeys ?? [])] };
  const keys = split.base === null ? split.overlays : [split.base, ...split.overlays];
  return { customType, ref, keys, split, driftPolicy: data.driftPolicy ?? "block" };
}

function isWellFormedForge(entry: BranchEntryLike): boolean {
  if (entry?.type !== "custom" || entry.customType !== MODE_STATE_TYPE) return false;
  try {
    return validateModeState(entry.data);
  } catch {
    return false;
  }
}

/**
 * The pi-modes entries newer than every well-formed forge entry on the branch (root first): the newest well-formed one is
 * pending migration, malformed ones are reported. Once forge has appended an entry after them, they are history: silent.
 * Only entries after the first pi-modes entry are validated as forge entries, so a forge-only branch costs a string compare each.
 */
export function findPendingLegacy(branch: readonly BranchEntryLike[]): { legacy: LegacySelection | null; diagnostics: Diagnostic[] } {
  const found: Array<{ index: number; entry: BranchEntryLike; ok: boolean; detail: string | null }> = [];
  branch.forEach((entry, index) => {
    if (entry?.type !== "custom" || typeof entry.customType !== "string" || !Object.hasOwn(LEGACY_VALIDATORS, entry.customType)) return;
    const validate = LEGACY_VALIDATORS[entry.customType]!;
    let ok = false;
    try {
      ok = validate(entry.data);
    } catch {
      ok = false; // exotic data (a throwing getter) is malformed, not fatal
    }
    found.push({ index, entry, ok, detail: ok ? null : describeValidationError(validate) });
  });
  if (found.length === 0) return { legacy: null, diagnostics: [] };
  let newestForge = -1;
  for (let i = branch.length - 1; i > found[0]!.index; i--) {
    if (isWellFormedForge(branch[i]!)) {
      newestForge = i;
      break;
    }
  }
  const newer = found.filter((f) => f.index > newestForge);
  const refOf = (f: (typeof found)[number]): EntryRef => ({ index: f.index, id: typeof f.entry.id === "string" ? f.entry.id : null });
  const diagnostics = newer.filter((f) => !f.ok).map((f) => legacyStateMalformed(refOf(f), f.entry.customType!, f.detail));
  const newest = newer.filter((f) => f.ok).at(-1);
  return { legacy: newest ? readLegacy(newest.entry.customType!, newest.entry.data as LegacyData, refOf(newest)) : null, diagnostics };
}

export type MigrationPlan =
  /** An off selection (v1 `{key: null}`, v2 with no keys): Pi's native prompt already, nothing to record. */
  { kind: "none" } | { kind: "migrate"; candidate: ResolvedCandidate; diagnostic: Diagnostic } | { kind: "freeze"; diagnostic: Diagnostic };

/** The freeze of `legacy` for `reason` (also when activating the migrated candidate is refused, e.g. an unconfirmed replace_final base). */
export function freezeLegacy(legacy: LegacySelection, reason: string): MigrationPlan {
  return { kind: "freeze", diagnostic: legacyStateFrozen(legacy.ref, legacy.customType, legacy.keys, reason) };
}

/** Migrates when every key is in `catalog` (forge's layers) and the exact selection holds its contracts; never auto-fixes. */
export function planLegacyMigration(catalog: Catalog, legacy: LegacySelection): MigrationPlan {
  if (legacy.keys.length === 0) return { kind: "none" };
  const unknown = legacy.keys.filter((k) => !catalog.modes.has(k));
  if (unknown.length > 0) return freezeLegacy(legacy, `not in forge's layers: ${unknown.map((k) => JSON.stringify(k)).join(", ")}`);
  let candidate: Candidate;
  if (legacy.split !== null) candidate = legacy.split;
  else {
    const split = candidateFromKeys(catalog, legacy.keys);
    if ("error" in split) return freezeLegacy(legacy, split.error);
    candidate = split.candidate;
  }
  const violations = checkContracts(catalog, candidate);
  if (violations.length > 0) return freezeLegacy(legacy, `contracts: ${violations.join("; ")}`);
  return {
    kind: "migrate",
    candidate: { base: candidate.base, overlays: [...candidate.overlays], preset: null, driftPolicy: legacy.driftPolicy },
    diagnostic: legacyStateMigrated(legacy.ref, legacy.customType, legacy.keys),
  };
}
