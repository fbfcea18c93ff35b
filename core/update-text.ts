// The bytes the model sees for system updates: timeline tags, retractions, the 1.x inventory section's name, the
// compaction fold. Pure: the runtime sends them, and forge test composes the same bytes without Pi.
import type { ActiveUpdate } from "./update-reducer.js";
import { joinPromptBlocks } from "./prompt-inventory.js";

/** The agent tool that switches callable preset blocks (registered while the active preset declares one). */
export const UPDATE_TOOL_NAME = "forge_system_update";

/** 1.x section holding the compact inventory of the active preset's blocks. Cannot collide with an update section. */
export const INVENTORY_SECTION = "forge-updates";

/** A tagged user-role timeline message body for an apply (0.73.1 and forced-prompt runs). */
export function renderApplyTag(update: Pick<ActiveUpdate, "updateId" | "contentSnapshot">): string {
  return `<system_update id="${update.updateId}">\n${update.contentSnapshot}\n</system_update>`;
}

/** The explicit retraction for a revoke (or each update a reset ends). */
export function renderRetractionTag(updateId: string): string {
  return `<system_update id="${updateId}" status="revoked">\nThe previous update "${updateId}" no longer applies.\n</system_update>`;
}

/**
 * Updates the prompt string restates itself: on 0.73.1 what a compaction's summary swallowed (the timeline messages
 * before the cut are only paraphrased), and on a 1.x run with a forced prompt the update sections it hides.
 */
export function renderPromptFold(updates: ReadonlyArray<Pick<ActiveUpdate, "updateId" | "contentSnapshot">>): string {
  if (updates.length === 0) return "";
  const body = updates.map((u) => renderApplyTag(u)).join("\n\n");
  return (
    "# Active system updates\n\n" +
    'These system updates apply to the conversation below, unless a later <system_update status="revoked"> message retracts one.\n\n' +
    body
  );
}

/** Appends a block to a prompt with the blank-line separator Pi itself uses between prompt parts. */
export const appendPromptBlock = joinPromptBlocks;
