// Cache-impact notices for the two prefix rewrites forge does not cause itself but can foresee: a model switch that
// changes how Pi lays out the prompt (and so the delivery), and a compaction. Said before the next request.
import type { HostAdapter } from "../host-adapter/index.js";
import type { BranchEntry, CtxPort, ModelSelectEvent } from "../host-adapter/ports.js";
import { tellNotice } from "../command-notice.js";
import { branchMessages, leadingPrompt, reportCacheImpact, serializeRequest, type PromptChangeReport } from "./cache-impact.js";
import { choiceForModel, describeChoice } from "./update-delivery.js";
import type { SessionState } from "../../core/session-state.js";

/** The request the branch makes for a model that does (in place) or does not (folded) take mid-conversation system messages. */
function requestFor(adapter: HostAdapter, ctx: CtxPort, branch: readonly BranchEntry[], inPlace: boolean): string {
  const folded = adapter.lastRequestPrompt(ctx, branch) ?? "";
  const prompt = inPlace ? (leadingPrompt(branch) ?? folded) : folded;
  return serializeRequest(prompt, branchMessages(branch, inPlace));
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
export function announceModelSwitch(adapter: HostAdapter, ctx: CtxPort, event: ModelSelectEvent, sectionsHost: boolean, branch: readonly BranchEntry[]): void {
  const before = choiceForModel(adapter, event.previousModel, sectionsHost);
  const after = choiceForModel(adapter, event.model ?? ctx.model, sectionsHost);
  if (before.kind === after.kind) return;
  const report = reportCacheImpact(
    branch,
    requestFor(adapter, ctx, branch, before.kind === "sections"),
    requestFor(adapter, ctx, branch, after.kind === "sections"),
  );
  tell(ctx, `forge: system updates now use ${after.kind} delivery: ${describeChoice(after)}. What the model already holds stays where it is.`, report);
}

/** session_compact: the next request starts from Pi's summary; the estimate compares it with the request before. */
export function announceCompaction(adapter: HostAdapter, ctx: CtxPort, sectionsHost: boolean, session: Pick<SessionState, "branch" | "compaction">): void {
  const { branch } = session;
  const { cut } = session.compaction;
  if (cut < 0) return;
  const before = [...branch.slice(0, cut), ...branch.slice(cut + 1)];
  const inPlace = choiceForModel(adapter, ctx.model, sectionsHost).kind === "sections";
  const report = reportCacheImpact(branch, requestFor(adapter, ctx, before, inPlace), requestFor(adapter, ctx, branch, inPlace));
  tell(ctx, "forge: compaction: the next request starts from Pi's summary (a new cached prefix).", report);
}
