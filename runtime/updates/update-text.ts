// The bytes the model sees for system updates (core/update-text.ts renders them, so forge test composes the same), and
// whether the tail of a prompt is only what system updates add.
import { wrapSection } from "../../core/prompt-layout.js";
import { updateSectionName } from "../../core/delivery-view.js";
import { INVENTORY_SECTION } from "../../core/update-text.js";

export { updateSectionName };
export { appendPromptBlock, INVENTORY_SECTION, renderApplyTag, renderPromptFold, renderRetractionTag } from "../../core/update-text.js";

/**
 * Whether `tail` (what follows the core's part of a prompt) is only what system updates add: the
 * inventory (plain, or as its section), update sections, a compaction fold, or nothing.
 */
export function isUpdatesTail(tail: string, inventory: string): boolean {
  if (tail === "") return true;
  if (inventory !== "") return tail.startsWith(`\n\n${inventory}`) || tail.startsWith(`\n\n${wrapSection(INVENTORY_SECTION, inventory)}`);
  return tail.startsWith(`\n\n<${updateSectionName("")}`) || tail.startsWith("\n\n# Active system updates\n");
}
