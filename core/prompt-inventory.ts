// The compact inventory the system prompt carries for dormant instruction blocks: a preset's blocks, then the path
// rules. One renderer for the runtime (which sends it) and the compiler (which counts its tokens).
import type { PathTrigger, SystemUpdate } from "../generated/types.js";

const MAX_GLOBS_SHOWN = 8;
const DESCRIPTION_MAX = 160;

/** What the inventory shows of a rule: its id, description (or name) and trigger. */
export interface InventoryRule {
  key: string;
  rule: { name: string; description: string; when: PathTrigger };
}

/** What the inventory shows of a block. */
export type InventoryBlock = Pick<SystemUpdate, "id" | "name" | "description" | "modelCallable" | "when">;

function oneLine(text: string): string {
  const line = (text.split(/\r?\n/).find((l) => l.trim() !== "") ?? "").trim();
  return line.length > DESCRIPTION_MAX ? `${line.slice(0, DESCRIPTION_MAX - 1)}…` : line;
}

/** Joins two prompt blocks with the blank line Pi itself uses between prompt parts. */
export function joinPromptBlocks(prompt: string, block: string): string {
  if (block === "") return prompt;
  return prompt === "" ? block : `${prompt}\n\n${block}`;
}

/** "src/db/**, migrations/*.sql" (at most a few, then "+N more"), with the tools when limited: "; tools: read, edit". */
export function describeTrigger(when: PathTrigger): string {
  const globs = when.paths.map((p) => p.source);
  const shown = globs.length > MAX_GLOBS_SHOWN ? [...globs.slice(0, MAX_GLOBS_SHOWN), `+${globs.length - MAX_GLOBS_SHOWN} more`] : globs;
  return `${shown.join(", ")}${when.tools ? `; tools: ${when.tools.join(", ")}` : ""}`;
}

/**
 * Id, name, one-line description and whether the agent may call it. Deliberately no "active" flag: the inventory must
 * stay byte-stable while updates come and go, so the cached prefix survives. Empty without blocks.
 */
export function renderBlockInventory(presetKey: string, blocks: readonly InventoryBlock[]): string {
  if (blocks.length === 0) return "";
  const callable = blocks.some((b) => b.modelCallable);
  const lines = blocks.map(
    (b) =>
      `- ${b.id}: ${oneLine(b.name).replace(/\.$/, "")}. ${oneLine(b.description)} (callable: ${b.modelCallable ? "yes" : "no"}${b.when ? `; switches on for paths: ${describeTrigger(b.when)}` : ""})`,
  );
  return (
    "# System update blocks\n\n" +
    `The preset "${presetKey}" declares these dormant instruction blocks. Their full text is loaded only when a block is activated.` +
    (callable
      ? ' Blocks marked "callable: yes" can be switched with the forge_system_update tool ({"action":"activate"|"deactivate","id":"<id>"}); the others only by the user.'
      : " Only the user can activate them.") +
    "\n\n" +
    lines.join("\n")
  );
}

/**
 * No "active" flag, like the block inventory: the prompt stays byte-stable while rules switch on, so the cached
 * prefix survives; a rule's text arrives as a system update when it applies. Empty without rules.
 */
export function renderRuleInventory(rules: readonly InventoryRule[]): string {
  if (rules.length === 0) return "";
  const lines = rules.map((r) => `- ${r.key}: ${oneLine(r.rule.description) || oneLine(r.rule.name)} (paths: ${describeTrigger(r.rule.when)})`);
  return (
    "# Path rules\n\n" +
    "These instruction blocks switch on by themselves, once, the first time a tool call names a path matching their globs (relative to the project root); their full text then arrives as a system update.\n\n" +
    lines.join("\n")
  );
}

/**
 * The whole inventory the prompt carries: the preset's usable blocks (none without a preset), then the offered path
 * rules. Empty when there are neither.
 */
export function renderPromptInventory(presetKey: string | null, blocks: readonly InventoryBlock[], rules: readonly InventoryRule[]): string {
  return joinPromptBlocks(presetKey === null ? "" : renderBlockInventory(presetKey, blocks), renderRuleInventory(rules));
}
