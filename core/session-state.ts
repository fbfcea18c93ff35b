// The session model: one pure fold of the active branch (root first) into one immutable value per branch leaf, modelled
// on Pi's buildSessionContext. Every handler and command of the runtime reads this value (runtime/session-store.ts
// computes it once per leaf); later features add their fields here, folded in the same single pass.
import { selectedRoles } from "./candidate.js";
import { keptFrom, readDeliveryView, type CompactionCut, type DeliveryView, type SessionEntry } from "./delivery-view.js";
import type { Diagnostic } from "./diagnostic.js";
import type { Scope } from "./digest.js";
import { foldModeStates, INITIAL_REPLAY, type ReplayState } from "./mode-state-reducer.js";
import { UPDATE_ENTRY_TYPE } from "./update-events.js";
import { foldUpdateEvents, initialUpdateState, type UpdateState } from "./update-reducer.js";
import { readUsageLedger, type UsageLedger } from "./usage-ledger.js";
import { readPolicyEntry, type PolicyRecord } from "./policy-record.js";
import { validateUpdateEvent } from "../generated/runtime-validators.js";
import type { EditLimit, ForgeModeStateEntry, ForgeUpdateEvent } from "../generated/types.js";

export type { SessionEntry };

/** One selected component as the selection entry pinned it. */
export interface PinnedComponent {
  key: string;
  role: "base" | "overlay";
  /** null: the entry pinned nothing for this key (it cannot be composed as selected: drift "changed"). */
  digest: string | null;
  scope: Scope | null;
  /** The project layer it was activated from; null outside the project scope (or not recorded). */
  layer: string | null;
  /**
   * Its edit limit as pinned at activation: null when the mode had none; undefined when the entry predates pinned
   * limits (the runtime then takes the bundle's limit only if the mode is unchanged, see core/pinned-limits.ts).
   */
  edits: EditLimit | null | undefined;
  /** Its tools and MCP servers as pinned (null: none named; undefined: the entry predates pinned tools, core/tool-sets.ts). */
  tools: readonly string[] | null | undefined;
  mcp: readonly string[] | null | undefined;
}

/** The branch's selection: the newest well-formed forge-mode-state entry, its pins, and the malformed entries skipped. */
export interface SelectionRecord {
  readonly state: ForgeModeStateEntry | null;
  /** Id of the entry the state came from. */
  readonly entryId: string | null;
  /** Base first, then the overlays in order. */
  readonly pins: readonly PinnedComponent[];
  readonly diagnostics: readonly Diagnostic[];
}

/** A path rule (or preset block with `when`) that switched on somewhere on the branch: it applies once per branch. */
export interface AppliedRule {
  /** `rule:<ruleId>` or `block:<presetId>/<blockId>`. */
  key: string;
  updateId: string;
  /** The project-relative path and glob that switched it on. */
  path: string | null;
  glob: string | null;
  entryId: string | null;
  /** When it switched on (the apply event's createdAt) and the digest of the text the model got then. */
  at: string;
  digest: string;
}

/** The model and thinking level the branch records, replayed like Pi's buildSessionContext (null: none recorded). */
export interface BranchSettings {
  model: { provider: string; modelId: string } | null;
  thinkingLevel: string | null;
}

export interface SessionState {
  /** Id of the branch's last entry (the leaf); null for an empty branch or an entry without id. */
  readonly leafId: string | null;
  /** Entries folded: the branch's length. */
  readonly count: number;
  /** The branch itself, root first (cache estimates and the last request's prompt read the entries). */
  readonly branch: readonly SessionEntry[];
  readonly selection: SelectionRecord;
  /** The active system updates with their sources (user, agent, preset, rule), ids used, and replay diagnostics. */
  readonly updates: UpdateState;
  /** Keyed by AppliedRule.key. */
  readonly appliedRules: ReadonlyMap<string, AppliedRule>;
  /** The latest compaction (cut -1 without one) and where the entries a request carries verbatim start. */
  readonly compaction: CompactionCut;
  readonly preferences: BranchSettings;
  /** The team policy this branch last ran under (the newest well-formed forge-policy entry), null: none recorded. */
  readonly policy: PolicyRecord | null;
  /** What the model holds of the updates, on a host with (`true`, 1.x) or without prompt sections; computed once each. */
  delivery(sectionsHost: boolean): DeliveryView;
  /** The provider's reported usage on the branch and its prefix rewrites (core/usage-ledger.ts); computed once. */
  usage(): UsageLedger;
}

/** The key of the rule an apply event switched on (also used by the runtime to look a candidate up). */
export function appliedRuleKey(c: { ruleId?: string; presetId?: string; blockId?: string }): string {
  return c.ruleId !== undefined ? `rule:${c.ruleId}` : `block:${c.presetId ?? ""}/${c.blockId ?? ""}`;
}

function pinsOf(state: ForgeModeStateEntry | null): PinnedComponent[] {
  if (state === null) return [];
  return selectedRoles(state).map(({ key, role }) => {
    const pin = Object.prototype.hasOwnProperty.call(state.components, key) ? state.components[key] : undefined;
    // A pin without an `edits` field predates pinned limits: undefined (unknown), unlike null (pinned: no limit).
    const own = (field: "edits" | "tools" | "mcp") => pin !== undefined && Object.prototype.hasOwnProperty.call(pin, field);
    const edits = own("edits") ? (pin!.edits ?? null) : undefined;
    const tools = own("tools") ? (pin!.tools ?? null) : undefined;
    const mcp = own("mcp") ? (pin!.mcp ?? null) : undefined;
    return { key, role, digest: pin?.digest ?? null, scope: pin?.scope ?? null, layer: pin?.layer ?? null, edits, tools, mcp };
  });
}

