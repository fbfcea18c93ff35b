// What a fork keeps of forge's records: its own custom entries (mode state, system updates, policy, drift answers) on
// the path the forked branch starts from. Pure; the runtime carries them where a host opened the fork without them.
import type { BranchEntryLike } from "./mode-state-reducer.js";

/** A forge record as the extension appended it (type "custom"): what appending it again needs. */
export interface ForgeRecord {
  customType: string;
  data: unknown;
}

/** forge's own custom entries (never messages: what the model was told is the new branch's to tell again). */
export function isForgeRecord(entry: BranchEntryLike): boolean {
  return entry.type === "custom" && typeof entry.customType === "string" && entry.customType.startsWith("forge-");
}

/**
 * The forge records on the path a fork of `entryId` starts from: the branch before it (position "before", a fork at a
 * user message) or up to it ("at"). null when the entry is not on `branch` (the fork's path is not this branch's).
 */
export function forkRecords(branch: readonly BranchEntryLike[], entryId: string, position: "before" | "at" = "before"): ForgeRecord[] | null {
  const at = branch.findIndex((e) => e.id === entryId);
  if (at < 0) return null;
  return branch
    .slice(0, position === "at" ? at + 1 : at)
    .filter(isForgeRecord)
    .map((e) => ({ customType: e.customType!, data: e.data }));
}
