// The /system-update command: apply, status, reset, list, use, off. None starts a turn or deletes history; each reads
// the branch once and hands that read to the estimate, the record and the delivery.
import { listDiagnostics } from "../../core/diagnostics/summarize-skipped.js";
import { sha256Hex } from "../../core/digest.js";
import { createApplyEvent, createResetEvent, createRevokeEvent, isValidUpdateId } from "../../core/update-events.js";
import { findActive, nextFreeformId, nextResetId, type UpdateState } from "../../core/update-reducer.js";
import { KEY_PATTERN, LIMITS } from "../../generated/constants.js";
import type { ForgeUpdateEvent } from "../../generated/types.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import { readOf } from "./branch-read.js";
import { unsentDeliveries } from "../../core/delivery-view.js";
import { tellNotice } from "../command-notice.js";
import { blocksUsable, checkBlockActivation, chooseBlockUpdateId } from "./preset-blocks.js";
import { parseSystemUpdateArgs, USAGE } from "./update-command-args.js";
import { estimateUpdateImpact, planChange, recordChange, type UpdatesRuntime } from "./update-change.js";
import { readModelView, toldAs, type ModelView } from "./model-view.js";
import { describeTrigger } from "./rule-inventory.js";
import { describeChoice, pickDelivery, type DeliveryChoice } from "./update-delivery.js";

function shortDigest(digest: string): string {
  return digest.slice(0, 12);
}

/** What status says about delivery: the choice for the current model and why, and how each active update was told. */
export interface DeliveryStatus {
  choice: DeliveryChoice;
  view: ModelView;
  /** Updates told by a message no request has carried yet (core/delivery-view.ts unsentDeliveries). */
  unsent?: ReadonlySet<string>;
}

const TOLD: Record<string, string> = { section: "told as a section", message: "told as a message", prompt: "told in the prompt", null: "pending" };

export function renderStatus(state: UpdateState, delivery: DeliveryStatus, opts: { json: boolean; full: boolean }): string {
  const rows = state.active.map((u) => ({
    updateId: u.updateId,
    source: u.source,
    ...(u.presetId !== undefined ? { presetId: u.presetId } : {}),
    ...(u.blockId !== undefined ? { blockId: u.blockId } : {}),
    ...(u.ruleId !== undefined ? { ruleId: u.ruleId } : {}),
    ...(u.matchedPath !== undefined ? { matchedPath: u.matchedPath } : {}),
    digest: u.digest,
    size: u.contentSnapshot.length,
    createdAt: u.createdAt,
    told: toldAs(delivery.view, u),
    // A message appended since the last request reaches the model with the next one: queued, not yet told.
    ...(toldAs(delivery.view, u) === "message" ? { sent: !(delivery.unsent?.has(u.updateId) ?? false) } : {}),
    ...(opts.full ? { content: u.contentSnapshot } : {}),
  }));
  const { kind, reason } = delivery.choice;
  const why = describeChoice(delivery.choice);
  if (opts.json) return JSON.stringify({ delivery: kind, deliveryReason: reason, deliveryWhy: why, active: rows, diagnostics: state.diagnostics }, null, 2);
  const lines = [`forge system updates: ${rows.length} active; ${kind} delivery: ${why}`];
  for (const r of rows) {
    const origin =
      (r.blockId ? ` block ${r.blockId}${r.presetId ? ` of ${r.presetId}` : ""}` : r.ruleId ? ` rule ${r.ruleId}` : "") +
      (r.matchedPath !== undefined ? ` (path ${r.matchedPath})` : "");
    const told = r.sent === false ? "queued as a message: the next request tells it" : TOLD[String(r.told)];
    lines.push(`  ${r.updateId}  ${r.source}  ${shortDigest(r.digest)}  ${r.size} chars  ${r.createdAt}${origin}  (${told})`);
    if (opts.full) lines.push(...(r.content ?? "").split("\n").map((l) => `    | ${l}`));
  }
  lines.push(...listDiagnostics(state.diagnostics, (d) => `  ${d.severity} ${d.code}: ${d.message}`, "/system-update status --json"));
  return lines.join("\n");
}

/** The offered path rules, for /system-update list. */
function listRules(
  rt: UpdatesRuntime,
  ctx: CtxPort,
  state: UpdateState,
): Array<{ id: string; scope: string; description: string; paths: string; active: boolean }> {
  return (rt.getPathRules?.(ctx).rules ?? []).map((r) => ({
    id: r.key,
    scope: r.scope,
    description: r.rule.description,
    paths: describeTrigger(r.rule.when),
    active: state.active.some((u) => u.ruleId === r.key),
  }));
}

