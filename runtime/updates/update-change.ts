// One change to the active update set, from the branch read once: its next state (one fold step), its cache estimate,
// then its record (an appended event, never a rewrite) and its delivery.
import { wrapSection } from "../../core/prompt-layout.js";
import { UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { stepUpdateState, type ActiveUpdate, type UpdateState } from "../../core/update-reducer.js";
import type { PathRuleSources } from "../../core/rule-catalog.js";
import type { ForgeUpdateEvent, Segment } from "../../generated/types.js";
import type { HostAdapter } from "../host-adapter/index.js";
import type { CtxPort, PiPort } from "../host-adapter/ports.js";
import type { BranchRead } from "./branch-read.js";
import { branchMessages, reportCacheImpact, serializeRequest, type PromptChangeReport } from "./cache-impact.js";
import type { ActivePresetRef } from "./preset-blocks.js";
import type { RunState, UpdateDelivery } from "./update-delivery.js";
import { renderApplyTag, renderRetractionTag, updateSectionName } from "./update-text.js";

/** What the feature needs from the runtime core (the contract of registerSystemUpdates). */
export interface SystemUpdatesDeps {
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

/** Appends the event and delivers the change through `delivery` (chosen once by the caller). */
export function recordChange({ pi, run, now, afterChange }: UpdatesRuntime, change: UpdateChange, delivery: UpdateDelivery, toolCallId: string | null, ref: ActivePresetRef | null): void {
  pi.appendEntry(UPDATE_ENTRY_TYPE, change.event);
  delivery.deliverChange(pi, { before: change.before, after: change.next.active, toolCallId, now: now().getTime() }, run);
  afterChange(ref, change.next);
}

function removeSection(prompt: string, name: string, text: string): string {
  const block = `\n\n${wrapSection(name, text)}`;
  const at = prompt.indexOf(block);
  return at < 0 ? prompt : prompt.slice(0, at) + prompt.slice(at + block.length);
}

/**
 * Estimated effect of `change` on the provider's cache. Timeline delivery and native mid-conversation
 * system messages append; otherwise (1.x on a model without them) Pi folds the changed sections into
 * the leading prompt.
 */
export function estimateUpdateImpact(rt: UpdatesRuntime, ctx: CtxPort, read: BranchRead, change: UpdateChange, delivery: UpdateDelivery): PromptChangeReport {
  const { before } = change;
  const after = change.next.active;
  // 1.x records the prompt in the transcript (getSystemPrompt would omit the per-run forge sections).
  const prompt = rt.adapter.lastRequestPrompt(ctx, read.branch) ?? "";
  const messages = branchMessages(read.branch);
  const previous = serializeRequest(prompt, messages);
  const afterIds = new Set(after.map((u) => `${u.updateId}:${u.digest}`));
  const beforeIds = new Set(before.map((u) => `${u.updateId}:${u.digest}`));
  const added = after.filter((u) => !beforeIds.has(`${u.updateId}:${u.digest}`));
  const removed = before.filter((u) => !afterIds.has(`${u.updateId}:${u.digest}`));
  const folds = delivery.kind === "sections" && rt.adapter.foldsSectionChanges(ctx);
  let next: string;
  if (folds) {
    let p = prompt;
    for (const u of removed) p = removeSection(p, updateSectionName(u.updateId), u.contentSnapshot);
    for (const u of added) p += `\n\n${wrapSection(updateSectionName(u.updateId), u.contentSnapshot)}`;
    next = serializeRequest(p, messages);
  } else {
    const text = [...removed.map((u) => renderRetractionTag(u.updateId)), ...added.map((u) => renderApplyTag(u))].join("\n\n");
    next = serializeRequest(prompt, [...messages, { role: "user", content: text }]);
  }
  return reportCacheImpact(read.branch, previous, next);
}
