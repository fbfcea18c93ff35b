// The MCP servers a bundle's modes bring (mcpServers:): which mode brings which server, and how one is shown to the
// person who decides whether it may start (the trust dialog, forge explain, /mode status).
import { visible } from "./safe-text.js";
import type { ForgeBundle, McpServerConfig } from "../generated/types.js";

export interface BroughtServer {
  name: string;
  mode: string;
  config: McpServerConfig;
}

/** Every server the bundle's modes bring, by mode then name (a server two modes bring is listed for each). */
export function bundleServers(bundle: Pick<ForgeBundle, "modes">): BroughtServer[] {
  const out: BroughtServer[] = [];
  for (const mode of Object.keys(bundle.modes).sort()) {
    const servers = bundle.modes[mode]!.mcpServers ?? {};
    for (const name of Object.keys(servers).sort()) out.push({ name, mode, config: servers[name]! });
  }
  return out;
}

/** What a server runs or reaches, one line: `node server.js` or `https://example.com/mcp` (shortened, made safe). */
export function describeServerTarget(config: McpServerConfig): string {
  const target = config.command !== undefined ? [config.command, ...(config.args ?? [])].join(" ") : (config.url ?? "");
  const shown = target.length > 120 ? `${target.slice(0, 117)}...` : target;
  const exposure = config.exposure ? `, exposure ${config.exposure}` : "";
  return `${visible(shown)}${exposure}`;
}

/** "fs (mode docs): node server.js, exposure direct". */
export function describeServer(s: BroughtServer): string {
  return `${s.name} (mode ${s.mode}): ${describeServerTarget(s.config)}`;
}
