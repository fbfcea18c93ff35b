// What an always-on part is called in messages and reports: "overlay review", "the inventory of blocks".
import type { AlwaysOnPart } from "../../generated/types.js";

export function describePart(part: Pick<AlwaysOnPart, "kind" | "key">): string {
  if (part.kind === "blocks") return "the inventory of blocks";
  if (part.kind === "rules") return "the inventory of path rules";
  return `${part.kind} ${part.key ?? ""}`.trim();
}
