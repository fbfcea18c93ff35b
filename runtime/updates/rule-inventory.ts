// The inventory lines of dormant path rules: an unused rule costs one line (id, description, globs), never its text.
import type { RuleRef } from "../../core/rule-catalog.js";
import type { PathTrigger } from "../../generated/types.js";

const MAX_GLOBS_SHOWN = 8;
const DESCRIPTION_MAX = 160;

function oneLine(text: string): string {
  const line = (text.split(/\r?\n/).find((l) => l.trim() !== "") ?? "").trim();
  return line.length > DESCRIPTION_MAX ? `${line.slice(0, DESCRIPTION_MAX - 1)}…` : line;
}

/** "src/db/**, migrations/*.sql" (at most a few, then "+N more"), with the tools when limited: "; tools: read, edit". */
export function describeTrigger(when: PathTrigger): string {
  const globs = when.paths.map((p) => p.source);
  const shown = globs.length > MAX_GLOBS_SHOWN ? [...globs.slice(0, MAX_GLOBS_SHOWN), `+${globs.length - MAX_GLOBS_SHOWN} more`] : globs;
  return `${shown.join(", ")}${when.tools ? `; tools: ${when.tools.join(", ")}` : ""}`;
}

/**
 * No "active" flag, like the block inventory: the prompt stays byte-stable while rules switch on, so the cached
 * prefix survives; a rule's text arrives as a system update when it applies. Empty without rules.
 */
export function renderRuleInventory(rules: readonly RuleRef[]): string {
  if (rules.length === 0) return "";
  const lines = rules.map((r) => `- ${r.key}: ${oneLine(r.rule.description) || oneLine(r.rule.name)} (paths: ${describeTrigger(r.rule.when)})`);
  return (
    "# Path rules\n\n" +
    "These instruction blocks switch on by themselves, once, the first time a tool call names a path matching their globs (relative to the project root); their full text then arrives as a system update.\n\n" +
    lines.join("\n")
  );
}
