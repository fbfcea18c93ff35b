// The tool gate's verdicts under edit limits: which tools a limit turns off, and whether an edit/write call's resolved
// paths pass every active limit. A limit never grants anything: whatever forge cannot decide is refused.
import { checkEdit, compileLimit, describeRefusal, type CompiledLimit } from "../core/edit-limits.js";
import { describeUnknownLimit, type ActiveLimit } from "../core/pinned-limits.js";
import { describePattern } from "../core/path-match.js";
import { globRoot } from "../core/rule-catalog.js";
import type { EditLimit } from "../generated/types.js";
import type { ToolCallResult } from "./host-adapter/ports.js";
import { callPaths, type ResolvedCall } from "./tool-call-paths.js";

/** Compiled limits, built once per limit object (a pinned limit lives as long as its session entry). */
export type LimitCache = WeakMap<EditLimit, CompiledLimit>;

function compiledOf(cache: LimitCache, mode: string, limit: EditLimit): CompiledLimit {
  let c = cache.get(limit);
  if (c === undefined || c.mode !== mode) cache.set(limit, (c = compileLimit(mode, limit)));
  return c;
}

/** One line naming a limit for messages: what it allows. */
export function describeLimit(limit: ActiveLimit): string {
  if (limit.kind === "unknown") return `mode "${limit.mode}" (limit unknown)`;
  const { allow, deny } = limit.limit;
  const allows = allow === undefined ? "any path" : allow.length === 0 ? "no path" : allow.map(describePattern).join(", ");
  return `mode "${limit.mode}" (edits: ${allows}${deny.length > 0 ? `, never ${deny.map(describePattern).join(", ")}` : ""}${limit.limit.bash === "unchecked" ? "; bash unchecked" : ""})`;
}

/** The activation notice's line: the tools the edit limits just turned off, and why (the model only sees them gone). */
export function describeTurnedOff(tools: readonly string[], limits: readonly ActiveLimit[]): string {
  const names = tools.join(", ");
  const bash = tools.includes("bash") ? "; bash can change any file and forge cannot check a shell command (edits.bash: unchecked keeps it on)" : "";
  return `edit limits of ${limits.map((l) => `"${l.mode}"`).join(" and ")} turned off ${names}: only read, grep, find, ls, and edit and write within the limit, stay on${bash}`;
}

/**
 * Pi answers a call to a tool that is not active with "Tool <name> not found" before any extension hears of it. For a
 * tool the edit limits turned off, forge puts its own refusal in that tool result (Pi's message_end lets an extension
 * replace a finished message on both hosts), so the model reads why, not that the tool does not exist.
 */
export function explainMissingTool(
  message: unknown,
  limits: readonly ActiveLimit[],
  allowed: (tool: string) => boolean,
  registered: (tool: string) => boolean,
): unknown {
  if (limits.length === 0 || message === null || typeof message !== "object") return undefined;
  const m = message as {
    role?: unknown;
    toolName?: unknown;
    content?: unknown;
  };
  if (m.role !== "toolResult" || typeof m.toolName !== "string" || allowed(m.toolName) || !Array.isArray(m.content) || m.content.length !== 1) return undefined;
  // A tool no extension registered really is not there: Pi's own words stay.
  if (!registered(m.toolName)) return undefined;
  const part = m.content[0] as { type?: unknown; text?: unknown };
  if (part.type !== "text" || part.text !== `Tool ${m.toolName} not found`) return undefined;
  const reason = refuseTool(m.toolName, limits).reason ?? "";
  return { ...m, content: [{ type: "text", text: reason }] };
}

/** A tool a limit turned off, called anyway (by name, or by an extension that switched it back on). */
export function refuseTool(tool: string, limits: readonly ActiveLimit[]): ToolCallResult {
  const modes = limits.map(describeLimit).join(" and ");
  const why =
    tool === "bash"
      ? "bash can change any file and forge cannot check a shell command, so bash is off while an edit limit is active (a mode that accepts this declares edits.bash: unchecked)"
      : `forge does not know that "${tool}" only reads, so while an edit limit is active only read, grep, find, ls, and edit and write within the limit, may run${tool.startsWith("mcp__") ? " (a mode that accepts MCP servers' unverified readOnlyHint declares edits.trustReadOnlyHints: true)" : ""}`;
  return { block: true, reason: `forge: ${tool} refused: ${modes} limits edits; ${why}. Nothing ran.` };
}

/**
 * The verdict on an edit/write call's resolved paths under `limits` (undefined: allowed). A path forge could not
 * resolve, or an unknown limit, refuses the call; every known limit must allow every candidate (they intersect).
 * `root` is what built-in and global globs are relative to; a project mode's globs are relative to its layer's root.
 */
export function checkLimits(call: ResolvedCall, limits: readonly ActiveLimit[], root: string, cache: LimitCache): ToolCallResult | undefined {
  if (limits.length === 0) return undefined;
  const unknown = limits.find((l) => l.kind === "unknown");
  if (unknown?.kind === "unknown")
    return {
      block: true,
      reason: `forge: edit refused: ${describeUnknownLimit(unknown)}. The file was not changed.`,
    };
  const unresolved = call.targets.find((t) => !t.ok);
  if (unresolved !== undefined && !unresolved.ok) {
    return {
      block: true,
      reason: `forge: edit refused: forge cannot tell which file "${call.shown}" names (${unresolved.reason}), and ${limits.map(describeLimit).join(" and ")} limits edits. The file was not changed.`,
    };
  }
  const byRoot = new Map<string, ReturnType<typeof callPaths>>();
  for (const l of limits) {
    if (l.kind !== "limit") continue;
    const dir = globRoot(l.layer, root);
    let paths = byRoot.get(dir);
    if (paths === undefined) byRoot.set(dir, (paths = callPaths(call, dir)));
    const compiled = compiledOf(cache, l.mode, l.limit);
    const verdict = checkEdit([compiled], paths.paths, paths.shown);
    if (!verdict.ok) return { block: true, reason: describeRefusal(verdict, [compiled]) };
  }
  return undefined;
}
