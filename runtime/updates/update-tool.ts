// The agent tool forge_system_update: permission-gated activation of modelCallable preset blocks (its body: update-tool-run.ts).
import { hasCallableBlock, type ActivePresetRef } from "./preset-blocks.js";
import type { UpdatesRuntime } from "./update-change.js";
import { TOOL_PARAMETERS } from "../../generated/constants.js";
import type { PiPort, ToolDefinition, ToolInfo } from "../host-adapter/ports.js";
import { UPDATE_TOOL_NAME } from "../../core/update-text.js";
import { loadOnDemand } from "../on-demand-load.js";

export const TOOL_NAME = UPDATE_TOOL_NAME;

/** What a request declares of the tool (a cache estimate declares it before it is registered). */
export const UPDATE_TOOL_INFO: ToolInfo & { description: string } = {
  name: TOOL_NAME,
  description:
    "Activate or deactivate a dormant instruction block that the active forge preset declares as callable (see the system update inventory in the system prompt). " +
    "Only declared block ids work; you may deactivate only blocks you activated.",
  parameters: TOOL_PARAMETERS,
};

export function createUpdateTool(rt: UpdatesRuntime): ToolDefinition {
  return {
    name: TOOL_NAME,
    label: "Forge system update",
    description: UPDATE_TOOL_INFO.description,
    parameters: TOOL_PARAMETERS,
    // The body runs on the tool's first call; when its code cannot load, the call is refused and nothing is recorded.
    async execute(toolCallId, params, _signal, _onUpdate, ctx) {
      return (await loadOnDemand(TOOL_NAME, () => import("./on-demand.js"))).executeUpdateTool(rt, toolCallId, params, ctx);
    },
  };
}

/**
 * Registers the tool the first time a callable block exists, then keeps it in or out of the active
 * tools (neither host can unregister a tool). Only this tool's name is added or removed, so the
 * core's own narrowing of the tool set is left alone. No promptSnippet: the prompt bytes never depend on it.
 */
export function syncToolAvailability(pi: PiPort, rt: UpdatesRuntime, registered: { value: boolean }, ref: ActivePresetRef | null): void {
  const wanted = hasCallableBlock(ref);
  if (wanted && !registered.value) {
    pi.registerTool(createUpdateTool(rt));
    registered.value = true;
  }
  if (!registered.value) return;
  const active = pi.getActiveTools();
  const next = toolsAfterSync(active, ref);
  if (next.length !== active.length) pi.setActiveTools(next);
}

/** The active tools once the tool follows `ref` (added last, or taken out): what the next run's sync leaves. */
export function toolsAfterSync(active: readonly string[], ref: ActivePresetRef | null): string[] {
  const wanted = hasCallableBlock(ref);
  const has = active.includes(TOOL_NAME);
  if (wanted && !has) return [...active, TOOL_NAME];
  if (!wanted && has) return active.filter((n) => n !== TOOL_NAME);
  return [...active];
}
