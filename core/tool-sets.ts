// The tool sets in force: each selected mode's `tools:` and `mcp:` as the selection pinned them (like edit limits, they
// hold whatever happens to the bundle), and the gate's verdict on a call. A set only refuses; sets intersect.
import type { Catalog } from "./component-catalog.js";
import { READ_ONLY_TOOLS } from "./preferences.js";
import type { PinnedComponent } from "./session-state.js";
import { compileToolPatterns, isMcpTool, toolOfServer, type ToolMatcher } from "./tool-patterns.js";
import type { ForgeModeStateEntry, Mode, ToolDelivery } from "../generated/types.js";

export type ActiveToolSet =
  /** `tools`: the mode's patterns (null: it names none, so only MCP tools are restricted); `mcp`: servers allowed whole. */
  | { kind: "set"; mode: string; tools: readonly string[] | null; mcp: readonly string[] | null }
  /** A mode whose tools forge cannot know: only the read-only built-ins and forge's own tools run until it is resolved. */
  | { kind: "unknown"; mode: string; reason: string }
  /** Servers forge started for a mode no longer selected (stopped, but refused here too): their tools never run. */
  | { kind: "retired"; mode: null; servers: readonly string[] };

/** How the selection's tools reach the model: its preset's toolDelivery (declare when it has none, or no preset). */
export function toolDeliveryOf(catalog: Catalog, state: Pick<ForgeModeStateEntry, "preset"> | null): ToolDelivery {
  const preset = state?.preset ? catalog.presets.get(state.preset)?.preset : undefined;
  return preset?.toolDelivery ?? "declare";
}

/** What a mode pins of its tools (null: no restriction of that kind). */
export function toolPinOf(mode: Mode): { tools: string[] | null; mcp: string[] | null } {
  return { tools: mode.tools ?? null, mcp: mode.mcp ?? null };
}

/**
 * The sets of the selection's components, base first. A pinned set is used as pinned; a component without a
 * restriction adds none. An entry written before forge pinned tools takes the bundle's when the bundle still offers the
 * mode unchanged (the digest covers its tools), and is unknown otherwise.
 */
export function activeToolSets(pins: readonly PinnedComponent[], catalog: Catalog): ActiveToolSet[] {
  const out: ActiveToolSet[] = [];
  for (const pin of pins) {
    let tools = pin.tools;
    let mcp = pin.mcp;
    if (tools === undefined || mcp === undefined) {
      const current = catalog.modes.get(pin.key);
      const unchanged =
        current !== undefined && pin.digest !== null && current.mode.digest === pin.digest && (pin.layer === null || pin.layer === (current.layer ?? ""));
      if (!unchanged) {
        const why = current === undefined ? "no trusted bundle offers it now" : "its definition changed since";
        out.push({ kind: "unknown", mode: pin.key, reason: `it was selected before forge recorded tools in the session, and ${why}` });
        continue;
      }
      ({ tools, mcp } = toolPinOf(current.mode));
    }
    if (tools !== null || mcp !== null) out.push({ kind: "set", mode: pin.key, tools, mcp });
  }
  return out;
}

/** What the host reports of a tool (Pi 1.x getAllTools): its namespace (an MCP server's `mcp__<server>`) and hints. */
export interface ToolFacts {
  namespace?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
}

/** Compiled patterns, built once per pinned list (a pinned list lives as long as its session entry). */
export type ToolSetCache = WeakMap<readonly string[], ToolMatcher>;

function matcherOf(cache: ToolSetCache, patterns: readonly string[]): ToolMatcher {
  let m = cache.get(patterns);
  if (m === undefined) cache.set(patterns, (m = compileToolPatterns(patterns)));
  return m;
}

/** Whether one set lets `tool` run; `own`: forge's own tools (they change no file). */
export function setAllows(
  set: ActiveToolSet,
  tool: string,
  input: unknown,
  facts: ToolFacts | undefined,
  own: readonly string[],
  cache: ToolSetCache,
): boolean {
  if (set.kind === "unknown") return READ_ONLY_TOOLS.includes(tool) || own.includes(tool);
  if (set.kind === "retired") return !set.servers.some((server) => toolOfServer(tool, server, facts?.namespace, input));
  const byServer = set.mcp !== null && set.mcp.some((server) => toolOfServer(tool, server, facts?.namespace, input));
  if (set.tools === null) return byServer || !isMcpTool(tool);
  return byServer || matcherOf(cache, set.tools).first(tool) !== null;
}

/** The first set that refuses `tool` (null: every set allows it, or none is in force). */
export function refusingSet(
  sets: readonly ActiveToolSet[],
  tool: string,
  input: unknown,
  facts: ToolFacts | undefined,
  own: readonly string[],
  cache: ToolSetCache,
): ActiveToolSet | null {
  for (const set of sets) if (!setAllows(set, tool, input, facts, own, cache)) return set;
  return null;
}

/** "tools: read, grep; MCP servers: docs" (what a set allows), or why it is unknown. */
export function describeToolSet(set: ActiveToolSet): string {
  if (set.kind === "unknown") return `tools unknown: ${set.reason}`;
  if (set.kind === "retired") return `MCP servers stopped: ${set.servers.join(", ")}`;
  const parts: string[] = [];
  if (set.tools !== null) parts.push(`tools: ${set.tools.length > 0 ? set.tools.join(", ") : "none"}`);
  if (set.mcp !== null) parts.push(`MCP servers: ${set.mcp.length > 0 ? set.mcp.join(", ") : "none"}`);
  if (set.tools === null) parts.push("other tools not restricted");
  return parts.join("; ");
}

/** The reason the model gets when a set refuses a call (Pi shows it as the tool's error result). */
export function describeToolRefusal(tool: string, set: ActiveToolSet): string {
  if (set.kind === "retired")
    return `forge: tool ${tool} is not available: forge started its MCP server for a mode that is no longer selected (${set.servers.join(", ")}). Nothing ran.`;
  if (set.kind === "unknown")
    return `forge: ${tool} refused: forge cannot know the tools of mode "${set.mode}" (${set.reason}), so only read, grep, find and ls run; run /mode reapprove to accept the current definitions, or /mode off. Nothing ran.`;
  return `forge: tool ${tool} is not available in mode "${set.mode}" (${describeToolSet(set)}). Nothing ran.`;
}
