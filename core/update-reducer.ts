// Pure fold of a branch's forge-system-update entries into the active update set, plus diagnostics.
import { describeValidationError } from "./error-text.js";
import type { Diagnostic } from "./diagnostic.js";
import { sha256Hex } from "./digest.js";
import { validateUpdateEvent } from "../generated/runtime-validators.js";
import type { ForgeUpdateEvent } from "../generated/types.js";
import type { BranchEntryLike } from "./mode-state-reducer.js";
import * as diag from "./diagnostics/replay-codes.js";
import { UPDATE_ENTRY_TYPE } from "./update-events.js";

export type { BranchEntryLike };

export interface ActiveUpdate {
  updateId: string;
  source: ForgeUpdateEvent["source"];
  presetId?: string;
  blockId?: string;
  /** source "rule": the rules/ rule, and the project-relative path that switched it on. */
  ruleId?: string;
  matchedPath?: string;
  contentSnapshot: string;
  digest: string;
  createdAt: string;
  /** The session entry that activated it (null when the entry had no id). */
  entryId: string | null;
}

export interface UpdateState {
  /** Active updates, in activation order (a re-activation moves to the end). */
  readonly active: readonly ActiveUpdate[];
  /** Every id an apply or reset used on the branch, with the apply's digest (null for a reset id). */
  readonly known: ReadonlyMap<string, string | null>;
  /** The ids in `known` that only agent-sourced events used: the user's own events may still take them. */
  readonly agentClaims: ReadonlySet<string>;
  /** Highest N of the well-formed `update-N` / `reset-N` ids seen, 0 when none. */
  readonly maxUpdateN: number;
  readonly maxResetN: number;
  readonly diagnostics: readonly Diagnostic[];
  /** Number of entries folded so far (the index of the next entry). */
  readonly count: number;
}

interface MutableState {
  active: ActiveUpdate[];
  known: Map<string, string | null>;
  agentClaims: Set<string>;
  maxUpdateN: number;
  maxResetN: number;
  diagnostics: Diagnostic[];
  count: number;
}

export function initialUpdateState(): UpdateState {
  return { active: [], known: new Map(), agentClaims: new Set(), maxUpdateN: 0, maxResetN: 0, diagnostics: [], count: 0 };
}

function numberedSuffix(id: string, prefix: string): number {
  if (!id.startsWith(prefix)) return 0;
  const rest = id.slice(prefix.length);
  // Digits only, no leading zero: update-01 is a different id, not number 1.
  return /^[1-9][0-9]{0,8}$/.test(rest) ? Number(rest) : 0;
}

/**
 * The one permission rule of every operation (apply, revoke, reset, and any later one): what the agent does may
 * touch only what the agent did. The agent may remove only updates it activated, and an id that only the agent
 * used does not bind the user: their own apply or reset of that id takes it over. The user (and a preset's or a path
 * rule's own events) may remove anything; an update a path rule switched on counts as the user's, not the agent's.
 */
function mayRemove(actor: ForgeUpdateEvent["source"], owner: ForgeUpdateEvent["source"]): boolean {
  return actor !== "agent" || owner === "agent";
}

/** Records that `actor` used `id` (after the event was accepted). */
function claimId(s: MutableState, id: string, actor: ForgeUpdateEvent["source"], digest: string | null): void {
  if (!s.known.has(id)) {
    s.known.set(id, digest);
    if (actor === "agent") s.agentClaims.add(id);
  } else if (actor !== "agent") s.agentClaims.delete(id);
}

/** A user, preset or rule event meeting an id only the agent used: the agent's claim (and its active update) give way. */
function releaseAgentClaim(s: MutableState, id: string, actor: ForgeUpdateEvent["source"]): void {
  if (actor === "agent" || !s.agentClaims.has(id)) return;
  s.agentClaims.delete(id);
  s.known.delete(id);
  s.active = s.active.filter((u) => u.updateId !== id);
}

