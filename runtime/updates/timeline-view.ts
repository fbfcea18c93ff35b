// Timeline messages as the model sees them (read in core/delivery-view.ts, re-exported here) and the one message that
// carries a set of changes to the model, tagged, with `details` saying what it told.
import type { ActiveUpdate } from "../../core/update-reducer.js";
import { UPDATE_MESSAGE_TYPE } from "../../core/delivery-view.js";
import { renderApplyTag, renderRetractionTag } from "./update-text.js";
import type { DeliveredChange, DeliveryDetails } from "../../generated/types.js";

export { readTimeline, UPDATE_MESSAGE_TYPE, type FoldedUpdate, type TimelineView } from "../../core/delivery-view.js";

/** `details` of a delivery message (schema/delivery-details.schema.json): what it told the model, so later runs can tell what is pending. */
export type { DeliveredChange, DeliveryDetails };

export interface DeliveryMessage {
  customType: string;
  content: string;
  display: boolean;
  details: DeliveryDetails;
}

/** One custom message carrying a set of changes, or null when there is nothing to say. */
export function renderDeliveryMessage(changes: readonly DeliveredChange[], active: readonly ActiveUpdate[]): DeliveryMessage | null {
  if (changes.length === 0) return null;
  const byId = new Map(active.map((u) => [u.updateId, u]));
  const parts: string[] = [];
  const kept: DeliveredChange[] = [];
  for (const c of changes) {
    if (c.op === "revoke") {
      parts.push(renderRetractionTag(c.updateId));
      kept.push(c);
      continue;
    }
    const u = byId.get(c.updateId);
    if (!u) continue; // an apply needs the active content; nothing to deliver otherwise
    parts.push(renderApplyTag(u));
    kept.push({ updateId: u.updateId, op: "apply", digest: u.digest });
  }
  if (kept.length === 0) return null;
  return { customType: UPDATE_MESSAGE_TYPE, content: parts.join("\n\n"), display: true, details: { v: 1, changes: kept } };
}
