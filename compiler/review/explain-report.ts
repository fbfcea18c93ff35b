// The shape of `forge explain`'s report (compiler/review/explain.ts builds it): the components, the prompt layout,
// preferences, system updates, rules, edit limits, paths and tokens of one selection.
import type { ExplainPolicy } from "./explain-policy.js";
import type { TrustView } from "./trust-view.js";
import type { Scope } from "../../core/digest.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Mode } from "../../generated/types.js";
import type { Catalog } from "../../core/component-catalog.js";
import type { PromptVars } from "../../core/template.js";
import type { PreferenceOrigins } from "../../core/preferences.js";
import type { ToolReport } from "../../core/tool-report.js";
import type { SlotName, SlotUse } from "./cache-slots.js";
import type { RuleRef } from "../../core/rule-catalog.js";
import type { ExplainEditLimit, ExplainPath, ExplainRule, PathQuery } from "./explain-paths.js";
import type { ContractCheck } from "./explain-contracts.js";
import type { ExplainTokens, TokensOf } from "./explain-tokens.js";

export interface ExplainComponent {
  /** 1-based position among forge's components (base first, then overlays in order). */
  position: number;
  key: string;
  role: "base" | "overlay";
  strategy: Mode["strategy"];
  label: string;
  scope: Scope;
  /** Where the definition came from, e.g. `.pi/forge/modes/plan.yaml` or `presets/modes/plan.yaml` (in the forge package). */
  source: string;
  digest: string;
  /** A forge library component carried in the bundle: the package and its locked version. */
  library: { name: string; version: string | null } | null;
  /** The extends chain from the parent up: each parent's key, digest as built and, when offered unchanged, where from. */
  extends: Array<{ key: string; digest: string; scope: Scope | null; source: string | null; library: string | null }>;
  /** The component's rendered text as composed (an overlay includes its heading), with sample values. */
  chars: number;
  estimatedTokens: number;
  slots: SlotUse[];
}

/** One part of the final prompt, in order: a forge component or a part Pi builds. */
export type LayoutPart = { part: "mode"; key: string; role: "base" | "overlay" } | { part: "host"; description: string };

export type ExplainPreferences = PreferenceOrigins;

export interface ExplainUpdate {
  id: string;
  name: string;
  modelCallable: boolean;
  digest: string;
  chars: number;
  estimatedTokens: number;
  slots: SlotUse[];
}

export interface ExplainReport {
  command: "explain";
  status: "ok" | "errors" | "refused";
  /** Why the selection cannot be composed; null when it can. */
  reason: string | null;
  selection: { preset: string | null; base: string | null; overlays: string[] } | null;
  preset: { key: string; scope: Scope; source: string; digest: string; driftPolicy: string; description: string } | null;
  layout: LayoutPart[];
  components: ExplainComponent[];
  contracts: ContractCheck[];
  preferences: ExplainPreferences | null;
  /** Slot uses that cost cache hits, in prompt order. */
  cacheSensitive: Array<{ component: string; slot: SlotName; volatility: string; offset: number }>;
  systemUpdates: ExplainUpdate[];
  /** rules/ rules and the preset's blocks with `when`, each with its globs. */
  rules: ExplainRule[];
  /** The edit limits of the selected modes (they intersect). */
  editLimits: ExplainEditLimit[];
  /** Each mode's tools and MCP servers as the gate enforces them, the tool delivery, the servers the modes bring. */
  tools: ToolReport | null;
  /** E.g. a limit that bash can get around. */
  warnings: string[];
  /** `--path`: the rules and edit limits that path would trigger; null without --path. */
  path: ExplainPath | null;
  /** How activated updates reach the model (the runtime's rule; explain has no live model), null without blocks. */
  updateDelivery: string | null;
  /** The bundle on disk: its signers, its libraries' signers and this user's trust of it (the CLI adds it). */
  trust?: TrustView;
  /** The team policy (--policy, or forge.yaml's expectPolicy) and what it adds to this selection (the CLI adds it). */
  policy?: ExplainPolicy;
  /** Whole prompt against the sample host prompt, and forge's own share of it. */
  size: { chars: number; estimatedTokens: number; forgeChars: number; forgeEstimatedTokens: number } | null;
  /** Exact o200k_base counts from the bundles (always-on total, parts largest first, blocks); null when refused. */
  tokens: ExplainTokens | null;
  diagnostics: Diagnostic[];
}

export interface ExplainInput {
  catalog: Catalog;
  preset: string | null;
  base: string | null;
  overlays: string[];
  vars: PromptVars;
  /** The composed prompt against the sample host prompt; null when the selection is refused. */
  prompt: string | null;
  /** Where a component's source is, for people; `layer` is the project layer's root (null outside the project scope). */
  describeSource: (scope: Scope, source: string, layer: string | null) => string;
  /** The locked version of a forge library (the bundle's lock), by package name. */
  libraryVersion?: (name: string) => string | null;
  diagnostics: Diagnostic[];
  /** The scopes' rules/ rules. */
  rules?: readonly RuleRef[];
  /** `--path`, resolved against `root` (the project root). */
  pathQuery?: PathQuery | null;
  root?: string;
  /** The token counts of a component's bundle (absent: none known). */
  tokensOf?: TokensOf;
}