/** Mutates `s` only: callers hand it a private copy (stepUpdateState) or their own accumulator (fold). */
function applyEvent(s: MutableState, event: ForgeUpdateEvent, at: diag.EntryRef): void {
  const id = event.updateId;
  s.maxUpdateN = Math.max(s.maxUpdateN, numberedSuffix(id, "update-"));
  s.maxResetN = Math.max(s.maxResetN, numberedSuffix(id, "reset-"));
  if (event.op === "reset") {
    releaseAgentClaim(s, id, event.source);
    if (s.known.has(id) && s.known.get(id) !== null) {
      s.diagnostics.push(diag.updateIdConflict(at, id, { kind: "reset" }));
      return;
    }
    // A repeated reset id is a replayed reset: it is a no-op.
    if (s.known.has(id)) return claimId(s, id, event.source, null);
    claimId(s, id, event.source, null);
    // An agent's reset clears the agent's own updates; what the user or a preset activated stays.
    s.active = s.active.filter((u) => !mayRemove(event.source, u.source));
    return;
  }
  if (event.op === "revoke") {
    const index = s.active.findIndex((u) => u.updateId === id);
    if (index < 0) {
      s.diagnostics.push(s.known.get(id) ? diag.updateRevokeInactive(at, id) : diag.updateRevokeUnknown(at, id));
      return;
    }
    const target = s.active[index]!;
    // Defense in depth: the tool already refuses this; a hand-written entry must not get around it.
    if (!mayRemove(event.source, target.source)) {
      s.diagnostics.push(diag.updateRevokeDenied(at, id, target.source));
      return;
    }
    s.active.splice(index, 1);
    return;
  }
  // apply: the schema guarantees contentSnapshot and digest.
  const content = event.contentSnapshot ?? "";
  const digest = event.digest ?? "";
  if (sha256Hex(content) !== digest) {
    s.diagnostics.push(diag.updateDigestMismatch(at, id));
    return;
  }
  if (event.source === "agent" && event.blockId === undefined) {
    s.diagnostics.push(diag.updateApplyDenied(at, id));
    return;
  }
  releaseAgentClaim(s, id, event.source);
  if (s.known.has(id)) {
    const previous = s.known.get(id);
    if (previous === null) {
      s.diagnostics.push(diag.updateIdConflict(at, id, { kind: "reset" }));
      return;
    }
    if (previous !== digest) {
      s.diagnostics.push(diag.updateIdConflict(at, id, { kind: "apply", previous: previous ?? "", next: digest }));
      return;
    }
    // Same id, same content: a no-op while active (the user's apply takes over one the agent re-activated);
    // a re-activation after a revoke or reset.
    const index = s.active.findIndex((u) => u.updateId === id);
    if (index >= 0 && !(event.source !== "agent" && s.active[index]!.source === "agent")) return claimId(s, id, event.source, digest);
    if (index >= 0) s.active.splice(index, 1);
  }
  claimId(s, id, event.source, digest);
  const active: ActiveUpdate = {
    updateId: id,
    source: event.source,
    contentSnapshot: content,
    digest,
    createdAt: event.createdAt,
    entryId: at.id,
  };
  if (event.presetId !== undefined) active.presetId = event.presetId;
  if (event.blockId !== undefined) active.blockId = event.blockId;
  if (event.ruleId !== undefined) active.ruleId = event.ruleId;
  if (event.matchedPath !== undefined) active.matchedPath = event.matchedPath;
  s.active.push(active);
}

function stepMutable(s: MutableState, entry: BranchEntryLike): void {
  const at: diag.EntryRef = { index: s.count, id: typeof entry?.id === "string" ? entry.id : null };
  s.count += 1;
  if (!entry || typeof entry !== "object" || entry.type !== "custom" || entry.customType !== UPDATE_ENTRY_TYPE) return;
  let valid = false;
  try {
    valid = validateUpdateEvent(entry.data);
  } catch {
    valid = false; // exotic data (a throwing getter) is malformed, not fatal
  }
  if (!valid) {
    s.diagnostics.push(diag.updateEventMalformed(at, describeValidationError(validateUpdateEvent) ?? "invalid data"));
    return;
  }
  applyEvent(s, entry.data as ForgeUpdateEvent, at);
}

/** A private mutable copy of `state`, so stepping it leaves the input untouched. */
function copyState(state: UpdateState): MutableState {
  return {
    active: [...state.active],
    known: new Map(state.known),
    agentClaims: new Set(state.agentClaims),
    maxUpdateN: state.maxUpdateN,
    maxResetN: state.maxResetN,
    diagnostics: [...state.diagnostics],
    count: state.count,
  };
}

/** One step of the fold: a new state, the input left untouched. fold(entries) == entries.reduce(step). */
export function stepUpdateState(state: UpdateState, entry: BranchEntryLike): UpdateState {
  const s = copyState(state);
  stepMutable(s, entry);
  return s;
}

/** Folds getBranch() (root first) from `from` (default: the initial state). Never throws on entry data. */
export function foldUpdateEvents(entries: readonly BranchEntryLike[], from: UpdateState = initialUpdateState()): UpdateState {
  // One mutable accumulator instead of a copy per step: replay of long branches stays linear.
  const s = copyState(from);
  for (const entry of entries) stepMutable(s, entry);
  return s;
}

/** The id of the next freeform update: update-N, N = 1 + the highest update-N on the branch. */
export function nextFreeformId(state: UpdateState): string {
  return `update-${state.maxUpdateN + 1}`;
}

export function nextResetId(state: UpdateState): string {
  return `reset-${state.maxResetN + 1}`;
}

/** An active update by update id, or else by block id (so `off tdd` works for a renamed activation). */
export function findActive(state: UpdateState, id: string): ActiveUpdate | undefined {
  return state.active.find((u) => u.updateId === id) ?? state.active.find((u) => u.blockId === id);
}
