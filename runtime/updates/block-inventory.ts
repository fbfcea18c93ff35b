// The compact inventory of the active preset's blocks that the system prompt carries while they are dormant.
import type { RuleRef } from "../../core/rule-catalog.js";
import { usableBlocks, type ActivePresetRef } from "./preset-blocks.js";
import { describeTrigger, renderRuleInventory } from "./rule-inventory.js";
import { appendPromptBlock } from "./update-text.js";

const DESCRIPTION_MAX = 160;

function oneLine(text: string): string {
  const line = (text.split(/\r?\n/).find((l) => l.trim() !== "") ?? "").trim();
  return line.length > DESCRIPTION_MAX ? `${line.slice(0, DESCRIPTION_MAX - 1)}…` : line;
}

/**
 * Id, name, one-line description and whether the agent may call it. Deliberately no "active" flag:
 * the inventory must stay byte-stable while updates come and go, so the cached prefix survives.
 * Empty when the preset has no usable blocks (none declared, or an untrusted project bundle).
 */
export function renderInventory(ref: ActivePresetRef | null, rules: readonly RuleRef[] = []): string {
  return appendPromptBlock(renderBlockInventory(ref), renderRuleInventory(rules));
}

function renderBlockInventory(ref: ActivePresetRef | null): string {
  const blocks = usableBlocks(ref);
  if (blocks.length === 0 || ref === null) return "";
  const callable = blocks.some((b) => b.modelCallable);
  const lines = blocks.map((b) => `- ${b.id}: ${oneLine(b.name).replace(/\.$/, "")}. ${oneLine(b.description)} (callable: ${b.modelCallable ? "yes" : "no"}${b.when ? `; switches on for paths: ${describeTrigger(b.when)}` : ""})`);
  return (
    "# System update blocks\n\n" +
    `The preset "${ref.key}" declares these dormant instruction blocks. Their full text is loaded only when a block is activated.` +
    (callable
      ? ' Blocks marked "callable: yes" can be switched with the forge_system_update tool ({"action":"activate"|"deactivate","id":"<id>"}); the others only by the user.'
      : " Only the user can activate them.") +
    "\n\n" +
    lines.join("\n")
  );
}
