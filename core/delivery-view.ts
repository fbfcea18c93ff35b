// What the model holds of the system updates, read from a branch as both hosts build a request from it: the compaction
// cut, the timeline messages a request still carries (and, without sections, what a compaction swallowed), and 1.x's
// update sections. Pure; the session model (session-state.ts) and the delivery plan (runtime/updates) read it.
import { sha256Hex } from "./digest.js";
import type { BranchEntryLike } from "./mode-state-reducer.js";
import { foldTranscriptSections, type SectionPatchMessage } from "./transcript-sections.js";
import { UPDATE_ENTRY_TYPE } from "./update-events.js";
import { validateDeliveryDetails } from "../generated/runtime-validators.js";
import type { DeliveredChange, DeliveryDetails } from "../generated/types.js";

/** A session entry as forge reads it: the reducers' fields, plus the message fields delivery and cache estimates inspect. */
export interface SessionEntry extends BranchEntryLike {
  /** `message` entries: the agent message (role, content, usage; 1.x also `system` messages with `sections`). */
  message?: unknown;
  /** `custom_message` entries: the text sent to the model. */
  content?: unknown;
  /** `custom_message` entries: the extension's own record. */
  details?: unknown;
  /** `compaction` and `branch_summary` entries. */
  summary?: unknown;
  /** `compaction` entries: where the entries Pi keeps verbatim start (before it, only the summary remains). */
  firstKeptEntryId?: unknown;
  /** 1.x `compaction` entries: the system message replayed up to the compaction (its sections survive it). */
  systemMessage?: unknown;
}

/** customType of the custom messages that carry timeline deliveries (sent to the model as user-role text). */
export const UPDATE_MESSAGE_TYPE = "forge-system-update-message";

/** 1.x section holding one active update. Pi wraps it as <forge-update-ID>...</forge-update-ID>. */
export function updateSectionName(updateId: string): string {
  return `forge-update-${updateId}`;
}

/** An update restated in the prompt after a compaction (hosts without sections). */
export interface FoldedUpdate {
  updateId: string;
  digest: string;
  contentSnapshot: string;
}

/** The compaction a request starts from: its index (`cut`, -1 without one) and where the entries it carries verbatim start. */
export interface CompactionCut {
  cut: number;
  from: number;
}

export interface TimelineView extends CompactionCut {
  /** Per update id, the last change a timeline message the model still sees told it, in first-told order. */
  last: ReadonlyMap<string, DeliveredChange>;
  /** With `fold`: what the model held from messages the latest compaction summarized (empty otherwise). */
  folded: readonly FoldedUpdate[];
}

/** What the model holds of the update set: 1.x's update sections (id -> content) and the timeline. */
export interface DeliveryView {
  sections: ReadonlyMap<string, string>;
  timeline: TimelineView;
}

/** Where a request's entries start after the compaction at `cut`: its `firstKeptEntryId` (Pi searches the path before it), else after it. */
export function keptFrom(branch: readonly SessionEntry[], cut: number): number {
  const id = branch[cut]?.firstKeptEntryId;
  for (let i = 0; i < cut; i++) if (branch[i]?.id !== undefined && branch[i]?.id === id) return i;
  return cut + 1;
}

/** The latest compaction of `branch[0, end)` and where the entries a request carries verbatim start. */
export function latestCompaction(branch: readonly SessionEntry[], end = branch.length): CompactionCut {
  for (let i = end - 1; i >= 0; i--) if (branch[i]?.type === "compaction") return { cut: i, from: keptFrom(branch, i) };
  return { cut: -1, from: 0 };
}

/** The changes a delivery message records; null when its details are not schema/delivery-details.schema.json v1. */
function parseDetails(details: unknown): readonly DeliveredChange[] | null {
  return validateDeliveryDetails(details) ? (details as DeliveryDetails).changes : null;
}

function isDeliveryMessage(entry: SessionEntry | undefined): entry is SessionEntry {
  return entry?.type === "custom_message" && entry.customType === UPDATE_MESSAGE_TYPE;
}

/** What the model holds from timeline messages on `branch[0, end)` (update id -> digest): the fold, then the messages in view. */
function heldDigests(branch: readonly SessionEntry[], end: number): Map<string, string> {
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
function contentsOf(branch: readonly SessionEntry[], digests: ReadonlySet<string>): Map<string, string> {
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
export function readTimeline(branch: readonly SessionEntry[], fold: boolean): TimelineView {
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

function systemMessageOf(value: unknown): SectionPatchMessage | null {
  const m = value as SectionPatchMessage | null | undefined;
  return m?.role === "system" ? m : null;
}

/** Pi's wrapping of a section, undone (a value in another shape is kept as it is). */
function unwrap(name: string, value: string): string {
  const open = `<${name}>\n`;
  const close = `\n</${name}>`;
  return value.startsWith(open) && value.endsWith(close) ? value.slice(open.length, value.length - close.length) : value;
}

/**
 * 1.x: the sections a request carries, as Pi builds the context: the latest compaction's stored system message, then
 * the system messages after it (without a compaction, every system message on the branch). Only ids an update event
 * used count, so a mode section that happens to be named `forge-update-<x>` is not read as an update.
 */
function heldSections(branch: readonly SessionEntry[], cut: number, isUpdateId: (id: string) => boolean): Map<string, string> {
  const messages: SectionPatchMessage[] = [];
  const stored = cut >= 0 ? systemMessageOf(branch[cut]?.systemMessage) : null;
  if (stored) messages.push(stored);
  for (let i = cut + 1; i < branch.length; i++) {
    const m = branch[i]?.type === "message" ? systemMessageOf(branch[i]?.message) : null;
    if (m) messages.push(m);
  }
  const prefix = updateSectionName("");
  const held = new Map<string, string>();
  for (const [name, value] of foldTranscriptSections(messages)) {
    const id = name.startsWith(prefix) ? name.slice(prefix.length) : "";
    if (id !== "" && isUpdateId(id)) held.set(id, unwrap(name, value));
  }
  return held;
}

/** The branch as the model sees it. `sectionsHost`: the host keeps prompt sections (1.x); `isUpdateId`: ids update events used. */
export function readDeliveryView(branch: readonly SessionEntry[], isUpdateId: (id: string) => boolean, sectionsHost: boolean): DeliveryView {
  const timeline = readTimeline(branch, !sectionsHost);
  const sections = sectionsHost ? heldSections(branch, timeline.cut, isUpdateId) : new Map<string, string>();
  return { sections, timeline };
}

/**
 * The update ids the timeline messages after the branch's last request told (no assistant message follows them yet):
 * appended to the session, but not sent to the model until the next request.
 */
export function unsentDeliveries(branch: readonly SessionEntry[]): Set<string> {
  const ids = new Set<string>();
  for (let i = branch.length - 1; i >= 0; i--) {
    const entry = branch[i]!;
    const message = (entry as { message?: { role?: unknown } }).message;
    if (entry.type === "message" && message?.role === "assistant") break;
    if (isDeliveryMessage(entry)) for (const change of parseDetails(entry.details) ?? []) ids.add(change.updateId);
  }
  return ids;
}
