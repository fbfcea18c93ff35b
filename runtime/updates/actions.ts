// The one write path of the feature: append an event, then hand the change to the delivery strategy.
import type { ForgeUpdateEvent } from "../../generated/types.js";
import { wrapSection } from "../host-adapter/index.js";
import { branchMessages, lastRequestPrompt, reportCacheImpact, serializeRequest, type PromptChangeReport } from "./cache-impact.js";
import type { SystemUpdatesDeps } from "./deps.js";
import { sectionsDelivery, timelineDelivery, type RunState, type UpdateDelivery } from "../host-adapter/update-delivery.js";
import { UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { hostPromptOptions } from "../host-adapter/transcript.js";
import type { CtxPort, PiPort } from "../host-adapter/ports.js";
import { foldUpdateEvents, stepUpdateState, type ActiveUpdate, type UpdateState } from "../../core/update-reducer.js";
import { renderApplyTag, renderRetractionTag, updateSectionName } from "./render.js";

/** Everything commands and the tool share; built once by registerSystemUpdates. */
export interface UpdatesRuntime {
  pi: PiPort;
  deps: SystemUpdatesDeps;
  run: RunState;
  now(): Date;
  /** Called after every recorded change (tool availability, completion caches). */
  afterChange(ctx: CtxPort): void;
}

export function readState(ctx: CtxPort): UpdateState {
  return foldUpdateEvents(ctx.sessionManager.getBranch());
}

/**
 * Which strategy delivers a change now. The tool runs inside a run and follows the run's strategy
 * (a forced prompt makes a 1.x run use the timeline). A command asks the adapter with the host's
 * base prompt options when the host exposes them (1.x command contexts), so a change made before
 * the first run of a process is not delivered twice; otherwise the last run's strategy, else the
 * adapter's host capability.
 */
export function currentDelivery(rt: UpdatesRuntime, ctx: CtxPort | null, prefer: "run" | "host"): UpdateDelivery {
  const pick = (sections: boolean) => (sections ? sectionsDelivery : timelineDelivery);
  const fromRun = rt.run.kind === null ? null : pick(rt.run.kind === "sections");
  if (prefer === "run" && fromRun) return fromRun;
  const options = hostPromptOptions(ctx);
  if (options) return pick(rt.deps.adapter.supportsSections(options));
  return fromRun ?? pick(rt.deps.adapter.supportsSections(null));
}

export interface Recorded {
  before: readonly ActiveUpdate[];
  after: readonly ActiveUpdate[];
}

/** The active set once `event` is applied to `state`, derived purely (not re-read, so independent of host timing). */
export function activeAfter(state: UpdateState, event: ForgeUpdateEvent): readonly ActiveUpdate[] {
  return stepUpdateState(state, { type: "custom", customType: UPDATE_ENTRY_TYPE, data: event }).active;
}

/** Appends the event (never rewrites history) and delivers the resulting change. */
export function recordEvent(rt: UpdatesRuntime, ctx: CtxPort, state: UpdateState, event: ForgeUpdateEvent, toolCallId: string | null): Recorded {
  const delivery = currentDelivery(rt, ctx, toolCallId === null ? "host" : "run");
  rt.pi.appendEntry(UPDATE_ENTRY_TYPE, event);
  const after = activeAfter(state, event);
  delivery.deliverChange(rt.pi, { before: state.active, after, toolCallId, now: rt.now().getTime() }, rt.run);
  rt.afterChange(ctx);
  return { before: state.active, after };
}

function removeSection(prompt: string, name: string, text: string): string {
  const block = `\n\n${wrapSection(name, text)}`;
  const at = prompt.indexOf(block);
  return at < 0 ? prompt : prompt.slice(0, at) + prompt.slice(at + block.length);
}

/**
 * Estimated effect on the provider's cache of going from `before` to `after`. Timeline delivery and
 * native mid-conversation system messages append; otherwise (1.x on a model without them) Pi folds
 * the changed sections into the leading prompt.
 */
export function estimateUpdateImpact(rt: UpdatesRuntime, ctx: CtxPort, before: readonly ActiveUpdate[], after: readonly ActiveUpdate[]): PromptChangeReport {
  const branch = ctx.sessionManager.getBranch();
  // 1.x records the prompt in the transcript (getSystemPrompt would omit the per-run forge sections).
  const prompt = lastRequestPrompt(branch, ctx) ?? "";
  const messages = branchMessages(branch);
  const previous = serializeRequest(prompt, messages);
  const afterIds = new Set(after.map((u) => `${u.updateId}:${u.digest}`));
  const beforeIds = new Set(before.map((u) => `${u.updateId}:${u.digest}`));
  const added = after.filter((u) => !beforeIds.has(`${u.updateId}:${u.digest}`));
  const removed = before.filter((u) => !afterIds.has(`${u.updateId}:${u.digest}`));
  const folds = currentDelivery(rt, ctx, "host").kind === "sections" && rt.deps.adapter.foldsSectionChanges(ctx);
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
  return reportCacheImpact(branch, previous, next);
}
