// The MCP servers the selected modes bring (mcpServers:), registered with Pi 1.x while a mode that brings them is
// selected and unregistered (Pi closes them, their tools become unreachable) when none is. Which servers forge
// registered is this part's private state; a server it registered and retired is refused at the gate.
import type { Catalog } from "../core/component-catalog.js";
import type { BroughtServer } from "../core/mcp-servers.js";
import type { PinnedComponent } from "../core/session-state.js";
import { stringifyCanonical } from "../core/canonical-json.js";
import { hostHasMcp } from "./host-adapter/tool-host.js";
import type { PiPort } from "./host-adapter/ports.js";
import { describeError } from "./notify.js";

/** The servers the selection brings now, and those it would bring but may not start yet (and why). */
export interface WantedServers {
  start: BroughtServer[];
  waiting: Array<{ server: BroughtServer; why: string }>;
}

/**
 * The servers of the selection's components as the bundle offers them unchanged (a drifted or withheld component brings
 * none: what starts is what was selected). `serversTrusted(layer)` says whether a project layer's servers may start.
 */
export function wantedServers(pins: readonly PinnedComponent[], catalog: Catalog, serversTrusted: (layer: string | null) => boolean): WantedServers {
  const out: WantedServers = { start: [], waiting: [] };
  const taken = new Set<string>();
  for (const pin of pins) {
    const entry = catalog.modes.get(pin.key);
    if (entry === undefined || entry.mode.digest !== pin.digest) continue;
    const servers = entry.mode.mcpServers ?? {};
    for (const name of Object.keys(servers).sort()) {
      const server = { name, mode: pin.key, config: servers[name]! };
      if (entry.scope === "project" && !serversTrusted(entry.layer)) {
        out.waiting.push({ server, why: "forge's own trust does not cover its bundle yet (/forge trust)" });
        continue;
      }
      if (taken.has(name)) continue; // two modes bring one name: the first (the base, then overlays in order) starts
      taken.add(name);
      out.start.push(server);
    }
  }
  return out;
}

export interface McpRegistration {
  /** Registers what `wanted` starts and unregisters what forge registered before and it no longer does. Returns notices. */
  sync(pi: PiPort, wanted: WantedServers): string[];
  /** Servers forge registered in this process that no selected mode brings now: the gate refuses their tools. */
  retired(): readonly string[];
  /** What forge registered and for which mode (status). */
  registered(): ReadonlyMap<string, string>;
}

export function createMcpRegistration(): McpRegistration {
  /** name -> the canonical config registered (a changed config is registered again) and the mode that brought it. */
  const current = new Map<string, { config: string; mode: string }>();
  const ever = new Set<string>();
  return {
    sync(pi, wanted) {
      if (!hostHasMcp(pi)) return [];
      const notices: string[] = [];
      const next = new Map(wanted.start.map((s) => [s.name, s] as const));
      for (const name of [...current.keys()]) {
        if (next.get(name) !== undefined && stringifyCanonical(next.get(name)!.config) === current.get(name)!.config) continue;
        try {
          pi.unregisterMcpServer!(name);
        } catch (error) {
          notices.push(`forge: could not stop MCP server "${name}" (${describeError(error)}); the gate refuses its tools`);
        }
        current.delete(name);
      }
      for (const s of wanted.start) {
        if (current.has(s.name)) continue;
        try {
          // Pi validates the entry (the shape of an mcp.json entry) and throws on an invalid one or a name another
          // extension holds; forge's schema has the same shape.
          pi.registerMcpServer!(s.name, s.config as never);
          current.set(s.name, { config: stringifyCanonical(s.config), mode: s.mode });
          ever.add(s.name);
        } catch (error) {
          notices.push(`forge: MCP server "${s.name}" of mode "${s.mode}" was not started (${describeError(error)})`);
        }
      }
      return notices;
    },
    retired: () => [...ever].filter((name) => !current.has(name)),
    registered: () => new Map([...current].map(([name, r]) => [name, r.mode])),
  };
}
