// The selection's tools as the runtime applies them, from the same pinned sets and limits the gate enforces: which
// tools may be declared to the model (under toolDelivery: declare), and how the tools reach the model (declare | gate).
import { toolAllowedUnder, type ActiveLimit } from "../core/pinned-limits.js";
import { READ_ONLY_TOOLS } from "../core/preferences.js";
import { MCP_RESOURCE_TOOLS } from "../core/tool-patterns.js";
import { refusingSet, type ActiveToolSet, type ToolFacts, type ToolSetCache } from "../core/tool-sets.js";
import type { ToolDelivery } from "../generated/types.js";
import type { DeclaredToolPolicy } from "./preferences-applier.js";

export interface ToolPolicyInputs {
  sets: readonly ActiveToolSet[];
  limits: readonly ActiveLimit[];
  delivery: ToolDelivery;
  /** Forge's own tools (they change no file). */
  own: readonly string[];
  facts(tool: string): ToolFacts | undefined;
  cache: ToolSetCache;
}

/**
 * The declared-tools policy: under `declare`, a tool is declared when every set and limit lets it run (the gate's own
 * checks, so what the model is offered is what the gate lets through); a resource tool when a server it could reach is
 * allowed. Under `gate` nothing is narrowed: the gate alone refuses, and the model is told the set as a system update.
 */
export function declaredToolPolicy(inputs: ToolPolicyInputs): DeclaredToolPolicy {
  const { sets, limits, own, cache } = inputs;
  if (inputs.delivery === "gate" || (sets.length === 0 && limits.length === 0)) return { restricts: false, allowed: () => true, switchOn: [] };
  const servers = [...new Set(sets.flatMap((s) => (s.kind === "set" ? (s.mcp ?? []) : [])))];
  const allowed = (tool: string): boolean => {
    const facts = inputs.facts(tool);
    const probes = MCP_RESOURCE_TOOLS.includes(tool) ? servers.map((server) => ({ server })) : [undefined];
    const bySets = probes.some((input) => refusingSet(sets, tool, input, facts, own, cache) === null);
    return bySets && toolAllowedUnder(limits, tool, own, facts);
  };
  // Naming tools may switch Pi's read-only built-ins on; a set that names only MCP servers switches nothing on.
  const names = sets.some((s) => s.kind === "set" && s.tools !== null);
  return { restricts: true, allowed, switchOn: names ? READ_ONLY_TOOLS : [] };
}

/**
 * The team policy's tool filter on top of a selection's declared-tools policy: a tool the policy denies is never
 * declared, whatever the selection and its tool delivery (null: no policy named, the selection's policy as it is).
 */
export function withTeamPolicy(policy: DeclaredToolPolicy, allows: ((tool: string) => boolean) | null): DeclaredToolPolicy {
  if (allows === null) return policy;
  return {
    restricts: true,
    allowed: policy.restricts ? (tool) => policy.allowed(tool) && allows(tool) : allows,
    switchOn: policy.switchOn.filter(allows),
  };
}
