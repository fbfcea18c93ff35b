// One change to the active update set, from the branch read once: its next state (one fold step), its cache estimate,
// then its record (an appended event, never a rewrite) and its delivery.
import { wrapSection } from "../../core/prompt-layout.js";
import { UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { stepUpdateState, type ActiveUpdate, type UpdateState } from "../../core/update-reducer.js";
import { withRewritePrice } from "./rewrite-price.js";
import type { PathRuleSources } from "../../core/rule-catalog.js";
import type { ForgeUpdateEvent, Segment } from "../../generated/types.js";
import type { SessionState } from "../../core/session-state.js";
import type { HostAdapter, RequestRecord, RunObservation } from "../host-adapter/index.js";
import type { SessionStore } from "../session-store.js";
import type { CtxPort, PiPort } from "../host-adapter/ports.js";
import type { BranchRead } from "./branch-read.js";
import type { PromptChangeReport } from "./cache-impact.js";
import { requestChangeImpact } from "./request-impact.js";
import type { ActivePresetRef } from "./preset-blocks.js";
import { planDelivery, readModelView, sectionChanges } from "./model-view.js";
import { renderDeliveryMessage } from "./timeline-view.js";
import { deliverChange, type DeliveryChoice, type RunState } from "./update-delivery.js";
import { updateSectionName } from "./update-text.js";

/** What the feature needs from the runtime core (the contract of registerSystemUpdates). */
export interface SystemUpdatesDeps {
  /** The session's records: the session model of a ctx's branch, and what the last run showed (default: its own store). */
  records?: SessionStore;
  /** The host adapter: whether changes travel as sections, whether those fold, and the last request's prompt. */
  adapter: HostAdapter;
  /** The active preset, or null when none is selected or the core fell back to the native prompt. */
  getActivePreset(ctx: CtxPort): ActivePresetRef | null;
  /** The offered path rules (trusted bundles only) and the root their globs are relative to; absent: no rules. */
  getPathRules?(ctx: CtxPort): PathRuleSources;
  /** Renders a block's precompiled template with the core's slot values (cwd, date, model...). */
  renderTemplate(segments: readonly Segment[], ctx: CtxPort): string;
  /** Clock for createdAt; defaults to the system clock (tests pin it). */
  now?: () => Date;
}

/** What commands and the tool share; built once by registerSystemUpdates. */
export interface UpdatesRuntime extends SystemUpdatesDeps {
  pi: PiPort;
  /** The session model of ctx's branch (the one fold every handler and command reads). */
  readSession(ctx: CtxPort): SessionState;
  /** What the last run showed (null before the first): the adapter answers outside a run from it. */
  lastRun(): RunObservation | null;
  /** The last request body Pi sent in this session (null before one): what cache estimates compare with. */
  lastRequest(): RequestRecord | null;
  run: RunState;
  now(): Date;
  /** After every recorded change: tool availability and completions follow the preset and the new state. */
  afterChange(ref: ActivePresetRef | null, state: UpdateState): void;
}

export interface UpdateChange {
  event: ForgeUpdateEvent;
  before: readonly ActiveUpdate[];
  /** The state once `event` is applied: one step of the fold, not a re-read (so independent of host timing). */
  next: UpdateState;
}

export function planChange(state: UpdateState, event: ForgeUpdateEvent): UpdateChange {
  return { event, before: state.active, next: stepUpdateState(state, { type: "custom", customType: UPDATE_ENTRY_TYPE, data: event }) };
}

/** How a change travels: the delivery picked for it (pickDelivery) and whether the host keeps prompt sections. */
export interface PickedDelivery {
  choice: DeliveryChoice;
  sectionsHost: boolean;
}

/** Appends the event and delivers the change through the delivery `picked` once by the caller. */
export function recordChange(
  { pi, run, afterChange }: UpdatesRuntime,
  read: BranchRead,
  change: UpdateChange,
  picked: PickedDelivery,
  toolCallId: string | null,
  ref: ActivePresetRef | null,
): void {
  pi.appendEntry(UPDATE_ENTRY_TYPE, change.event);
  deliverChange(pi, { read, after: change.next.active, ...picked, toolCallId }, run);
  afterChange(ref, change.next);
}

/**
 * Estimated effect of `change` on the provider's cache: what the plan appends (timeline messages, or Pi's section patch
 * on a model with mid-conversation system messages) after the request body Pi last sent. Neither delivery rewrites the
 * prompt or the tools for an update change.
 */
export function estimateUpdateImpact(rt: UpdatesRuntime, ctx: CtxPort, read: BranchRead, change: UpdateChange, picked: PickedDelivery): PromptChangeReport {
  const view = readModelView(read, picked.sectionsHost);
  const plan = planDelivery(view, change.next.active, picked.choice.kind);
  const patch: string[] = [];
  for (const [id, value] of sectionChanges(view, plan)) {
    const name = updateSectionName(id);
    patch.push(value === null ? `Removed system prompt section "${name}".` : `Updated system prompt section "${name}":\n\n${wrapSection(name, value)}`);
  }
  const appended: unknown[] = [];
  if (patch.length > 0) appended.push({ role: "system", content: patch.join("\n\n") });
  const message = renderDeliveryMessage(plan.changes, change.next.active);
  if (message) appended.push({ role: "user", content: message.content });
  return withRewritePrice(requestChangeImpact(read.branch, rt.lastRequest(), { appended }), read.usage(), ctx.model);
}
