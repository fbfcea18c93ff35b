// Cache-impact report for /mode and /preset: how much of the previous request's prefix a selection change keeps.
import { composeSelection, type Composition } from "../../core/composition.js";
import type { ForgeController } from "../controller.js";
import type { HostAdapter, NativeInputs } from "../host-adapter/index.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { previewStateEntry, type ResolvedCandidate } from "../../core/selection.js";
import type { ActivePresetRef } from "../updates/blocks.js";
import { hostPromptOptions } from "../host-adapter/transcript.js";
import { lastRequestPrompt, promptChangeImpact, type PromptChangeReport } from "../updates/cache-impact.js";
import { renderInventory } from "../updates/inventory.js";
import { isUpdatesTail } from "../updates/render.js";

/** The preset `name` as system updates see it (none while `composition` is native): its blocks are usable only from a trusted scope. */
export function presetRefFor(controller: ForgeController, composition: Composition, name: string | null | undefined): ActivePresetRef | null {
  if (composition.kind === "native" || !name) return null;
  const entry = controller.catalog.presets.get(name);
  if (!entry) return null;
  return { key: entry.key, preset: entry.preset, scope: entry.scope, trusted: entry.scope !== "project" || controller.discovered?.trust.trusted === true };
}

export interface CacheReporter {
  /** The estimate for switching to `candidate` (null: /mode off), or null when it cannot be made. */
  estimate(ctx: CtxPort, candidate: ResolvedCandidate | null): PromptChangeReport | null;
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

/** The last request's prompt, or null when unknown (an unreadable branch included). */
function lastPrompt(ctx: CtxPort): string | null {
  try {
    return lastRequestPrompt(ctx.sessionManager.getBranch(), ctx);
  } catch {
    return null;
  }
}

/** The part after the core's prompt (inventory, update sections, a compaction fold) with the inventory swapped. */
function swapInventory(tail: string, from: string, to: string): string {
  if (from === to) return tail;
  if (from !== "" && tail.includes(from)) return tail.replace(from, to);
  return to === "" ? tail : `\n\n${to}${tail}`;
}

/**
 * The previous prompt is the last request's when it starts with what the core composes now, else it is
 * estimated from the replayed selection. The next one is the core's part for the candidate plus the
 * updates' part (inventory swapped). Both core parts are rendered over the same native inputs (the
 * adapter's preview), so the first differing character is where a provider cache breaks.
 */
export function createCacheReporter(controller: ForgeController, adapter: HostAdapter | null): CacheReporter {
  return {
    estimate(ctx, candidate) {
      if (adapter === null) return null;
      try {
        const native = fallbackInputs(ctx);
        const vars = controller.vars(ctx);
        const current = controller.compose(ctx).composition;
        let next: Composition = { kind: "native", reason: null };
        if (candidate !== null) {
          // A replace_final base is confirmed by the action itself; estimate it as confirmed.
          const entry = previewStateEntry(controller.catalog, candidate);
          next = composeSelection(controller.catalog, { state: entry, error: null }, { ...vars, preset: candidate.preset ?? "" }).composition;
        }
        const inventoryNow = renderInventory(presetRefFor(controller, current, controller.selection.state?.preset));
        const inventoryNext = renderInventory(presetRefFor(controller, next, candidate?.preset));
        const coreNow = adapter.previewPrompt(current, native);
        const estimatedTail = inventoryNow === "" ? "" : `\n\n${inventoryNow}`;
        const last = lastPrompt(ctx);
        const previousPrompt = last !== null && last.startsWith(coreNow) ? last : coreNow + estimatedTail;
        // The last prompt's tail is kept only when it is the updates' own part (not an older selection's).
        const lastTail = previousPrompt.slice(coreNow.length);
        const tail = isUpdatesTail(lastTail, inventoryNow) ? lastTail : estimatedTail;
        const nextPrompt = adapter.previewPrompt(next, native) + swapInventory(tail, inventoryNow, inventoryNext);
        return promptChangeImpact(ctx.sessionManager.getBranch(), previousPrompt, nextPrompt);
      } catch {
        return null;
      }
    },
  };
}
