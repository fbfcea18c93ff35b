// The body of the agent tool forge_system_update (update-tool.ts registers it): its arguments checked, the call's
// permission rechecked against the active preset, the change recorded. Loaded on the tool's first call (on-demand.ts).
import { sha256Hex } from "../../core/digest.js";
import { readOf } from "./branch-read.js";
import { checkBlockActivation, chooseBlockUpdateId, hasCallableBlock } from "./preset-blocks.js";
import { planChange, recordChange, type UpdatesRuntime } from "./update-change.js";
import { pickDelivery } from "./update-delivery.js";
import { createApplyEvent, createRevokeEvent } from "../../core/update-events.js";
import { LIMITS } from "../../generated/constants.js";
import { validateToolArguments } from "../../generated/runtime-validators.js";
import type { ForgeUpdateEvent, SystemUpdateToolArguments } from "../../generated/types.js";
import type { CtxPort, ToolResult } from "../host-adapter/ports.js";
import { findActive } from "../../core/update-reducer.js";
import { UPDATE_TOOL_NAME as TOOL_NAME } from "../../core/update-text.js";

export type ToolArgs = SystemUpdateToolArguments;

/** The generated validator (schema/tool-arguments.schema.json) decides; its first error picks the wording for the model. */
export function checkToolArguments(params: unknown): { ok: true; args: ToolArgs } | { ok: false; reason: string } {
  if (validateToolArguments(params)) return { ok: true, args: params as ToolArgs };
  const err = validateToolArguments.errors?.[0];
  if (err?.keyword === "additionalProperties" && params !== null && typeof params === "object") {
    const extra = Object.keys(params).filter((k) => k !== "action" && k !== "id");
    return { ok: false, reason: `unexpected argument(s) ${extra.join(", ")}; only "action" and "id" are accepted` };
  }
  if (err?.instancePath === "/action" || (err?.keyword === "required" && err.params.missingProperty === "action")) {
    return { ok: false, reason: 'action must be "activate" or "deactivate"' };
  }
  if (err?.instancePath === "/id" || (err?.keyword === "required" && err.params.missingProperty === "id")) {
    return { ok: false, reason: "id must be a block id such as tdd (lowercase letters, digits, dashes)" };
  }
  return { ok: false, reason: 'expected an object {"action": "activate"|"deactivate", "id": "<block id>"}' };
}

function ok(text: string, details: Record<string, unknown>): ToolResult {
  return { content: [{ type: "text", text }], details };
}

/** A refused call: thrown, which both hosts report to the model as a tool error. Nothing was recorded. */
function refuse(reason: string): never {
  throw new Error(`${TOOL_NAME} refused: ${reason}. No system update changed.`);
}

export function executeUpdateTool(rt: UpdatesRuntime, toolCallId: string, params: unknown, ctx: CtxPort): ToolResult {
  const checked = checkToolArguments(params);
  if (!checked.ok) refuse(checked.reason);
  const { action, id } = checked.args;
  // Permission is rechecked on every call against the preset active now.
  const ref = rt.getActivePreset(ctx);
  if (!hasCallableBlock(ref)) refuse("the active preset declares no block the agent may call");
  const read = readOf(rt.readSession(ctx));
  const { state } = read;
  // Inside a run: the change follows the run's delivery.
  const record = (event: ForgeUpdateEvent) => recordChange(rt, read, planChange(state, event), pickDelivery(rt, ctx, "run"), toolCallId, ref);
  if (action === "deactivate") {
    const target = findActive(state, id);
    if (!target) refuse(`"${id}" is not active`);
    if (target.source !== "agent")
      refuse(`"${target.updateId}" was activated by the ${target.source}; the agent may only deactivate updates it activated itself`);
    record(createRevokeEvent({ updateId: target.updateId, source: "agent", now: rt.now() }));
    return ok(`Deactivated system update "${target.updateId}". Its instructions no longer apply.`, { action, updateId: target.updateId });
  }
  const check = checkBlockActivation(ref, id, "agent");
  if (!check.ok) refuse(check.reason);
  const content = rt.renderTemplate(check.block.content, ctx);
  if (content.trim() === "" || content.length > LIMITS.maxPromptChars)
    refuse(`block "${id}" renders to ${content.length} chars, outside 1..${LIMITS.maxPromptChars}`);
  const updateId = chooseBlockUpdateId(state, id, sha256Hex(content));
  if (state.active.some((u) => u.updateId === updateId)) return ok(`System update "${updateId}" is already active.`, { action, updateId, unchanged: true });
  record(createApplyEvent({ updateId, source: "agent", content, presetId: ref!.key, blockId: id, now: rt.now() }));
  return ok(`Activated system update "${updateId}" (block ${id} of preset ${ref!.key}). Its full text is delivered as a system update before your next step.`, {
    action,
    updateId,
  });
}
