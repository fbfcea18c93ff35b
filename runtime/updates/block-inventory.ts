// The compact inventory of the active preset's blocks that the system prompt carries while they are dormant.
import { renderPromptInventory } from "../../core/prompt-inventory.js";
import type { RuleRef } from "../../core/rule-catalog.js";
import { usableBlocks, type ActivePresetRef } from "./preset-blocks.js";

/**
 * The preset's usable blocks (core/prompt-inventory.ts renders them), then the offered path rules. Empty when the
 * preset has no usable blocks (none declared, or an untrusted project bundle) and no rule is offered.
 */
export function renderInventory(ref: ActivePresetRef | null, rules: readonly RuleRef[] = []): string {
  return renderPromptInventory(ref?.key ?? null, usableBlocks(ref), rules);
}
