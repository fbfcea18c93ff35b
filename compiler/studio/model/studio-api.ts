// The JSON the studio server sends its page, one shape per endpoint: types only, shared by the model, server and page.
import type { Severity } from "../../../core/diagnostic.js";
import type { ContractKind } from "../../../core/contracts.js";
import type { PreferenceOrigin, PreferenceOrigins } from "../../../core/preferences.js";
import type { AffectedPreset, DiffSide, DiffSummary, FieldChange, PinChange } from "../../review/diff-report.js";
import type { SlotName, Volatility } from "../../review/cache-slots.js";
import type { TrustView } from "../../review/trust-view.js";
import type { ExplainTokens } from "../../review/explain-tokens.js";
import type { TokenChange } from "../../review/token-diff.js";
import type { ExplainPolicy } from "../../review/explain-policy-view.js";

export type { ExplainPolicy, FieldChange };

export type ScopeName = "builtin" | "global" | "project";
export type StrategyName = "append" | "replace_base" | "replace_final";

/** Where something is defined. `file` is set only when the page may open it (a file under the forge root). */
export interface SourceRef {
  scope: ScopeName;
  /** As a person reads it, e.g. `.pi/forge/modes/plan.yaml:6`. */
  display: string;
  /** Forge-root-relative path for /api/source, or null (built-in and global files are not served). */
  file: string | null;
  line: number | null;
}

export interface FrameLine {
  line: number;
  text: string;
  /** The line the diagnostic points at. */
  marked: boolean;
}

export interface DiagnosticView {
  severity: Severity;
  code: string;
  message: string;
  /** Forge-root-relative, as in the compiler's diagnostics; null for file-less ones. */
  file: string | null;
  /** `file:line:col` relative to the project root (or `forge` for a file-less diagnostic). */
  location: string;
  line: number | null;
  column: number | null;
  frame: FrameLine[];
}

export interface ModeContracts {
  requires: string[];
  conflictsWith: string[];
  before: string[];
  after: string[];
}

export interface PresetShape {
  base: string | null;
  overlays: string[];
  driftPolicy: string;
  /** The declared contracts of its components judged against this exact selection. */
  contracts: { held: number; notApplicable: number; violated: number };
}

/** A path rule: its globs, and the nested context file it was compiled from (forge.yaml contextFiles: nested). */
export interface RuleShape {
  paths: string[];
  /** Relative to its layer's root, e.g. `packages/api/AGENTS.md`; null for a rules/ rule. */
  contextFile: string | null;
}

export interface LibraryEntry {
  kind: "mode" | "preset" | "rule";
  key: string;
  scope: ScopeName;
  /** A deeper scope defines the same key, so this one is not offered. */
  shadowedBy: ScopeName | null;
  /** Modes: the label; presets: null. */
  label: string | null;
  description: string;
  /** Modes: their strategy; presets: their base's strategy, or append when they only add overlays; rules: null. */
  strategy: StrategyName | null;
  source: SourceRef;
  digest: string;
  /** Modes: the composed component text with sample values; presets: forge's share of their composition. */
  chars: number;
  estimatedTokens: number;
  /** Exact o200k_base tokens from its bundle (a preset's: its always-on text, part by part); null when not counted. */
  tokens: { total: number; parts: Array<{ what: string; key: string | null; tokens: number }> } | null;
  contracts: ModeContracts | null;
  preset: PresetShape | null;
  rule: RuleShape | null;
  diagnostics: DiagnosticView[];
}

export interface LibraryData {
  entries: LibraryEntry[];
  /** The layers listed, shallow to deep, with their bundle hashes. */
  layers: Array<{ scope: ScopeName; origin: string; bundleHash: string; notes: string[] }>;
  /** Diagnostics that belong to no listed entry (a new file, a partial, a file-less one). */
  unattached: DiagnosticView[];
}

export interface LiveEvent {
  at: string;
  generation: number;
  status: "ok" | "errors" | "failed";
  summary: string;
}

/** GET /api/state: the current view of the sources, with the last good state kept while they are broken. */
export interface StateData {
  generation: number;
  target: { scope: ScopeName; forgeRoot: string };
  /** ok: the sources compile; errors: they do not (the library is the last good one); failed: they could not be read. */
  status: "ok" | "errors" | "failed";
  message: string | null;
  /** When the shown (last good) state was built; null when there never was one. */
  goodAt: string | null;
  checkedAt: string;
  diagnostics: DiagnosticView[];
  library: LibraryData | null;
  /** The bundle on disk: its signers, its libraries' signers and this user's trust of it (null before a good build). */
  trust: TrustView | null;
  /** The same as forge explain's lines (rendered on the server: the page carries no review code). */
  trustLines: string[];
  /** The team policy forge.yaml's expectPolicy (or `forge studio --policy`) names: its own layer, what it adds (null: none). */
  policy: ExplainPolicy | null;
  presets: string[];
  modes: Array<{ key: string; strategy: StrategyName }>;
  events: LiveEvent[];
}

export type HostKind = "string" | "sections";

