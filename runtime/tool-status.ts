// /mode status's tools: the selection's sets as the gate enforces them, the servers forge started or holds back, and
// each name or pattern that matches no tool Pi reports, with the nearest one it does (a typo the build could not see).
import type { ActiveLimit } from "../core/pinned-limits.js";
import { suggestClosest } from "../core/suggest.js";
import { compileToolPatterns, isToolGlob, mcpNamespaceOf, namesMcpTools } from "../core/tool-patterns.js";
import { buildToolReport, type ServerState, type ToolReport } from "../core/tool-report.js";
import type { ActiveToolSet } from "../core/tool-sets.js";
import type { ToolDelivery } from "../generated/types.js";
import type { WantedServers } from "./mcp-registration.js";

export interface ToolStatusInputs {
  sets: readonly ActiveToolSet[];
  delivery: ToolDelivery;
  limits: readonly ActiveLimit[];
  wanted: WantedServers;
  /** What forge registered (name -> mode); null on a host without MCP. */
  registered: ReadonlyMap<string, string> | null;
  /** Every tool the host reports registered ([] when it reports none: then nothing is called unmatched). */
  reported: readonly string[];
}

export function buildToolStatus(inputs: ToolStatusInputs): ToolReport {
  const { registered, reported } = inputs;
  const servers = [
    ...inputs.wanted.start.map((server) => {
      const state: ServerState = registered === null ? "no-mcp" : registered.has(server.name) ? "started" : "failed";
      return { server, state };
    }),
    ...inputs.wanted.waiting.map(({ server }) => ({ server, state: "waiting" as const })),
  ];
  const unmatched: ToolReport["unmatched"] = [];
  // The servers Pi reports tools of (by name: mcp__<server>__<tool>), for a server name's nearest neighbour.
  const reportedServers = [...new Set(reported.flatMap((t) => /^mcp__(.+?)__/.exec(t)?.[1] ?? []))];
  if (reported.length > 0) {
    for (const set of inputs.sets) {
      if (set.kind !== "set") continue;
      for (const server of set.mcp ?? []) {
        if (reported.some((t) => t.startsWith(`${mcpNamespaceOf(server)}__`))) continue;
        unmatched.push({ mode: set.mode, pattern: `mcp: ${server}`, suggestion: suggestClosest(mcpNamespaceOf(server).slice(5), reportedServers) });
      }
      for (const pattern of set.tools ?? []) {
        if (reported.some((t) => compileToolPatterns([pattern]).first(t) !== null)) continue;
        const near = isToolGlob(pattern) || namesMcpTools(pattern) ? null : suggestClosest(pattern, reported);
        unmatched.push({ mode: set.mode, pattern, suggestion: near });
      }
    }
  }
  return buildToolReport(inputs.sets, inputs.delivery, inputs.limits, servers, unmatched);
}
