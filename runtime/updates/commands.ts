// The /system-update command family: apply, status, reset, list, use, off. None starts a turn or deletes history.
import type { ForgeUpdateEvent } from "../../generated/types.js";
import { sha256Hex } from "../../core/digest.js";
import { activeAfter, currentDelivery, estimateUpdateImpact, readState, recordEvent, type UpdatesRuntime } from "./actions.js";
import { checkBlockActivation, chooseBlockUpdateId, usableBlocks, blocksUsable, type ActivePresetRef } from "./blocks.js";
import { formatRewriteWarning } from "./cache-impact.js";
import { createApplyEvent, createResetEvent, createRevokeEvent, isValidUpdateId } from "../../core/update-events.js";
import { KEY_PATTERN, LIMITS } from "../../generated/constants.js";
import { say } from "../output.js";
import type { AutocompleteItem } from "../host-adapter/ports.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { findActive, nextFreeformId, nextResetId, type UpdateState } from "../../core/update-reducer.js";

export const COMMAND_NAME = "system-update";

export type ParsedArgs =
  | { kind: "help" }
  | { kind: "apply"; text: string }
  | { kind: "status"; json: boolean; full: boolean }
  | { kind: "reset" }
  | { kind: "list"; json: boolean }
  | { kind: "use"; id: string }
  | { kind: "off"; id: string }
  | { kind: "error"; message: string };

const USAGE =
  "usage: /system-update <text> | status [--json] [--full] | reset | list [--json] | use <id> | off <id>  (/system-update -- <text> applies text that starts with a subcommand word)";

/** Subcommands only when the whole shape matches; anything else is freeform text. */
export function parseSystemUpdateArgs(args: string): ParsedArgs {
  const trimmed = args.trim();
  if (trimmed === "") return { kind: "help" };
  if (trimmed === "--" || trimmed.startsWith("-- ")) {
    const text = trimmed.slice(2).trim();
    return text === "" ? { kind: "error", message: `nothing to apply; ${USAGE}` } : { kind: "apply", text };
  }
  const tokens = trimmed.split(/\s+/);
  const [head, ...rest] = tokens;
  if (head === "status" && rest.every((t) => t === "--json" || t === "--full")) {
    return { kind: "status", json: rest.includes("--json"), full: rest.includes("--full") };
  }
  if (head === "reset" && rest.length === 0) return { kind: "reset" };
  if (head === "list" && (rest.length === 0 || (rest.length === 1 && rest[0] === "--json"))) return { kind: "list", json: rest.length === 1 };
  if ((head === "use" || head === "off") && rest.length <= 1) {
    if (rest.length === 0) return { kind: "error", message: `/system-update ${head} needs an id, e.g. /system-update ${head} ${head === "use" ? "tdd" : "update-1"}` };
    return { kind: head, id: rest[0]! };
  }
  return { kind: "apply", text: trimmed };
}

function shortDigest(digest: string): string {
  return digest.slice(0, 12);
}

export function renderStatus(state: UpdateState, delivery: string, opts: { json: boolean; full: boolean }): string {
  const rows = state.active.map((u) => ({
    updateId: u.updateId,
    source: u.source,
    ...(u.presetId !== undefined ? { presetId: u.presetId } : {}),
    ...(u.blockId !== undefined ? { blockId: u.blockId } : {}),
    digest: u.digest,
    size: u.contentSnapshot.length,
    createdAt: u.createdAt,
    ...(opts.full ? { content: u.contentSnapshot } : {}),
  }));
  if (opts.json) return JSON.stringify({ delivery, active: rows, diagnostics: state.diagnostics }, null, 2);
  const lines = [`forge system updates: ${rows.length} active (${delivery} delivery)`];
  for (const r of rows) {
    const origin = r.blockId ? ` block ${r.blockId}${r.presetId ? ` of ${r.presetId}` : ""}` : "";
    lines.push(`  ${r.updateId}  ${r.source}  ${shortDigest(r.digest)}  ${r.size} chars  ${r.createdAt}${origin}`);
    if (opts.full) lines.push(...(r.content ?? "").split("\n").map((l) => `    | ${l}`));
  }
  for (const d of state.diagnostics) lines.push(`  ${d.severity} ${d.code}: ${d.message}`);
  return lines.join("\n");
}

function listBlocks(rt: UpdatesRuntime, ctx: CtxPort, state: UpdateState, json: boolean): string {
  const ref = rt.deps.getActivePreset(ctx);
  if (ref === null || ref.preset.systemUpdates.length === 0) {
    return json ? JSON.stringify({ preset: ref?.key ?? null, blocks: [] }, null, 2) : "forge: the active preset declares no system-update blocks";
  }
  const usable = blocksUsable(ref);
  const blocks = ref.preset.systemUpdates.map((b) => ({
    id: b.id,
    name: b.name,
    description: b.description,
    callable: b.modelCallable,
    active: state.active.some((u) => u.blockId === b.id && u.presetId === ref.key),
    activatable: usable,
  }));
  if (json) return JSON.stringify({ preset: ref.key, scope: ref.scope, trusted: usable, blocks }, null, 2);
  const lines = [`forge: blocks of preset "${ref.key}" (${ref.scope})${usable ? "" : ": untrusted project bundle, none can be activated; trust the project first"}`];
  for (const b of blocks) lines.push(`  ${b.id}  ${b.name}: ${b.description}  callable: ${b.callable ? "yes" : "no"}  ${b.active ? "active" : "inactive"}`);
  return lines.join("\n");
}

