// forge explain's tools: each selected mode's tools and MCP servers exactly as the runtime pins them and its gate
// enforces them (core/tool-sets.ts), the preset's tool delivery, read-only hints under the limits, the servers brought.
import type { Catalog } from "../../core/component-catalog.js";
import type { ActiveLimit } from "../../core/pinned-limits.js";
import { buildToolReport, type ToolReport } from "../../core/tool-report.js";
import { toolDeliveryOf, toolPinOf, type ActiveToolSet } from "../../core/tool-sets.js";
import type { Mode } from "../../generated/types.js";

export function explainTools(catalog: Catalog, selected: ReadonlyArray<{ key: string; mode: Mode; layer: string | null }>, preset: string | null): ToolReport {
  const sets: ActiveToolSet[] = [];
  const limits: ActiveLimit[] = [];
  const servers: Parameters<typeof buildToolReport>[3][number][] = [];
  for (const { key, mode, layer } of selected) {
    const pin = toolPinOf(mode);
    if (pin.tools !== null || pin.mcp !== null) sets.push({ kind: "set", mode: key, ...pin });
    if (mode.edits !== undefined) limits.push({ kind: "limit", mode: key, layer, limit: mode.edits });
    const brought = mode.mcpServers ?? {};
    for (const name of Object.keys(brought).sort()) servers.push({ server: { name, mode: key, config: brought[name]! }, state: "with-mode" });
  }
  return buildToolReport(sets, toolDeliveryOf(catalog, { preset }), limits, servers);
}
