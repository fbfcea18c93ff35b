// The edit limits in force: those the branch's selection pinned, whatever happened to the bundle since (drift, a
// refused or untrusted bundle, a fallback to Pi's native prompt), and which tools stay on while any is active.
import type { Catalog } from "./component-catalog.js";
import { READ_ONLY_TOOLS } from "./preferences.js";
import type { PinnedComponent } from "./session-state.js";
import { EDIT_TOOLS } from "./tool-paths.js";
import type { EditLimit } from "../generated/types.js";
import { isMcpTool } from "./tool-patterns.js";
import type { ToolFacts } from "./tool-sets.js";

export type ActiveLimit =
  /** The limit of `mode`; its globs are relative to `layer`'s root (null: the project root). */
  | { kind: "limit"; mode: string; layer: string | null; limit: EditLimit }
  /** A limit forge cannot know: every edit and write is refused, and bash is off, until the user resolves it. */
  | { kind: "unknown"; mode: string; layer: string | null; reason: string };

/**
 * The limits of the selection's components, base first. A pinned limit is used as pinned. An entry written before forge
 * pinned limits has none: the bundle's limit is taken when the bundle still offers that mode unchanged (same digest and
 * layer: the digest covers the limit), otherwise the limit is unknown.
 */
export function activeLimits(pins: readonly PinnedComponent[], catalog: Catalog): ActiveLimit[] {
  const out: ActiveLimit[] = [];
  for (const pin of pins) {
    const layer = pin.layer;
    if (pin.edits === null) continue;
    if (pin.edits !== undefined) {
      out.push({ kind: "limit", mode: pin.key, layer, limit: pin.edits });
      continue;
    }
    const current = catalog.modes.get(pin.key);
    const unchanged =
      current !== undefined && pin.digest !== null && current.mode.digest === pin.digest && (pin.layer === null || pin.layer === (current.layer ?? ""));
    if (unchanged) {
      if (current.mode.edits !== undefined) out.push({ kind: "limit", mode: pin.key, layer: current.layer, limit: current.mode.edits });
      continue;
    }
    const why = current === undefined ? "no trusted bundle offers it now" : "its definition changed since";
    out.push({ kind: "unknown", mode: pin.key, layer, reason: `it was selected before forge recorded edit limits in the session, and ${why}` });
  }
  return out;
}

/** What an unknown limit tells the model and the user: why, and the two ways out. */
export function describeUnknownLimit(limit: Extract<ActiveLimit, { kind: "unknown" }>): string {
  return `forge cannot know the edit limit of mode "${limit.mode}" (${limit.reason}); run /mode reapprove to accept the current definitions, or /mode off`;
}

/** Whether every active limit keeps bash on (`edits.bash: unchecked`); false when none is active or one is unknown. */
export function bashKept(limits: readonly ActiveLimit[]): boolean {
  return limits.length > 0 && limits.every((l) => l.kind === "limit" && l.limit.bash === "unchecked");
}

/** Whether every active limit trusts MCP read-only hints (`edits.trustReadOnlyHints: true`); false when none is active. */
export function hintsTrusted(limits: readonly ActiveLimit[]): boolean {
  return limits.length > 0 && limits.every((l) => l.kind === "limit" && l.limit.trustReadOnlyHints === true);
}

/** An MCP tool its server annotates readOnlyHint: true and not destructiveHint: true (hints Pi does not verify). */
export function readOnlyHinted(tool: string, facts: ToolFacts | undefined): boolean {
  return isMcpTool(tool) && facts?.readOnlyHint === true && facts.destructiveHint !== true;
}

/**
 * Whether `tool` may stay on (and run) while `limits` are active: Pi's read-only built-ins, edit and write (checked
 * against the limits), the tools in `own` (forge's own, which changes no file), bash when every limit keeps it, and an
 * MCP tool hinted read-only when every limit trusts the hints. With no limit active, every tool.
 */
export function toolAllowedUnder(limits: readonly ActiveLimit[], tool: string, own: readonly string[], facts?: ToolFacts): boolean {
  if (limits.length === 0) return true;
  if (READ_ONLY_TOOLS.includes(tool) || EDIT_TOOLS.includes(tool) || own.includes(tool)) return true;
  if (readOnlyHinted(tool, facts) && hintsTrusted(limits)) return true;
  return tool === "bash" && bashKept(limits);
}
