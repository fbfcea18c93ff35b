// The cache words of a change from the request body Pi last sent, tools included (issue 30): the recorded body against
// the next one predicted, both in the order a provider caches them. Where forge cannot know the body it says so.
import { predictRequest, type RequestChange, type RequestRecord } from "../host-adapter/index.js";
import type { BranchEntry } from "../host-adapter/ports.js";
import { describeCacheImpact, hasSentRequest, lastCacheRead, reportCacheImpact, type PromptChangeReport } from "./cache-impact.js";
import { latestCompaction } from "./branch-read.js";

/** Why a notice cannot say what a change keeps. */
export type UnknownCache = "no-request" | "other-branch" | "format";

const UNKNOWN_WORDS: Record<UnknownCache, string> = {
  "no-request": "cache impact not known: no request sent in this session since Pi started",
  "other-branch": "cache impact not known: the last request was sent on another branch",
  format: "cache impact not known: forge cannot read this provider's request body",
};

const NOTHING: PromptChangeReport = { impact: null, usage: null, warn: false, words: null };

/** Said instead of a share: the report has no impact (so no price and no warning), only why. */
export function unknownCacheReport(why: UnknownCache): PromptChangeReport {
  return { ...NOTHING, words: UNKNOWN_WORDS[why] };
}

/** The whole previous request kept (what an appended change does): for the words only, the sizes are not known. */
const WHOLE = { previousChars: 0, nextChars: 0, keptChars: 0, rewrittenChars: 0 };

/** Index of the branch's last assistant message: the answer to the last request sent on it (-1: none). */
function lastAnswerAt(branch: readonly BranchEntry[]): number {
  for (let i = branch.length - 1; i >= 0; i--) {
    const e = branch[i];
    if (e?.type === "message" && (e.message as { role?: unknown } | null | undefined)?.role === "assistant") return i;
  }
  return -1;
}

/**
 * Where the recorded request stands on `branch`: its leaf's index, -1 when the branch does not hold it (another
 * branch, another session), the branch's end when the host could not tell its leaf.
 */
function recordedAt(branch: readonly BranchEntry[], record: RequestRecord): number {
  if (record.leafId === undefined) return branch.length - 1;
  if (record.leafId === null) return -1;
  for (let i = branch.length - 1; i >= 0; i--) if (branch[i]?.id === record.leafId) return i;
  return -1;
}

/**
 * The report of `change` against the request Pi last sent (`record`): nothing before a request was answered on the
 * branch (nothing is cached), why not when the body is not known here, else the share of it the next request keeps.
 * A compaction since the request is part of the prediction: the messages after the prompt start from its summary.
 */
export function requestChangeImpact(branch: readonly BranchEntry[], record: RequestRecord | null, change: Omit<RequestChange, "summary">): PromptChangeReport {
  if (!hasSentRequest(branch)) return NOTHING;
  const { cut } = latestCompaction(branch);
  const at = record === null ? -1 : recordedAt(branch, record);
  if (record === null || at < 0) {
    // A change that only appends keeps whatever the provider holds of this branch's last request, body or not; unless
    // a compaction came after that request, which starts the next one from Pi's summary.
    const appendOnly = change.lead === undefined && change.activeTools === undefined;
    if (appendOnly && cut < lastAnswerAt(branch)) return { ...NOTHING, usage: lastCacheRead(branch), words: describeCacheImpact(WHOLE, null, false) };
    return unknownCacheReport(record === null ? "no-request" : "other-branch");
  }
  const summary = cut > at ? branch[cut]!.summary : undefined;
  const prediction = predictRequest(record, { ...change, ...(cut > at ? { summary: typeof summary === "string" ? summary : "" } : {}) });
  if (prediction === null) return unknownCacheReport("format");
  return reportCacheImpact(branch, prediction.previous, prediction.next);
}
