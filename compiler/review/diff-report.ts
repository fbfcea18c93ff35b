// The shape of a `forge diff` result: what `--json` prints and what the human renderer reads.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Mode } from "../../generated/types.js";
import type { LibraryChange } from "./bundle-changes.js";
import type { TokenDiff } from "./token-diff.js";

/** How a side was given: a bundle file, a git ref's committed bundle, or a fresh in-memory build. */
export type SpecKind = "file" | "git" | "worktree";

/** One side (A or B) of the comparison. */
export interface DiffSide {
  /** The spec as given on the command line, or as defaulted (`HEAD`, `worktree`, a path). */
  spec: string;
  kind: SpecKind;
  /** What diff headers call it, e.g. `HEAD`, `worktree`, `old/bundle.json`. */
  label: string;
  /** Where the bundle came from, e.g. `HEAD:.pi/forge/bundle.json`; the file path; `.pi/forge/ (in memory)`. */
  location: string;
  /** null: there was no bundle there (compared as an empty bundle). */
  bundleHash: string | null;
}

/** A field value as it is in the bundle; null when the field is absent. */
export type FieldValue = string | boolean | string[] | null;

export interface FieldChange {
  field: string;
  from: FieldValue;
  to: FieldValue;
}

/** A mode that only one side has; `diff` is its whole rendered prompt against nothing. */
export interface ModeOnOneSide {
  key: string;
  strategy: Mode["strategy"];
  diff: string;
}

export interface ModeChange {
  key: string;
  digest: { from: string; to: string };
  /** Changed fields other than the prompt, in a fixed order (label, description, strategy, contracts, preferences). */
  fields: FieldChange[];
  /** The prompt template differs. `diff` can still be "" when only a slot and literal `{{slot}}` text swapped. */
  promptChanged: boolean;
  /** Unified diff of the rendered prompt ("" when it is the same). */
  diff: string;
}

export interface PresetOnOneSide {
  key: string;
  base: string | null;
  overlays: string[];
}

export interface UpdateOnOneSide {
  id: string;
  diff: string;
}

export interface UpdateChange {
  id: string;
  fields: FieldChange[];
  contentChanged: boolean;
  diff: string;
}

/** A pinned mode digest (preset.modeDigests) that differs between the sides; null when not pinned. */
export interface PinChange {
  key: string;
  from: string | null;
  to: string | null;
}

export interface PresetChange {
  key: string;
  digest: { from: string; to: string };
  /** Changed own fields: description, base, overlays, driftPolicy. */
  fields: FieldChange[];
  systemUpdates: { added: UpdateOnOneSide[]; removed: UpdateOnOneSide[]; changed: UpdateChange[] };
  modeDigests: PinChange[];
  /**
   * The preset itself changed (fields, updates, or an unexplained digest difference), as opposed
   * to changing only because a mode it pins changed. The human output and summary use this.
   */
  ownChange: boolean;
}

/** A rules/ rule that only one side has: its globs and its whole text against nothing. */
export interface RuleOnOneSide {
  key: string;
  paths: string[];
  diff: string;
}

export interface RuleChange {
  key: string;
  digest: { from: string; to: string };
  /** name, description, when.paths (globs as written), when.tools. */
  fields: FieldChange[];
  contentChanged: boolean;
  diff: string;
}

export type ModeChangeKind = "added" | "removed" | "changed";

/** A mode a preset references (base or overlays, in A or B) that was added, removed or changed. */
export interface AffectingMode {
  key: string;
  change: ModeChangeKind;
  /** A built-in mode: not in either bundle, its change is seen only in the digests presets pin. */
  builtin: boolean;
}

/** A mode kept from A to B whose extends chain reaches a parent that changed. */
export interface AffectedMode {
  mode: string;
  /** From the mode to the changed ancestor, e.g. [strict-review, review]. */
  chain: string[];
  /** How that ancestor changed; outside: it is in neither bundle (built in, or the library mode of the child's own key) and the child was rebuilt against another digest of it. */
  change: ModeChangeKind | "outside";
}

export interface AffectedPreset {
  preset: string;
  modes: AffectingMode[];
}

export interface DiffSummary {
  modesAdded: number;
  modesRemoved: number;
  modesChanged: number;
  presetsAdded: number;
  presetsRemoved: number;
  /** Presets with an own change (PresetChange.ownChange). */
  presetsChanged: number;
  presetsAffected: number;
  rulesAdded: number;
  rulesRemoved: number;
  rulesChanged: number;
  /** Inheriting modes whose parent (or an ancestor) changed. */
  modesAffected: number;
  /** Forge libraries whose lock entry changed (version, bundle, components taken). */
  librariesChanged: number;
}

/** The pure comparison of two bundles (compiler/review/semantic-diff.ts). */
export interface SemanticDiff {
  /** True when anything but source paths, forgeVersion and formatting differs. */
  semantic: boolean;
  /** The bundles' scopes when they differ (every digest then differs too); null when equal. */
  scope: { from: string | null; to: string | null } | null;
  modes: { added: ModeOnOneSide[]; removed: ModeOnOneSide[]; changed: ModeChange[] };
  presets: { added: PresetOnOneSide[]; removed: PresetOnOneSide[]; changed: PresetChange[] };
  /** rules/ rules, by id. */
  rules: { added: RuleOnOneSide[]; removed: RuleOnOneSide[]; changed: RuleChange[] };
  /** Built-in modes whose pinned digest differs between the sides (their text is in neither bundle). */
  builtinModes: PinChange[];
  /** Every preset in both A and B whose base or overlays (in A or B) name an added, removed or changed mode. */
  affectedPresets: AffectedPreset[];
  /** Every mode in A and B whose extends chain reaches an added, removed or changed mode. */
  affectedModes: AffectedMode[];
  /** Forge libraries (the lock) that were added, removed, upgraded or rebuilt. */
  libraries: LibraryChange[];
  /** Differences that are not semantic (source paths, forgeVersion, digests that disagree with content). */
  notes: string[];
  summary: DiffSummary;
  /** The token change of every changed component and every affected preset (o200k_base). */
  tokens: TokenDiff;
}

/** What `forge diff --json` prints when both sides could be loaded. Exit 0 when !semantic, else 1. */
export interface DiffReport extends SemanticDiff {
  command: "diff";
  a: DiffSide;
  b: DiffSide;
}

/** What `forge diff --json` prints when the bundles could not be compared (exit 2). */
export interface DiffFailure {
  command: "diff";
  status: "failed";
  message: string;
  /** Source diagnostics when a worktree build failed. */
  diagnostics: Diagnostic[];
}