/** One run of the composed prompt, attributed to a component (or to the host when `component` is null). */
export interface PromptSegment {
  text: string;
  component: string | null;
  /** host: Pi's own text (a sample); frame: forge's wrapping (section tags, the overlay heading); body: prompt text; slot: a filled slot. */
  role: "host" | "frame" | "body" | "slot";
  slot?: { name: SlotName; volatility: Volatility; cacheSensitive: boolean; describe: string };
  /** policy: a team policy's overlay (its own layer, in its own colour), `component` being the overlay's key. */
  layer?: "policy";
}

/** A prompt block: the whole string (0.73.1), or one section of 1.x's structured prompt. */
export interface PromptBlock {
  /** 1.x section name (`preamble`, `forge-plan`, `forceSystemPrompt`); null for the 0.73.1 string. */
  name: string | null;
  segments: PromptSegment[];
}

export interface PromptView {
  host: HostKind;
  /** Exactly what the host renders; the blocks' segments join to it (blocks separated by a blank line on 1.x). */
  text: string;
  blocks: PromptBlock[];
  chars: number;
  estimatedTokens: number;
  /** false only if the text could not be split by component (then one host segment holds it all). */
  attributed: boolean;
}

export interface ComposeComponent {
  position: number;
  key: string;
  role: "base" | "overlay";
  strategy: StrategyName;
  label: string;
  scope: ScopeName;
  source: SourceRef;
  digest: string;
  chars: number;
  estimatedTokens: number;
  /** Exact o200k_base tokens of its part of the always-on text (from the bundle); null when not counted. */
  tokens: number | null;
}

/** Per-mode edit limits: mode key -> "allow ...; deny ..." (globs as written). */
export type EditLimits = Record<string, string | number | boolean>;

/** model, thinking and tools with the components they come from; `editLimits` when a selected mode declares one. */
export interface EffectivePreferences extends PreferenceOrigins {
  editLimits?: PreferenceOrigin<EditLimits>;
}

/** GET /api/compose */
export interface ComposeData {
  names: string[];
  host: HostKind;
  status: "ok" | "errors" | "refused";
  reason: string | null;
  selection: { preset: string | null; base: string | null; overlays: string[] } | null;
  preset: { key: string; scope: ScopeName; source: SourceRef; digest: string; driftPolicy: string; description: string } | null;
  components: ComposeComponent[];
  contracts: Array<{ declaredBy: string; kind: ContractKind; other: string; status: "held" | "not-applicable" | "violated"; detail: string }>;
  preferences: EffectivePreferences | null;
  /** Each mode's tools and MCP servers as the runtime's gate enforces them, in forge explain's words (one per line). */
  tools: string[];
  cacheSensitive: Array<{ component: string; slot: SlotName; volatility: Volatility; describe: string }>;
  systemUpdates: Array<{ id: string; name: string; modelCallable: boolean; digest: string; chars: number; estimatedTokens: number; tokens: number | null }>;
  /** forge explain's token figures: the always-on total, its parts largest first, each block's cost. */
  tokens: ExplainTokens | null;
  prompt: PromptView | null;
  /** Why the runtime would fall back to Pi's native prompt (null when it composes). */
  fallbackReason: string | null;
  /** What the team policy adds to this selection, and whether Pi would refuse it under the policy (null: no policy). */
  policy?: ExplainPolicy | null;
}

export interface SideBySideCell {
  line: number;
  text: string;
  kind: "equal" | "delete" | "insert";
}

export interface SideBySideHunk {
  header: string;
  rows: Array<{ left: SideBySideCell | null; right: SideBySideCell | null }>;
}

export interface DiffComponentView {
  key: string;
  change: "added" | "removed" | "changed";
  fields: FieldChange[];
  digest: { from: string | null; to: string | null };
  hunks: SideBySideHunk[];
}

export interface DiffPresetView extends DiffComponentView {
  /** The preset itself changed (not only a mode it uses). */
  ownChange: boolean;
  updates: DiffComponentView[];
  pins: PinChange[];
}

/** GET /api/diff */
export type DiffData =
  | {
      status: "ok";
      a: DiffSide;
      b: DiffSide;
      semantic: boolean;
      scope: { from: string | null; to: string | null } | null;
      modes: DiffComponentView[];
      presets: DiffPresetView[];
      builtinModes: PinChange[];
      affectedPresets: AffectedPreset[];
      notes: string[];
      summary: DiffSummary;
      /** The token change of every changed component and affected preset, each with forge diff's line for it. */
      tokens: { header: string; changes: Array<TokenChange & { text: string }> };
    }
  | { status: "failed"; message: string; diagnostics: DiagnosticView[] };

/** GET /api/source */
export interface SourceData {
  file: string;
  display: string;
  text: string;
}

/** One test on one host in the Tests view. */
export interface TestRow {
  /** `tests/x.yaml#name@host`: unique on the page. */
  id: string;
  /** `file:line` relative to the project root. */
  location: string;
  test: string;
  host: string;
  status: "passed" | "failed" | "skipped";
  /** Each failed assertion as forge test prints it (`kind: message`). */
  failures: string[];
  /** A snapshot that differs: its file, the unified diff and the token change. */
  snapshot: { file: string; diff: string; tokens: string | null } | null;
}

/** GET /api/tests: the pure tier of forge test on the sources as they are now (read-only: no snapshot is written). */
export interface TestsData {
  /** Why nothing ran (no test file, errors in the sources or test files); null when the tests ran. */
  problem: string | null;
  rows: TestRow[];
  summary: { passed: number; failed: number; skipped: number };
}
