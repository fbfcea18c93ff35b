// Timeline messages as the model sees them: which tagged messages a request still carries after compactions, what
// each told (their `details`), and, for hosts without sections, what a compaction's summary swallowed (the fold).
import { sha256Hex } from "../../core/digest.js";
import { UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import type { ActiveUpdate } from "../../core/update-reducer.js";
import type { BranchEntry } from "../host-adapter/ports.js";
import { latestCompaction } from "./branch-read.js";
import { renderApplyTag, renderRetractionTag } from "./update-text.js";
import { validateDeliveryDetails } from "../../generated/runtime-validators.js";
import type { DeliveredChange, DeliveryDetails } from "../../generated/types.js";

/** customType of the custom messages that carry timeline deliveries (sent to the model as user-role text). */
export const UPDATE_MESSAGE_TYPE = "forge-system-update-message";

/** `details` of a delivery message (schema/delivery-details.schema.json): what it told the model, so later runs can tell what is pending. */
export type { DeliveredChange, DeliveryDetails };

/** An update restated in the prompt after a compaction (hosts without sections). */
export interface FoldedUpdate {
  updateId: string;
  digest: string;
  contentSnapshot: string;
}

export interface TimelineView {
  /** Where the entries a request carries start: after the latest compaction's summary, its kept entries (0 without one). */
  from: number;
  /** Index of the latest compaction entry, -1 without one. */
  cut: number;
  /** Per update id, the last change a timeline message the model still sees told it, in first-told order. */
  last: ReadonlyMap<string, DeliveredChange>;
  /** With `fold`: what the model held from messages the latest compaction summarized (empty otherwise). */
  folded: readonly FoldedUpdate[];
}

/** The changes a delivery message records; null when its details are not schema/delivery-details.schema.json v1. */
function parseDetails(details: unknown): readonly DeliveredChange[] | null {
  return validateDeliveryDetails(details) ? (details as DeliveryDetails).changes : null;
}

function isDeliveryMessage(entry: BranchEntry | undefined): entry is BranchEntry {
  return entry?.type === "custom_message" && entry.customType === UPDATE_MESSAGE_TYPE;
}

/** What the model holds from timeline messages on `branch[0, end)` (update id -> digest): the fold, then the messages in view. */
function heldDigests(branch: readonly BranchEntry[], end: number): Map<string, string> {
  const { cut, from } = latestCompaction(branch, end);
  const held = cut >= 0 ? heldDigests(branch, Math.min(from, cut)) : new Map<string, string>();
  for (let i = from; i < end; i++) {
    const entry = branch[i];
    if (!isDeliveryMessage(entry)) continue;
    for (const change of parseDetails(entry.details) ?? []) {
      if (change.op === "apply") held.set(change.updateId, change.digest!);
      else held.delete(change.updateId);
    }
  }
  return held;
}

/** The content apply events on the branch gave each of `digests` (checked against the digest), in one pass. */
function contentsOf(branch: readonly BranchEntry[], digests: ReadonlySet<string>): Map<string, string> {
  const found = new Map<string, string>();
  for (const entry of branch) {
    if (found.size === digests.size) break;
    if (entry.type !== "custom" || entry.customType !== UPDATE_ENTRY_TYPE) continue;
    const data = entry.data as { digest?: unknown; contentSnapshot?: unknown } | null | undefined;
    const digest = data?.digest;
    if (typeof digest !== "string" || !digests.has(digest) || found.has(digest) || typeof data?.contentSnapshot !== "string") continue;
    if (sha256Hex(data.contentSnapshot) === digest) found.set(digest, data.contentSnapshot);
  }
  return found;
}

/**
 * The timeline as both hosts build a request from a branch: after a compaction, its summary, then the entries from its
 * `firstKeptEntryId` (kept verbatim, delivery messages included), then everything after it. With `fold` (hosts without
 * sections), the latest compaction also restates what the model held just before its kept entries (read the same way,
 * one compaction earlier). That fold is a function of the branch up to the compaction, so it stays byte-stable.
 */
export function readTimeline(branch: readonly BranchEntry[], fold: boolean): TimelineView {
  const { cut, from } = latestCompaction(branch);
  // The fold is what the model held just before the kept entries: the same reading, one compaction earlier.
  const held = fold && cut >= 0 ? heldDigests(branch, Math.min(from, cut)) : new Map<string, string>();
  const last = new Map<string, DeliveredChange>();
  for (let i = from; i < branch.length; i++) {
    const entry = branch[i];
    if (!isDeliveryMessage(entry)) continue;
    for (const change of parseDetails(entry.details) ?? []) last.set(change.updateId, change);
  }
  const contents = held.size === 0 ? new Map<string, string>() : contentsOf(branch, new Set(held.values()));
  const folded: FoldedUpdate[] = [];
  for (const [updateId, digest] of held) {
    const contentSnapshot = contents.get(digest);
    if (contentSnapshot !== undefined) folded.push({ updateId, digest, contentSnapshot });
  }
  return { from, cut, last, folded };
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
