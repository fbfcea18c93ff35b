// Constructors for the append-only system-update events (schema/update-event.schema.json, v1).
import { sha256Hex } from "./digest.js";
import { KEY_PATTERN, LIMITS } from "../generated/constants.js";
import type { ForgeUpdateEvent } from "../generated/types.js";

/** customType of the `custom` session entries that carry the events (pi.appendEntry). */
export const UPDATE_ENTRY_TYPE = "forge-system-update";
/** Update ids, block ids and preset ids share the schema's id pattern. */

export type UpdateSource = ForgeUpdateEvent["source"];

export function isValidUpdateId(id: string): boolean {
  return id.length <= LIMITS.maxKeyLength && KEY_PATTERN.test(id);
}

export interface ApplyInput {
  updateId: string;
  source: UpdateSource;
  content: string;
  presetId?: string;
  blockId?: string;
  /** source "rule": what switched it on. */
  rule?: { ruleId?: string; path: string; glob: string };
  now: Date;
}

/** An apply event: the content is a snapshot, hashed as it is persisted. */
export function createApplyEvent(input: ApplyInput): ForgeUpdateEvent {
  const event: ForgeUpdateEvent = {
    v: 1,
    updateId: input.updateId,
    op: "apply",
    source: input.source,
    contentSnapshot: input.content,
    digest: sha256Hex(input.content),
    createdAt: input.now.toISOString(),
  };
  // Optional fields are omitted rather than undefined so the stored JSON stays canonical.
  if (input.presetId !== undefined) event.presetId = input.presetId;
  if (input.blockId !== undefined) event.blockId = input.blockId;
  if (input.rule?.ruleId !== undefined) event.ruleId = input.rule.ruleId;
  if (input.rule !== undefined) {
    event.matchedPath = input.rule.path;
    event.matchedGlob = input.rule.glob;
  }
  return event;
}

/** A revoke event: `updateId` names the update revoked; history is never rewritten. */
export function createRevokeEvent(input: { updateId: string; source: UpdateSource; now: Date }): ForgeUpdateEvent {
  return { v: 1, updateId: input.updateId, op: "revoke", source: input.source, createdAt: input.now.toISOString() };
}

/** A reset event: deactivates everything; `updateId` is the reset's own fresh id (reset-N). */
export function createResetEvent(input: { updateId: string; source: UpdateSource; now: Date }): ForgeUpdateEvent {
  return { v: 1, updateId: input.updateId, op: "reset", source: input.source, createdAt: input.now.toISOString() };
}
