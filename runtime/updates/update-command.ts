// The /system-update command: apply, status, reset, list, use, off. None starts a turn or deletes history; each reads
// the branch once and hands that read to the estimate, the record and the delivery.
import { sha256Hex } from "../../core/digest.js";
import { createApplyEvent, createResetEvent, createRevokeEvent, isValidUpdateId } from "../../core/update-events.js";
import { findActive, nextFreeformId, nextResetId, type UpdateState } from "../../core/update-reducer.js";
import { KEY_PATTERN, LIMITS } from "../../generated/constants.js";
import type { ForgeUpdateEvent } from "../../generated/types.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import { readBranch, type BranchRead } from "./branch-read.js";
import { formatRewriteWarning } from "./cache-impact.js";
import { blocksUsable, checkBlockActivation, chooseBlockUpdateId } from "./preset-blocks.js";
import { parseSystemUpdateArgs, USAGE } from "./update-command-args.js";
import { estimateUpdateImpact, planChange, recordChange, type UpdatesRuntime } from "./update-change.js";
import { pickDelivery } from "./update-delivery.js";

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
  const ref = rt.activePreset(ctx);
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

/** Estimates, warns before a change that rewrites a large cached prefix, records and delivers, then reports. */
function applyWithReport(rt: UpdatesRuntime, ctx: CtxPort, read: BranchRead, event: ForgeUpdateEvent, done: string, ref = rt.activePreset(ctx)): void {
  const change = planChange(read.state, event);
  const delivery = pickDelivery(rt.adapter, rt.run, ctx, "host");
  const report = estimateUpdateImpact(rt, ctx, read, change, delivery);
  if (report.warn) say(ctx, formatRewriteWarning(report), "warning");
  recordChange(rt, change, delivery, null, ref);
  say(ctx, `${done}\n${report.text}`);
}

function applyText(rt: UpdatesRuntime, ctx: CtxPort, read: BranchRead, text: string): void {
  if (text.length > LIMITS.maxPromptChars) return say(ctx, `forge: the update is ${text.length} chars; the limit is ${LIMITS.maxPromptChars}`, "error");
  const updateId = nextFreeformId(read.state);
  const event = createApplyEvent({ updateId, source: "user", content: text, now: rt.now() });
  applyWithReport(rt, ctx, read, event, `forge: applied ${updateId} (${text.length} chars, digest ${shortDigest(event.digest!)})`);
}

function useBlock(rt: UpdatesRuntime, ctx: CtxPort, read: BranchRead, blockId: string): void {
  const ref = rt.activePreset(ctx);
  const check = checkBlockActivation(ref, blockId, "user");
  if (!check.ok) return say(ctx, `forge: cannot activate "${blockId}": ${check.reason}`, "error");
  const content = rt.renderTemplate(check.block.content, ctx);
  if (content.trim() === "") return say(ctx, `forge: block "${blockId}" renders to empty text; nothing to activate`, "error");
  if (content.length > LIMITS.maxPromptChars) return say(ctx, `forge: block "${blockId}" renders to ${content.length} chars; the limit is ${LIMITS.maxPromptChars}`, "error");
  const updateId = chooseBlockUpdateId(read.state, blockId, sha256Hex(content));
  if (read.state.active.some((u) => u.updateId === updateId)) return say(ctx, `forge: ${updateId} is already active`);
  const event = createApplyEvent({ updateId, source: "user", content, presetId: ref!.key, blockId, now: rt.now() });
  applyWithReport(rt, ctx, read, event, `forge: activated block ${blockId} of preset ${ref!.key} as ${updateId} (${content.length} chars)`, ref);
}

function turnOff(rt: UpdatesRuntime, ctx: CtxPort, read: BranchRead, id: string): void {
  const target = findActive(read.state, id);
  if (!target) {
    const ids = read.state.active.map((u) => u.updateId);
    return say(ctx, `forge: "${id}" is not active${ids.length ? `; active: ${ids.join(", ")}` : "; nothing is active"}`, "error");
  }
  const event = createRevokeEvent({ updateId: target.updateId, source: "user", now: rt.now() });
  applyWithReport(rt, ctx, read, event, `forge: revoked ${target.updateId}`);
}

function resetAll(rt: UpdatesRuntime, ctx: CtxPort, read: BranchRead): void {
  const active = read.state.active;
  if (active.length === 0) return say(ctx, "forge: no system update is active; nothing to reset");
  const event = createResetEvent({ updateId: nextResetId(read.state), source: "user", now: rt.now() });
  applyWithReport(rt, ctx, read, event, `forge: reset; revoked ${active.map((u) => u.updateId).join(", ")}`);
}

export async function runSystemUpdateCommand(rt: UpdatesRuntime, args: string, ctx: CtxPort): Promise<void> {
  const parsed = parseSystemUpdateArgs(args);
  if (parsed.kind === "error") return say(ctx, `forge: ${parsed.message}`, "error");
  const read = readBranch(ctx.sessionManager.getBranch());
  switch (parsed.kind) {
    case "help":
      return say(ctx, `${renderStatus(read.state, pickDelivery(rt.adapter, rt.run, ctx, "host").kind, { json: false, full: false })}\n${USAGE}`);
    case "apply":
      return applyText(rt, ctx, read, parsed.text);
    case "status":
      return say(ctx, renderStatus(read.state, pickDelivery(rt.adapter, rt.run, ctx, "host").kind, parsed));
    case "list":
      return say(ctx, listBlocks(rt, ctx, read.state, parsed.json));
    case "reset":
      return resetAll(rt, ctx, read);
    case "use":
      if (!isValidUpdateId(parsed.id)) return say(ctx, `forge: "${parsed.id}" is not a block id (expected ${KEY_PATTERN.source})`, "error");
      return useBlock(rt, ctx, read, parsed.id);
    case "off":
      return turnOff(rt, ctx, read, parsed.id);
  }
}
