// The bytes the model sees for system updates: timeline tags, retractions, 1.x section names, the compaction fold.
import { wrapSection } from "../../core/prompt-layout.js";
import type { ActiveUpdate } from "../../core/update-reducer.js";
import { updateSectionName } from "../../core/delivery-view.js";

export { updateSectionName };

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
export function appendPromptBlock(prompt: string, block: string): string {
  if (block === "") return prompt;
  return prompt === "" ? block : `${prompt}\n\n${block}`;
}

/**
 * Whether `tail` (what follows the core's part of a prompt) is only what system updates add: the
 * inventory (plain, or as its section), update sections, a compaction fold, or nothing.
 */
export function isUpdatesTail(tail: string, inventory: string): boolean {
  if (tail === "") return true;
  if (inventory !== "") return tail.startsWith(`\n\n${inventory}`) || tail.startsWith(`\n\n${wrapSection(INVENTORY_SECTION, inventory)}`);
  return tail.startsWith(`\n\n<${updateSectionName("")}`) || tail.startsWith("\n\n# Active system updates\n");
}
