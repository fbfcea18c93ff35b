// Cache-impact notices for the two prefix rewrites forge does not cause itself but can foresee: a model switch that
// changes how Pi lays out the prompt (and so the delivery), and a compaction. Said before the next request, against
// the request body Pi last sent (tools included).
import { readRequest, type HostAdapter, type RequestRecord } from "../host-adapter/index.js";
import type { BranchEntry, CtxPort, ModelSelectEvent } from "../host-adapter/ports.js";
import { tellNotice } from "../command-notice.js";
import { commonPrefixLength, leadingPrompt, type PromptChangeReport } from "./cache-impact.js";
import { requestChangeImpact } from "./request-impact.js";
import { choiceForModel, describeChoice } from "./update-delivery.js";
import type { SessionState } from "../../core/session-state.js";

/** The leading prompt the branch gives a model that does (in place) or does not (folded) take mid-conversation system messages. */
function promptFor(adapter: HostAdapter, ctx: CtxPort, branch: readonly BranchEntry[], inPlace: boolean): string {
  const folded = adapter.lastRequestPrompt(ctx, branch) ?? "";
  return inPlace ? (leadingPrompt(branch) ?? folded) : folded;
}

/**
 * The next leading prompt when the layout goes from `before` to `after` (both as forge renders the transcript), over
 * the prompt actually `sent`: `after` itself when `sent` is `before`, else `sent` up to where the two layouts part.
 */
function relayout(sent: string, before: string, after: string): string {
  if (sent === before || before === after) return sent === before ? after : sent;
  const k = commonPrefixLength(before, after);
  return sent.slice(0, k) + after.slice(k);
}

/** One notice: the headline, then the plain cache words (a warning when it rewrites a large cached prefix). */
function tell(ctx: CtxPort, headline: string, report: PromptChangeReport): void {
  tellNotice(ctx, { head: headline, cache: report.words, level: report.warn ? "warning" : "info" });
}

/**
 * model_select: on a host with prompt sections (as the last run showed), a switch between a model with mid-conversation system messages and one
 * without changes the delivery of later updates, and Pi itself lays out the recorded patches differently (in place, or
 * folded into the leading prompt). Says so with the estimate; silent when nothing changes for forge.
 */
export function announceModelSwitch(
  adapter: HostAdapter,
  ctx: CtxPort,
  event: ModelSelectEvent,
  sectionsHost: boolean,
  branch: readonly BranchEntry[],
  record: RequestRecord | null,
): void {
  const before = choiceForModel(adapter, event.previousModel, sectionsHost);
  const after = choiceForModel(adapter, event.model ?? ctx.model, sectionsHost);
  if (before.kind === after.kind) return;
  const sent = record === null ? null : readRequest(record.payload)?.lead;
  const lead =
    typeof sent === "string"
      ? relayout(sent, promptFor(adapter, ctx, branch, before.kind === "sections"), promptFor(adapter, ctx, branch, after.kind === "sections"))
      : undefined;
  const report = requestChangeImpact(branch, record, lead === undefined ? {} : { lead });
  tell(ctx, `forge: system updates now use ${after.kind} delivery: ${describeChoice(after)}. What the model already holds stays where it is.`, report);
}

/** session_compact: the next request starts from Pi's summary; the estimate compares it with the request body before. */
export function announceCompaction(ctx: CtxPort, session: Pick<SessionState, "branch" | "compaction">, record: RequestRecord | null): void {
  if (session.compaction.cut < 0) return;
  tell(ctx, "forge: compaction: the next request starts from Pi's summary (a new cached prefix).", requestChangeImpact(session.branch, record, {}));
}
