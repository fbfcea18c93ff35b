// For /mode and /preset: the cache estimate of switching the core's composition against the request body Pi last sent,
// the updates' part of the prompt (inventory, update sections, a compaction fold) carried over the way the next request
// would carry it, and the tools Pi declares once the change is applied.
import type { Composition } from "../../core/composition.js";
import type { RuleRef } from "../../core/rule-catalog.js";
import { readRequest, type HostAdapter, type NativeInputs } from "../host-adapter/index.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { renderInventory } from "./block-inventory.js";
import type { PromptChangeReport } from "./cache-impact.js";
import { requestChangeImpact } from "./request-impact.js";
import type { UpdatesRuntime } from "./update-change.js";
import { toolsAfterSync, UPDATE_TOOL_INFO } from "./update-tool.js";
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

/** Whether a composition forces the whole prompt (replace_final): 1.x then sends it as the leading prompt, no patch. */
const forces = (c: Composition) => c.kind === "compose" && c.base?.strategy === "replace_final";

/** The report of a change, made once the change is applied: the tools Pi declares are read from Pi then. */
export type PendingReport = () => PromptChangeReport | null;

/** What the estimate reads of the feature's runtime: the session's records, and Pi's tools after the change. */
export type SelectionRecords = Pick<UpdatesRuntime, "readSession" | "lastRun" | "lastRequest" | "pi" | "getActivePreset">;

/**
 * The previous request is the body Pi last sent (recorded in before_provider_request): the provider's cache holds it,
 * whatever was selected since. The next one is predicted from it: the core's part for the candidate plus the updates'
 * part (inventory swapped), rendered over the last run's native inputs (the adapter's preview), as its leading prompt
 * (1.x with a model that takes mid-conversation system messages patches sections after everything instead), and the
 * tools Pi declares once the change is applied (the preferences' tools, forge's own tool as the next run syncs it).
 * The prompt is predicted now, the tools when the returned report is made. Null when no estimate can be made.
 */
export function estimateSelectionChange(
  adapter: HostAdapter,
  ctx: CtxPort,
  change: SelectionChange,
  rules: readonly RuleRef[],
  records: SelectionRecords,
): PendingReport | null {
  try {
    const native = fallbackInputs(ctx);
    const session = records.readSession(ctx);
    const branch = session.branch;
    const lastRun = records.lastRun();
    const record = records.lastRequest();
    const inPlace = adapter.supportsSections(null, lastRun) && !adapter.foldsSectionChanges(ctx) && !forces(change.now) && !forces(change.next);
    const sent = record === null ? null : readRequest(record.payload)?.lead;
    let lead: string | undefined;
    if (!inPlace && typeof sent === "string") {
      const inventoryNow = renderInventory(change.nowPreset, rules);
      const inventoryNext = renderInventory(change.nextPreset, rules);
      const coreNow = adapter.previewPrompt(change.now, native, lastRun);
      const estimatedTail = inventoryNow === "" ? "" : `\n\n${inventoryNow}`;
      // The sent prompt's tail is kept only when it is the updates' own part after what the core composes now.
      const lastTail = sent.startsWith(coreNow) ? sent.slice(coreNow.length) : null;
      const tail = lastTail !== null && isUpdatesTail(lastTail, inventoryNow) ? lastTail : estimatedTail;
      lead = adapter.previewPrompt(change.next, native, lastRun) + swapInventory(tail, inventoryNow, inventoryNext);
    }
    return () => {
      try {
        const tools = toolsAfterSync(records.pi.getActiveTools(), records.getActivePreset(ctx));
        const infos = new Map((records.pi.getAllTools?.() ?? []).map((t) => [t.name, t]));
        const toolInfo = (name: string) => infos.get(name) ?? (name === UPDATE_TOOL_INFO.name ? UPDATE_TOOL_INFO : undefined);
        const report = requestChangeImpact(branch, record, { ...(lead === undefined ? {} : { lead }), activeTools: tools, toolInfo });
        return withRewritePrice(report, session.usage(), ctx.model);
      } catch {
        return null;
      }
    };
  } catch {
    return null;
  }
}
