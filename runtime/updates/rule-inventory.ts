// The inventory lines of dormant path rules: an unused rule costs one line (id, description, globs), never its text.
// The renderer lives in core/prompt-inventory.ts, which the compiler's token counts share.
export { describeTrigger, renderRuleInventory } from "../../core/prompt-inventory.js";
