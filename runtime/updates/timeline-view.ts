// Pure view of a branch for timeline delivery: what is active, what the model was told, what a compaction folded.
import type { ActiveUpdate, UpdateState } from "../../core/update-reducer.js";
import type { BranchRead } from "./branch-read.js";
import { renderApplyTag, renderRetractionTag } from "./update-text.js";
import { validateDeliveryDetails } from "../../generated/runtime-validators.js";
import type { DeliveredChange, DeliveryDetails } from "../../generated/types.js";

/** customType of the custom messages that carry timeline deliveries (sent to the model as user-role text). */
export const UPDATE_MESSAGE_TYPE = "forge-system-update-message";

/** `details` of a delivery message (schema/delivery-details.schema.json): what it told the model, so later runs can tell what is pending. */
export type { DeliveredChange, DeliveryDetails };

export interface TimelineView {
  /** The reducer over the whole branch. */
  state: UpdateState;
  /** The active set at the latest compaction: folded into the system prompt. Empty without a compaction. */
  folded: readonly ActiveUpdate[];
  /** What the model currently holds: update id -> digest (the fold plus deliveries after it). */
  delivered: ReadonlyMap<string, string>;
}

/** The changes a delivery message records; null when its details are not schema/delivery-details.schema.json v1. */
function parseDetails(details: unknown): readonly DeliveredChange[] | null {
  return validateDeliveryDetails(details) ? (details as DeliveryDetails).changes : null;
}

/** What the model holds on the branch `read` (read once by the caller). */
export function buildTimelineView(read: BranchRead): TimelineView {
  const { branch, cut } = read;
  const folded = read.atCompaction?.active ?? [];
  const delivered = new Map<string, string>(folded.map((u) => [u.updateId, u.digest]));
  for (let i = cut + 1; i < branch.length; i++) {
    const entry = branch[i];
    if (entry?.type !== "custom_message" || entry.customType !== UPDATE_MESSAGE_TYPE) continue;
    for (const change of parseDetails(entry.details) ?? []) {
      if (change.op === "apply") delivered.set(change.updateId, change.digest!);
      else delivered.delete(change.updateId);
    }
  }
  return { state: read.state, folded, delivered };
}

/** Changes that turn `delivered` into `active`: retractions first, then applies in activation order. */
export function pendingChanges(delivered: ReadonlyMap<string, string>, active: readonly ActiveUpdate[]): DeliveredChange[] {
  const activeById = new Map(active.map((u) => [u.updateId, u]));
  const changes: DeliveredChange[] = [];
  for (const [id, digest] of delivered) {
    if (activeById.get(id)?.digest !== digest) changes.push({ updateId: id, op: "revoke" });
  }
  for (const u of active) {
    if (delivered.get(u.updateId) !== u.digest) changes.push({ updateId: u.updateId, op: "apply", digest: u.digest });
  }
  return changes;
}

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
