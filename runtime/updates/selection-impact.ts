// For /mode and /preset: the cache estimate of switching the core's composition, with the updates' part of the prompt
// (inventory, update sections, a compaction fold) carried over the way the next request would carry it.
import type { Composition } from "../../core/composition.js";
import type { RuleRef } from "../../core/rule-catalog.js";
import type { SessionState } from "../../core/session-state.js";
import type { HostAdapter, NativeInputs, RunObservation } from "../host-adapter/index.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { renderInventory } from "./block-inventory.js";
import { promptChangeImpact, type PromptChangeReport } from "./cache-impact.js";
import { withRewritePrice } from "./rewrite-price.js";
import type { ActivePresetRef } from "./preset-blocks.js";
import { hostPromptOptions } from "./update-delivery.js";
import { isUpdatesTail } from "./update-text.js";

/** The core's composition now and after the change, with the preset each one activates (null: none or native). */
export interface SelectionChange {
  now: Composition;
  nowPreset: ActivePresetRef | null;
  next: Composition;
  nextPreset: ActivePresetRef | null;
}

/** Pi's own prompt inputs outside a run: the current prompt string, and (1.x commands) the base options. */
function fallbackInputs(ctx: CtxPort): NativeInputs {
  let systemPrompt = "";
  try {
    systemPrompt = ctx.getSystemPrompt?.() ?? "";
  } catch {
    return { systemPrompt, options: undefined }; // an estimate only
  }
  return { systemPrompt, options: hostPromptOptions(ctx) ?? undefined };
}

/** The part after the core's prompt (inventory, update sections, a compaction fold) with the inventory swapped. */
function swapInventory(tail: string, from: string, to: string): string {
  if (from === to) return tail;
  if (from !== "" && tail.includes(from)) return tail.replace(from, to);
  return to === "" ? tail : `\n\n${to}${tail}`;
}

/**
 * The previous prompt is the one the last request actually sent (the transcript on 1.x; on 0.73.1 the last run's, or in a
 * resumed session before its first run here, the branch's selection recomposed over Pi's base prompt): the provider's
 * cache holds that request, whatever was selected since. Without one there is nothing to keep, and the report says nothing. The next prompt is the core's part for the candidate plus the
 * updates' part (inventory swapped), rendered over the last run's native inputs (the adapter's preview), so the first
 * differing character is where a provider cache breaks. Null when no estimate can be made (an unreadable branch).
 */
export function estimateSelectionChange(
  adapter: HostAdapter,
  ctx: CtxPort,
  change: SelectionChange,
  rules: readonly RuleRef[],
  records: { readSession(ctx: CtxPort): SessionState; lastRun(): RunObservation | null },
): PromptChangeReport | null {
  try {
    const native = fallbackInputs(ctx);
    const session = records.readSession(ctx);
    const branch = session.branch;
    const lastRun = records.lastRun();
    const inventoryNow = renderInventory(change.nowPreset, rules);
    const inventoryNext = renderInventory(change.nextPreset, rules);
    const coreNow = adapter.previewPrompt(change.now, native, lastRun);
    const estimatedTail = inventoryNow === "" ? "" : `\n\n${inventoryNow}`;
    // A resumed session before its first run here (0.73.1 keeps no transcript of the prompt): the last request sent
    // the selection the branch holds now over Pi's base prompt, which getSystemPrompt() still returns; recomposed so.
    const resumed = lastRun === null && branch.some((e) => e.type === "message" && (e.message as { role?: unknown } | undefined)?.role === "assistant");
    const sent = adapter.lastRequestPrompt(ctx, branch, lastRun !== null) ?? (resumed ? coreNow + estimatedTail : null);
    // The sent prompt's tail is kept only when it is the updates' own part after what the core composes now.
    const lastTail = sent !== null && sent.startsWith(coreNow) ? sent.slice(coreNow.length) : null;
    const tail = lastTail !== null && isUpdatesTail(lastTail, inventoryNow) ? lastTail : estimatedTail;
    const nextPrompt = adapter.previewPrompt(change.next, native, lastRun) + swapInventory(tail, inventoryNow, inventoryNext);
    return withRewritePrice(promptChangeImpact(branch, sent, nextPrompt), session.usage(), ctx.model);
  } catch {
    return null;
  }
}
