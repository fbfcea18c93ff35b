// What a selection does with tools, as forge explain, /mode status and the studio show it: each mode's set exactly as
// the gate enforces it (core/tool-sets.ts), the tool delivery, MCP read-only hints under a limit, and the MCP servers
// the modes bring. One report and one wording for every surface.
import { hintsTrusted, type ActiveLimit } from "./pinned-limits.js";
import { describeServerTarget, type BroughtServer } from "./mcp-servers.js";
import { describeToolSet, type ActiveToolSet } from "./tool-sets.js";
import type { ToolDelivery } from "../generated/types.js";

/** Where a server stands: it starts with its mode (explain), started, waiting for forge's trust, or not on this host. */
export type ServerState = "with-mode" | "started" | "waiting" | "no-mcp" | "failed";

export interface ToolReport {
  delivery: ToolDelivery;
  /** The sets in force, as the gate enforces them (modes that name neither tools nor servers add none). */
  sets: Array<{ mode: string | null; kind: ActiveToolSet["kind"]; allows: string }>;
  /** MCP read-only hints under the edit limits: null without a limit. */
  readOnlyHints: "trusted" | "off" | null;
  servers: Array<{ name: string; mode: string; target: string; state: ServerState }>;
  /** Names and patterns that match no tool the host reports, with the nearest reported one (the runtime fills it). */
  unmatched: Array<{ mode: string; pattern: string; suggestion: string | null }>;
}

export function buildToolReport(
  sets: readonly ActiveToolSet[],
  delivery: ToolDelivery,
  limits: readonly ActiveLimit[],
  servers: ReadonlyArray<{ server: BroughtServer; state: ServerState }>,
  unmatched: ToolReport["unmatched"] = [],
): ToolReport {
  return {
    delivery,
    sets: sets.map((s) => ({ mode: s.mode, kind: s.kind, allows: describeToolSet(s) })),
    readOnlyHints: limits.length === 0 ? null : hintsTrusted(limits) ? "trusted" : "off",
    servers: servers.map(({ server, state }) => ({ name: server.name, mode: server.mode, target: describeServerTarget(server.config), state })),
    unmatched: [...unmatched],
  };
}

const SERVER_STATES: Record<ServerState, string> = {
  "with-mode": "started on Pi 1.x while its mode is selected (a project's once forge's own trust covers the bundle); Pi 0.73.1 has no MCP",
  started: "started",
  waiting: "not started: forge's own trust does not cover its bundle yet (/forge trust)",
  "no-mcp": "not started: this Pi (0.73.1) has no MCP of its own",
  failed: "not started: Pi refused it (see the notice)",
};

const TRUSTED_HINTS =
  "  MCP tools hinted readOnlyHint (and not destructiveHint) run under the edit limit: edits.trustReadOnlyHints (Pi does not verify the hints)";

/** The report as indented lines (explain and /mode status). */
export function toolReportLines(r: ToolReport): string[] {
  if (r.sets.length === 0 && r.servers.length === 0) {
    const lines = ["  not restricted: no selected mode names tools or MCP servers (Pi's own tools)"];
    if (r.readOnlyHints === "off") lines.push("  (the edit limit still turns off every tool not known to be read-only)");
    if (r.readOnlyHints === "trusted") lines.push(TRUSTED_HINTS);
    return lines;
  }
  const lines = r.sets.map((s) => `  ${s.mode === null ? "forge" : s.mode}: ${s.allows}`);
  if (r.sets.length > 0) {
    lines.push(
      r.delivery === "gate"
        ? "  every other tool is refused at forge's gate, however it is reached (declared, codemode, tool_search, a nested call); the declared tools stay Pi's own across mode switches, and the model is told the allowed tools as a system update (toolDelivery: gate)"
        : "  every other tool is refused at forge's gate, however it is reached (declared, codemode, tool_search, a nested call), and not offered: the declared tools are narrowed to these (toolDelivery: declare)",
    );
  }
  if (r.readOnlyHints === "trusted") lines.push(TRUSTED_HINTS);
  else if (r.readOnlyHints === "off")
    lines.push(
      "  MCP tools hinted read-only are off under the edit limit like every tool not known to be read-only (edits.trustReadOnlyHints: true lets them run)",
    );
  for (const s of r.servers) lines.push(`  MCP server ${s.name} (mode ${s.mode}): ${s.target}; ${SERVER_STATES[s.state]}`);
  for (const u of r.unmatched)
    lines.push(
      `  ${u.pattern.startsWith("mcp: ") ? u.pattern : `tools "${u.pattern}"`} of mode ${u.mode} matches no tool Pi reports${u.suggestion ? ` (did you mean "${u.suggestion}"?)` : " (yet: MCP servers connect in the background)"}`,
    );
  return lines;
}

/**
 * What the model is told under toolDelivery: gate, where every tool stays declared: the sets the gate enforces, and what
 * an edit limit turns off. Null when nothing is restricted (no note, or the note withdrawn).
 */
export function gateNoticeText(sets: readonly ActiveToolSet[], limits: readonly ActiveLimit[]): string | null {
  const lines = sets.map((s) => `- ${s.mode === null ? "forge" : `mode ${s.mode}`}: ${describeToolSet(s)}`);
  if (limits.length > 0)
    lines.push("- an edit limit is active: bash and every tool not known to be read-only are refused; edit and write only within the limit");
  if (lines.length === 0) return null;
  return ["The tools you may call now (forge's tool gate refuses every other tool, even one that is declared to you):", ...lines].join("\n");
}
