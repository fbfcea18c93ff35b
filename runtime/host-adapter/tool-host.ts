// What each Pi host offers about tools and MCP: a tool's namespace and read-only hints (1.x getAllTools), the request's
// tool declarations without the ones a mode refuses (1.x transcripts), and MCP server registration (1.x only; 0.73.1
// has no MCP of its own).
import type { ToolFacts } from "../../core/tool-sets.js";
import type { PiPort, ToolInfo, TranscriptMessage } from "./ports.js";

/** What the host reports of `tool` (undefined: not registered, or a host that reports nothing). */
export function toolFactsOf(pi: Pick<PiPort, "getAllTools">, tool: string): ToolFacts | undefined {
  return factsOf(pi.getAllTools?.().find((t) => t.name === tool));
}

/** The facts of every registered tool by name, from one read of the host's list (a request judges every declared tool). */
export function allToolFacts(pi: Pick<PiPort, "getAllTools">): Readonly<Record<string, ToolFacts>> {
  return Object.fromEntries((pi.getAllTools?.() ?? []).map((t) => [t.name, factsOf(t)!]));
}

function factsOf(info: ToolInfo | undefined): ToolFacts | undefined {
  if (info === undefined) return undefined;
  const facts: ToolFacts = {};
  if (typeof info.namespace?.name === "string") facts.namespace = info.namespace.name;
  if (info.annotations?.readOnlyHint === true) facts.readOnlyHint = true;
  if (info.annotations?.destructiveHint === true) facts.destructiveHint = true;
  return facts;
}

/** Every tool the host reports registered, by name (for typo suggestions and status). */
export function registeredTools(pi: Pick<PiPort, "getAllTools">): string[] {
  try {
    return (pi.getAllTools?.() ?? []).map((t) => t.name);
  } catch {
    return [];
  }
}

/**
 * Pi 1.x, per request (`context_with_system`): the transcript with every tool declaration `allowed` refuses left out.
 * 1.x declares tools in its system messages (`toolsAdded`); its built-in MCP extension, loaded after `-e` extensions,
 * registers a server's direct tools inside its own before_agent_start, after forge narrowed the tools, and Pi declares
 * them in that run's first request. Leaving them out of every request the same way keeps the bodies stable (the cache)
 * and never offers them; forge's turn_end then switches them off. Null when nothing changes (0.73.1 never emits it).
 */
export function withoutRefusedDeclarations(messages: readonly TranscriptMessage[], allowed: (tool: string) => boolean): TranscriptMessage[] | null {
  const refuses = (m: TranscriptMessage) => m.role === "system" && Array.isArray(m.toolsAdded) && !m.toolsAdded.every((t) => allowed(t.name));
  if (!messages.some(refuses)) return null;
  return messages.map((m) => {
    if (!refuses(m)) return m;
    const toolsAdded = (m.toolsAdded ?? []).filter((t) => allowed(t.name));
    const { toolsAdded: _dropped, ...rest } = m;
    return toolsAdded.length > 0 ? { ...rest, toolsAdded } : rest;
  });
}

/** Whether the host can run MCP servers forge registers (Pi 1.x). */
export function hostHasMcp(pi: Pick<PiPort, "registerMcpServer" | "unregisterMcpServer">): boolean {
  return typeof pi.registerMcpServer === "function" && typeof pi.unregisterMcpServer === "function";
}
