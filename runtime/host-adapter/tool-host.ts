// What each Pi host offers about tools and MCP: a tool's namespace and read-only hints (1.x getAllTools), the explicit
// declared-tools edit that makes forge's set win over tools added later in the same before_agent_start, and MCP server
// registration (1.x only; 0.73.1 has no MCP of its own).
import type { ToolFacts } from "../../core/tool-sets.js";
import type { BeforeAgentStartEvent, PiPort } from "./ports.js";

/** What the host reports of `tool` (undefined: not registered, or a host that reports nothing). */
export function toolFactsOf(pi: Pick<PiPort, "getAllTools">, tool: string): ToolFacts | undefined {
  const info = pi.getAllTools?.().find((t) => t.name === tool);
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
 * A name no tool can have (`:` is outside every provider's tool-name alphabet): Pi drops it from the loadout, and its
 * presence makes the selected tools differ from those the run started with.
 */
const DECLARED_MARK = "forge:declared";

/**
 * Pi 1.x: make `tools` the run's declared tools. 1.x keeps the live loadout unless a before_agent_start handler edited
 * `selectedTools` (compared with the list the run started with); its built-in MCP extension, loaded after `-e`
 * extensions, registers a server's direct tools inside its own before_agent_start, after forge's. An explicit edit
 * (the list plus a mark Pi drops) wins over those. 0.73.1: nothing (its options are read-only; forge narrows with
 * setActiveTools, and its later handlers add no MCP tools).
 */
export function declareToolsExplicitly(event: BeforeAgentStartEvent, tools: readonly string[]): void {
  const options = event.systemPromptOptions;
  if (options === undefined || typeof options.sections !== "object" || options.sections === null) return;
  options.selectedTools = [...tools, DECLARED_MARK];
}

/** Whether the host can run MCP servers forge registers (Pi 1.x). */
export function hostHasMcp(pi: Pick<PiPort, "registerMcpServer" | "unregisterMcpServer">): boolean {
  return typeof pi.registerMcpServer === "function" && typeof pi.unregisterMcpServer === "function";
}