/** Reports the cache estimate, as a warning before a change that rewrites a large cached prefix. */
function applyWithReport(rt: UpdatesRuntime, ctx: CtxPort, state: UpdateState, event: ForgeUpdateEvent, done: string): void {
  const report = estimateUpdateImpact(rt, ctx, state.active, activeAfter(state, event));
  if (report.warn) say(ctx, formatRewriteWarning(report), "warning");
  recordEvent(rt, ctx, state, event, null);
  say(ctx, `${done}\n${report.text}`);
}

function applyText(rt: UpdatesRuntime, ctx: CtxPort, text: string): void {
  if (text.length > LIMITS.maxPromptChars) return say(ctx, `forge: the update is ${text.length} chars; the limit is ${LIMITS.maxPromptChars}`, "error");
  const state = readState(ctx);
  const updateId = nextFreeformId(state);
  const event = createApplyEvent({ updateId, source: "user", content: text, now: rt.now() });
  applyWithReport(rt, ctx, state, event, `forge: applied ${updateId} (${text.length} chars, digest ${shortDigest(event.digest!)})`);
}

function useBlock(rt: UpdatesRuntime, ctx: CtxPort, blockId: string): void {
  const ref = rt.deps.getActivePreset(ctx);
  const check = checkBlockActivation(ref, blockId, "user");
  if (!check.ok) return say(ctx, `forge: cannot activate "${blockId}": ${check.reason}`, "error");
  const content = rt.deps.renderTemplate(check.block.content, ctx);
  if (content.trim() === "") return say(ctx, `forge: block "${blockId}" renders to empty text; nothing to activate`, "error");
  if (content.length > LIMITS.maxPromptChars) return say(ctx, `forge: block "${blockId}" renders to ${content.length} chars; the limit is ${LIMITS.maxPromptChars}`, "error");
  const state = readState(ctx);
  const updateId = chooseBlockUpdateId(state, blockId, sha256Hex(content));
  if (state.active.some((u) => u.updateId === updateId)) return say(ctx, `forge: ${updateId} is already active`);
  const event = createApplyEvent({ updateId, source: "user", content, presetId: ref!.key, blockId, now: rt.now() });
  applyWithReport(rt, ctx, state, event, `forge: activated block ${blockId} of preset ${ref!.key} as ${updateId} (${content.length} chars)`);
}

function turnOff(rt: UpdatesRuntime, ctx: CtxPort, id: string): void {
  const state = readState(ctx);
  const target = findActive(state, id);
  if (!target) {
    const ids = state.active.map((u) => u.updateId);
    return say(ctx, `forge: "${id}" is not active${ids.length ? `; active: ${ids.join(", ")}` : "; nothing is active"}`, "error");
  }
  const event = createRevokeEvent({ updateId: target.updateId, source: "user", now: rt.now() });
  applyWithReport(rt, ctx, state, event, `forge: revoked ${target.updateId}`);
}

function resetAll(rt: UpdatesRuntime, ctx: CtxPort): void {
  const state = readState(ctx);
  if (state.active.length === 0) return say(ctx, "forge: no system update is active; nothing to reset");
  const event = createResetEvent({ updateId: nextResetId(state), source: "user", now: rt.now() });
  applyWithReport(rt, ctx, state, event, `forge: reset; revoked ${state.active.map((u) => u.updateId).join(", ")}`);
}

export async function runSystemUpdateCommand(rt: UpdatesRuntime, args: string, ctx: CtxPort): Promise<void> {
  const parsed = parseSystemUpdateArgs(args);
  switch (parsed.kind) {
    case "help":
      return say(ctx, `${renderStatus(readState(ctx), currentDelivery(rt, ctx, "host").kind, { json: false, full: false })}\n${USAGE}`);
    case "error":
      return say(ctx, `forge: ${parsed.message}`, "error");
    case "apply":
      return applyText(rt, ctx, parsed.text);
    case "status":
      return say(ctx, renderStatus(readState(ctx), currentDelivery(rt, ctx, "host").kind, parsed));
    case "list":
      return say(ctx, listBlocks(rt, ctx, readState(ctx), parsed.json));
    case "reset":
      return resetAll(rt, ctx);
    case "use":
      if (!isValidUpdateId(parsed.id)) return say(ctx, `forge: "${parsed.id}" is not a block id (expected ${KEY_PATTERN.source})`, "error");
      return useBlock(rt, ctx, parsed.id);
    case "off":
      return turnOff(rt, ctx, parsed.id);
  }
}

/** Completion data cached from the last event, since getArgumentCompletions receives no ctx. */
export interface CompletionData {
  blockIds: string[];
  activeIds: string[];
}

export function completeSystemUpdateArgs(prefix: string, data: CompletionData): AutocompleteItem[] | null {
  const subcommands = ["status", "status --json", "status --full", "reset", "list", "use", "off"];
  const m = /^(use|off)\s+(\S*)$/.exec(prefix);
  if (m) {
    const ids = m[1] === "use" ? data.blockIds : data.activeIds;
    const items = ids.filter((id) => id.startsWith(m[2]!)).map((id) => ({ value: `${m[1]} ${id}`, label: id }));
    return items.length ? items : null;
  }
  const items = subcommands.filter((s) => s.startsWith(prefix.trimStart())).map((s) => ({ value: s, label: s }));
  return items.length ? items : null;
}

export function completionDataFor(ref: ActivePresetRef | null, state: UpdateState): CompletionData {
  return {
    blockIds: usableBlocks(ref).map((b) => b.id),
    activeIds: state.active.map((u) => u.updateId),
  };
}