function listBlocks(rt: UpdatesRuntime, ctx: CtxPort, state: UpdateState, json: boolean): string {
  const rules = listRules(rt, ctx, state);
  const ruleLines =
    rules.length === 0
      ? []
      : [
          "forge: path rules (switch on by themselves when a tool call names a matching path):",
          ...rules.map((r) => `  ${r.id}  ${r.description}  paths: ${r.paths}  ${r.active ? "active" : "dormant"}`),
        ];
  const ref = rt.getActivePreset(ctx);
  if (ref === null || ref.preset.systemUpdates.length === 0) {
    if (json) return JSON.stringify({ preset: ref?.key ?? null, blocks: [], rules }, null, 2);
    return ["forge: the active preset declares no system-update blocks", ...ruleLines].join("\n");
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
  if (json) return JSON.stringify({ preset: ref.key, scope: ref.scope, trusted: usable, blocks, rules }, null, 2);
  const lines = [
    `forge: blocks of preset "${ref.key}" (${ref.scope})${usable ? "" : ": untrusted project bundle, none can be activated; trust the project first"}`,
  ];
  for (const b of blocks) lines.push(`  ${b.id}  ${b.name}: ${b.description}  callable: ${b.callable ? "yes" : "no"}  ${b.active ? "active" : "inactive"}`);
  return [...lines, ...ruleLines].join("\n");
}

export async function runSystemUpdateCommand(rt: UpdatesRuntime, args: string, ctx: CtxPort): Promise<void> {
  const parsed = parseSystemUpdateArgs(args);
  if (parsed.kind === "error") return say(ctx, `forge: ${parsed.message}`, "error");
  // One read of the branch for the whole command: status, estimate, record, delivery and completions use it.
  const read = readOf(rt.readSession(ctx));
  const { state } = read;
  const error = (text: string) => say(ctx, text, "error");

  /** Estimates, records and delivers, then reports the change and its cache impact in one notice. */
  function apply(event: ForgeUpdateEvent, done: string, ref = rt.getActivePreset(ctx)): void {
    const change = planChange(state, event);
    const picked = pickDelivery(rt, ctx, "host");
    const report = estimateUpdateImpact(rt, ctx, read, change, picked);
    recordChange(rt, read, change, picked, null, ref);
    tellNotice(ctx, { head: done, cache: report.words, cost: report.cost ?? null, level: report.warn ? "warning" : "info" });
  }

  function applyText(text: string): void {
    if (text.length > LIMITS.maxPromptChars) return error(`forge: the update is ${text.length} chars; the limit is ${LIMITS.maxPromptChars}`);
    const updateId = nextFreeformId(state);
    const event = createApplyEvent({ updateId, source: "user", content: text, now: rt.now() });
    apply(event, `forge: applied ${updateId} (${text.length} chars, digest ${shortDigest(event.digest!)})`);
  }

  function useBlock(blockId: string): void {
    if (!isValidUpdateId(blockId)) return error(`forge: "${blockId}" is not a block id (expected ${KEY_PATTERN.source})`);
    const ref = rt.getActivePreset(ctx);
    const check = checkBlockActivation(ref, blockId, "user");
    if (!check.ok) return error(`forge: cannot activate "${blockId}": ${check.reason}`);
    const content = rt.renderTemplate(check.block.content, ctx);
    if (content.trim() === "") return error(`forge: block "${blockId}" renders to empty text; nothing to activate`);
    if (content.length > LIMITS.maxPromptChars)
      return error(`forge: block "${blockId}" renders to ${content.length} chars; the limit is ${LIMITS.maxPromptChars}`);
    const updateId = chooseBlockUpdateId(state, blockId, sha256Hex(content));
    if (state.active.some((u) => u.updateId === updateId)) return say(ctx, `forge: ${updateId} is already active`);
    const event = createApplyEvent({ updateId, source: "user", content, presetId: ref!.key, blockId, now: rt.now() });
    apply(event, `forge: activated block ${blockId} of preset ${ref!.key} as ${updateId} (${content.length} chars)`, ref);
  }

  function turnOff(id: string): void {
    const target = findActive(state, id);
    if (!target) {
      const ids = state.active.map((u) => u.updateId);
      return error(`forge: "${id}" is not active${ids.length ? `; active: ${ids.join(", ")}` : "; nothing is active"}`);
    }
    apply(createRevokeEvent({ updateId: target.updateId, source: "user", now: rt.now() }), `forge: revoked ${target.updateId}`);
  }

  function resetAll(): void {
    if (state.active.length === 0) return say(ctx, "forge: no system update is active; nothing to reset");
    const event = createResetEvent({ updateId: nextResetId(state), source: "user", now: rt.now() });
    apply(event, `forge: reset; revoked ${state.active.map((u) => u.updateId).join(", ")}`);
  }

  function deliveryStatus(): DeliveryStatus {
    const { choice, sectionsHost } = pickDelivery(rt, ctx, "host");
    return { choice, view: readModelView(read, sectionsHost), unsent: unsentDeliveries(read.branch) };
  }

  switch (parsed.kind) {
    case "help":
      return say(ctx, `${renderStatus(state, deliveryStatus(), { json: false, full: false })}\n${USAGE}`);
    case "apply":
      return applyText(parsed.text);
    case "status":
      return say(ctx, renderStatus(state, deliveryStatus(), parsed));
    case "list":
      return say(ctx, listBlocks(rt, ctx, state, parsed.json));
    case "reset":
      return resetAll();
    case "use":
      return useBlock(parsed.id);
    case "off":
      return turnOff(parsed.id);
  }
}
