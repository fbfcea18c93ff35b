// toolDelivery: gate: the declared tools stay the same across mode switches, so the model is told the selected modes'
// tools as a system update (source "tools", id tools-<digest>), delivered like any update: appended, never a rewrite.
import { sha256Hex } from "../../core/digest.js";
import { createApplyEvent, createRevokeEvent, UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { stepUpdateState } from "../../core/update-reducer.js";
import type { ForgeUpdateEvent } from "../../generated/types.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { readOf } from "./branch-read.js";
import type { UpdatesRuntime } from "./update-change.js";
import { deliverChange, pickDelivery } from "./update-delivery.js";

/** The update id of a tools note: one per distinct text, as the reducer never lets an id change its content. */
export const toolNoticeId = (text: string): string => `tools-${sha256Hex(text).slice(0, 12)}`;

/**
 * Makes the active tools note say `text` (null: none). The old note is revoked and the new one applied in one change,
 * delivered once. Returns whether anything changed.
 */
export function syncToolNotice(rt: UpdatesRuntime, ctx: CtxPort, text: string | null): boolean {
  const read = readOf(rt.readSession(ctx));
  const current = read.state.active.filter((u) => u.source === "tools");
  const id = text === null ? null : toolNoticeId(text);
  if (current.length === (id === null ? 0 : 1) && current.every((u) => u.updateId === id)) return false;
  const now = rt.now();
  const events: ForgeUpdateEvent[] = current.filter((u) => u.updateId !== id).map((u) => createRevokeEvent({ updateId: u.updateId, source: "tools", now }));
  if (text !== null && id !== null && !current.some((u) => u.updateId === id))
    events.push(createApplyEvent({ updateId: id, source: "tools", content: text, now }));
  let next = read.state;
  for (const event of events) {
    rt.pi.appendEntry(UPDATE_ENTRY_TYPE, event);
    next = stepUpdateState(next, { type: "custom", customType: UPDATE_ENTRY_TYPE, data: event });
  }
  deliverChange(rt.pi, { read, after: next.active, ...pickDelivery(rt, ctx, "host"), toolCallId: null }, rt.run);
  rt.afterChange(rt.getActivePreset(ctx), next);
  return true;
}
