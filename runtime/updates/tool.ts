// The agent tool forge_system_update: permission-gated activation of modelCallable preset blocks.
import { sha256Hex } from "../../core/digest.js";
import { readState, recordEvent, type UpdatesRuntime } from "./actions.js";
import { checkBlockActivation, chooseBlockUpdateId, hasCallableBlock, type ActivePresetRef } from "./blocks.js";
import { CONTENT_MAX, createApplyEvent, createRevokeEvent, isValidUpdateId, UPDATE_ID_MAX, UPDATE_ID_PATTERN } from "../../core/update-events.js";
import type { ToolDefinition, ToolResult, UpdatesCtx, UpdatesPi } from "./host-types.js";
import { findActive } from "../../core/update-reducer.js";

export const TOOL_NAME = "forge_system_update";

/** Strict: both fields required, nothing else accepted (the hosts validate it; execute checks again). */
export const TOOL_PARAMETERS = {
  type: "object",
  properties: {
    action: { type: "string", enum: ["activate", "deactivate"], description: "activate a declared block, or deactivate one you activated" },
    id: { type: "string", pattern: UPDATE_ID_PATTERN.source, maxLength: UPDATE_ID_MAX, description: "the block id from the system update inventory" },
  },
  required: ["action", "id"],
  additionalProperties: false,
} as const;

export type ToolArgs = { action: "activate" | "deactivate"; id: string };

export function checkToolArguments(params: unknown): { ok: true; args: ToolArgs } | { ok: false; reason: string } {
  if (!params || typeof params !== "object" || Array.isArray(params)) return { ok: false, reason: 'expected an object {"action": "activate"|"deactivate", "id": "<block id>"}' };
  const keys = Object.keys(params);
  const extra = keys.filter((k) => k !== "action" && k !== "id");
  if (extra.length > 0) return { ok: false, reason: `unexpected argument(s) ${extra.join(", ")}; only "action" and "id" are accepted` };
  const { action, id } = params as Record<string, unknown>;
  if (action !== "activate" && action !== "deactivate") return { ok: false, reason: 'action must be "activate" or "deactivate"' };
  if (typeof id !== "string" || !isValidUpdateId(id)) return { ok: false, reason: "id must be a block id such as tdd (lowercase letters, digits, dashes)" };
  return { ok: true, args: { action, id } };
}

function ok(text: string, details: Record<string, unknown>): ToolResult {
  return { content: [{ type: "text", text }], details };
}

/** A refused call: thrown, which both hosts report to the model as a tool error. Nothing was recorded. */
function refuse(reason: string): never {
  throw new Error(`${TOOL_NAME} refused: ${reason}. No system update changed.`);
}

export function executeUpdateTool(rt: UpdatesRuntime, toolCallId: string, params: unknown, ctx: UpdatesCtx): ToolResult {
  const checked = checkToolArguments(params);
  if (!checked.ok) refuse(checked.reason);
  const { action, id } = checked.args;
  // Permission is rechecked on every call against the preset active now.
  const ref = rt.deps.getActivePreset(ctx);
  if (!hasCallableBlock(ref)) refuse("the active preset declares no block the agent may call");
  const state = readState(ctx);
  if (action === "deactivate") {
    const target = findActive(state, id);
    if (!target) refuse(`"${id}" is not active`);
    if (target.source !== "agent") refuse(`"${target.updateId}" was activated by the ${target.source}; the agent may only deactivate updates it activated itself`);
    recordEvent(rt, ctx, state, createRevokeEvent({ updateId: target.updateId, source: "agent", now: rt.now() }), toolCallId);
    return ok(`Deactivated system update "${target.updateId}". Its instructions no longer apply.`, { action, updateId: target.updateId });
  }
  const check = checkBlockActivation(ref, id, "agent");
  if (!check.ok) refuse(check.reason);
  const content = rt.deps.renderTemplate(check.block.content, ctx);
  if (content.trim() === "" || content.length > CONTENT_MAX) refuse(`block "${id}" renders to ${content.length} chars, outside 1..${CONTENT_MAX}`);
  const updateId = chooseBlockUpdateId(state, id, sha256Hex(content));
  if (state.active.some((u) => u.updateId === updateId)) return ok(`System update "${updateId}" is already active.`, { action, updateId, unchanged: true });
  recordEvent(rt, ctx, state, createApplyEvent({ updateId, source: "agent", content, presetId: ref!.key, blockId: id, now: rt.now() }), toolCallId);
  return ok(`Activated system update "${updateId}" (block ${id} of preset ${ref!.key}). Its full text is delivered as a system update before your next step.`, { action, updateId });
}

export function createUpdateTool(rt: UpdatesRuntime): ToolDefinition {
  return {
    name: TOOL_NAME,
    label: "Forge system update",
    description:
      "Activate or deactivate a dormant instruction block that the active forge preset declares as callable (see the system update inventory in the system prompt). " +
      "Only declared block ids work; you may deactivate only blocks you activated.",
    parameters: TOOL_PARAMETERS as unknown as Record<string, unknown>,
    async execute(toolCallId, params, _signal, _onUpdate, ctx) {
      return executeUpdateTool(rt, toolCallId, params, ctx);
    },
  };
}

/**
 * Registers the tool the first time a callable block exists, then keeps it in or out of the active
 * tools (neither host can unregister a tool). Only this tool's name is added or removed, so the
 * core's own narrowing of the tool set is left alone. No promptSnippet: the prompt bytes never depend on it.
 */
export function syncToolAvailability(pi: UpdatesPi, rt: UpdatesRuntime, registered: { value: boolean }, ref: ActivePresetRef | null): void {
  const wanted = hasCallableBlock(ref);
  if (wanted && !registered.value) {
    pi.registerTool(createUpdateTool(rt));
    registered.value = true;
  }
  if (!registered.value) return;
  const active = pi.getActiveTools();
  const has = active.includes(TOOL_NAME);
  if (wanted && !has) pi.setActiveTools([...active, TOOL_NAME]);
  else if (!wanted && has) pi.setActiveTools(active.filter((n) => n !== TOOL_NAME));
}