/** Entry data comes from a file on disk: a string or nothing. */
const text = (value: unknown): string | null => (typeof value === "string" ? value : null);

function stepSettings(settings: BranchSettings, entry: SessionEntry): BranchSettings {
  const e = entry as SessionEntry & { thinkingLevel?: unknown; provider?: unknown; modelId?: unknown };
  if (e.type === "thinking_level_change") return { ...settings, thinkingLevel: text(e.thinkingLevel) ?? settings.thinkingLevel };
  if (e.type === "model_change" && text(e.provider) !== null && text(e.modelId) !== null)
    return { ...settings, model: { provider: e.provider as string, modelId: e.modelId as string } };
  const m = e.type === "message" ? (e.message as { role?: unknown; provider?: unknown; model?: unknown } | null | undefined) : undefined;
  if (m?.role === "assistant" && text(m.provider) !== null && text(m.model) !== null)
    return { ...settings, model: { provider: m.provider as string, modelId: m.model as string } };
  return settings;
}

function stepRules(rules: Map<string, AppliedRule>, entry: SessionEntry): void {
  if (entry?.type !== "custom" || entry.customType !== UPDATE_ENTRY_TYPE) return;
  let valid = false;
  try {
    valid = validateUpdateEvent(entry.data);
  } catch {
    valid = false; // exotic data (a throwing getter) is malformed, not fatal
  }
  if (!valid) return;
  const event = entry.data as ForgeUpdateEvent;
  if (event.op !== "apply" || event.source !== "rule") return;
  const key = appliedRuleKey(event);
  if (!rules.has(key)) {
    rules.set(key, {
      key,
      updateId: event.updateId,
      path: event.matchedPath ?? null,
      glob: event.matchedGlob ?? null,
      entryId: text(entry.id),
      at: event.createdAt,
      digest: event.digest ?? "",
    });
  }
}

interface Parts {
  replay: ReplayState;
  updates: UpdateState;
  rules: ReadonlyMap<string, AppliedRule>;
  compaction: CompactionCut;
  preferences: BranchSettings;
  policy: PolicyRecord | null;
}

const INITIAL_PARTS: Parts = {
  replay: INITIAL_REPLAY,
  updates: initialUpdateState(),
  rules: new Map(),
  compaction: { cut: -1, from: 0 },
  preferences: { model: null, thinkingLevel: null },
  policy: null,
};

function partsOf(s: SessionState): Parts {
  const replay: ReplayState = { state: s.selection.state, entryId: s.selection.entryId, diagnostics: s.selection.diagnostics, count: s.count };
  return { replay, updates: s.updates, rules: s.appliedRules, compaction: s.compaction, preferences: s.preferences, policy: s.policy };
}

function freezeState(branch: readonly SessionEntry[], parts: Parts): SessionState {
  const memo: [DeliveryView | null, DeliveryView | null] = [null, null];
  let ledger: UsageLedger | null = null;
  const { replay, updates } = parts;
  const last = branch.at(-1);
  return Object.freeze({
    leafId: last === undefined ? null : text(last.id),
    count: branch.length,
    branch,
    selection: Object.freeze({ state: replay.state, entryId: replay.entryId, pins: Object.freeze(pinsOf(replay.state)), diagnostics: replay.diagnostics }),
    updates,
    appliedRules: parts.rules,
    compaction: Object.freeze({ ...parts.compaction }),
    preferences: Object.freeze({ ...parts.preferences }),
    policy: parts.policy,
    delivery(sectionsHost: boolean): DeliveryView {
      const i = sectionsHost ? 1 : 0;
      return (memo[i] ??= readDeliveryView(branch, (id) => updates.known.has(id), sectionsHost));
    },
    usage: () => (ledger ??= readUsageLedger(branch)),
  });
}

/** The value of the empty branch (before the first entry). */
export const EMPTY_SESSION: SessionState = freezeState([], INITIAL_PARTS);

/**
 * Folds `branch` (root first). With `from`, the fold of a prefix of this same branch (its leaf is `branch[from.count -
 * 1]`), only the entries after it are folded: a session grows by appending, so each new leaf costs its new entries.
 * Never throws on entry data: malformed entries are skipped with a diagnostic (the latest well-formed one wins).
 */
export function reduceSession(branch: readonly SessionEntry[], from?: SessionState): SessionState {
  const base = from !== undefined && extendsPrefix(branch, from) ? partsOf(from) : INITIAL_PARTS;
  const start = base === INITIAL_PARTS ? 0 : from!.count;
  const added = branch.slice(start);
  const rules = new Map(base.rules);
  let preferences = base.preferences;
  let policy = base.policy;
  let cut = base.compaction.cut;
  for (let i = 0; i < added.length; i++) {
    const entry = added[i]!;
    stepRules(rules, entry);
    preferences = stepSettings(preferences, entry);
    policy = readPolicyEntry(entry) ?? policy;
    if (entry?.type === "compaction") cut = start + i;
  }
  const compaction = cut === base.compaction.cut ? base.compaction : { cut, from: keptFrom(branch, cut) };
  return freezeState(branch, {
    replay: foldModeStates(added, base.replay),
    updates: foldUpdateEvents(added, base.updates),
    rules,
    compaction,
    preferences,
    policy,
  });
}

/** Whether `from` folded exactly `branch[0, from.count)`: the path to an entry is unique, so its leaf id there says so. */
export function extendsPrefix(branch: readonly SessionEntry[], from: SessionState): boolean {
  if (from.count === 0) return true;
  if (from.leafId === null || from.count > branch.length) return false;
  return text(branch[from.count - 1]?.id) === from.leafId;
}
