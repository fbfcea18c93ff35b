// Cache figures of a recorded session (bench/updates-session.mjs): rewritten characters, the share of input a provider
// prefix cache serves, and each prefix rewrite with its cause and whether a cache-impact notice announced it; for forge's
// requests and for a naive baseline simulated from the same requests; and the share by Pi's own recorded usage.
import type { SentRequest } from "./sent-request.js";
import { toldView } from "./told-view.js";
import { messageText } from "../../scripts/demo/fake-server.js";
import { ModelCaches } from "../../scripts/demo/fake-usage.js";
import { cachedTokensOf, commonPrefix, OPENAI_RULE, requestText, type CacheRule } from "../../scripts/demo/prefix-cache.js";

/** What happened between two conversation requests besides a new prompt (an agent tool call counts as an update). */
export type Cause = "update" | "mode" | "model" | "compaction";

export interface SessionRequest {
  body: any;
  /** A compaction's summarization request, or a conversation request. */
  kind: "turn" | "summary";
  /** Conversation requests: what happened since the previous conversation request. */
  causes: Cause[];
  /** The cache-impact notices forge printed in that gap. */
  notices: string[];
}

export interface PrefixRewrite {
  /** Index among the conversation requests. */
  request: number;
  chars: number;
  causes: Cause[];
  announced: boolean;
}

export interface SideFigures {
  /** Characters of each previous conversation request that are not a prefix of the next one, summed. */
  rewritten: number;
  /** The part of `rewritten` in gaps where only update changes happened. */
  rewrittenByUpdates: number;
  /** cacheRead / input over the counted requests (not the first, the compaction's or a mode switch's). */
  cacheShare: number;
  /** The same share if every request extended the previous one: what a perfect append-only session gets. */
  appendOnlyShare: number;
  /** cacheShare over the counted requests that do not follow a model switch (the provider keeps a cache per model). */
  sameModelShare: number;
  /** appendOnlyShare over the same requests: the most any delivery can keep there. */
  sameModelCeiling: number;
  rewrites: PrefixRewrite[];
}

/** A recorded body as the model reads it: the leading system prompt, then the other messages in order. */
export function sentFromBody(body: any): SentRequest {
  const [head, ...rest] = body.messages as any[];
  const role = (r: string) => (r === "developer" ? "system" : r === "toolResult" ? "tool" : r) as SentRequest["messages"][number]["role"];
  return { prompt: messageText(head), messages: rest.map((m) => ({ role: role(m.role), text: messageText(m) })) };
}

const SECTION = /\n\n<forge-update-([a-z0-9-]+)>\n[\s\S]*?\n<\/forge-update-\1>/g;
const FOLD = /\n\n# Active system updates\n[\s\S]*$/;
const PATCH =
  /(?:\n\n)?(?:Updated system prompt section "forge-update-([a-z0-9-]+)":\n\n<forge-update-\1>\n[\s\S]*?\n<\/forge-update-\1>|Removed system prompt section "forge-update-[a-z0-9-]+"\.)/g;
const TAGS_ONLY = /^(?:<system_update id="[a-z0-9-]+"(?: status="revoked")?>\n[\s\S]*?\n<\/system_update>(?:\n\n)?)+$/;

/**
 * The naive baseline of one request: forge's deliveries removed (update sections and the fold from the prompt, tagged
 * messages, update patches) and the active set the model holds appended to the end of the system prompt, as an
 * extension that rewrites the prompt on every change would send it (the end is the baseline's best case).
 */
export function naiveBody(body: any): any {
  const held = toldView(sentFromBody(body)).held;
  const [head, ...rest] = body.messages as any[];
  const block = [...held].map(([id, h]) => `\n\n<system_update id="${id}">\n${h.content}\n</system_update>`).join("");
  const messages: any[] = [{ ...head, content: messageText(head).replace(SECTION, "").replace(FOLD, "") + block }];
  for (const m of rest) {
    const text = messageText(m);
    if (m.role === "user" && TAGS_ONLY.test(text)) continue;
    if (m.role === "system" || m.role === "developer") {
      const kept = text.replace(PATCH, "").trim();
      if (kept !== "") messages.push({ ...m, content: kept });
      continue;
    }
    messages.push(m);
  }
  return { ...body, messages };
}

/** Whether a conversation request counts toward the share served from cache: not the first, the compaction's or a mode switch's. */
function countsTowardShare(r: SessionRequest, turn: number): boolean {
  return turn > 0 && !r.causes.includes("compaction") && !r.causes.includes("mode");
}

/** The usage Pi recorded for a conversation request: its assistant message's `usage` in the session file. */
export interface RecordedUsage {
  input: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface RecordedShares {
  /** cacheRead over all input tokens (input + cacheRead + cacheWrite) of the requests sideFigures counts. */
  counted: number;
  /** `counted` without the requests after a model switch: the provider keeps a cache per model, so those start cold. */
  sameModel: number;
  /** The same over every conversation request. */
  all: number;
}

/** The share served from cache by Pi's recorded usage; `usages` holds one entry per conversation request, in order. */
export function recordedShares(requests: readonly SessionRequest[], usages: readonly RecordedUsage[]): RecordedShares {
  const turns = requests.filter((r) => r.kind === "turn");
  if (turns.length !== usages.length) throw new Error(`${turns.length} conversation requests but ${usages.length} recorded usages`);
  const sums = { counted: [0, 0], all: [0, 0], sameModel: [0, 0] };
  turns.forEach((r, turn) => {
    const u = usages[turn]!;
    const total = u.input + u.cacheRead + u.cacheWrite;
    const keys: Array<keyof typeof sums> = ["all"];
    if (countsTowardShare(r, turn)) keys.push("counted", ...(r.causes.includes("model") ? [] : (["sameModel"] as const)));
    for (const key of keys) {
      sums[key][0]! += u.cacheRead;
      sums[key][1]! += total;
    }
  });
  const share = ([read, total]: number[]) => (total === 0 ? 1 : read! / total!);
  return { counted: share(sums.counted), all: share(sums.all), sameModel: share(sums.sameModel) };
}

/**
 * Where the counted requests' input was not served from cache, by Pi's recorded usage, as shares of their whole input:
 * by what happened in the gap before each ("a model switch", "an update change" (an agent tool call's turn too), or "the
 * new turn alone": the new prompt and the last reply). Says why the recorded share is what it is, cause by cause.
 */
export function uncachedByCause(requests: readonly SessionRequest[], usages: readonly RecordedUsage[]): Record<string, number> {
  const turns = requests.filter((r) => r.kind === "turn");
  const sums = new Map<string, number>();
  let total = 0;
  turns.forEach((r, turn) => {
    if (!countsTowardShare(r, turn)) return;
    const u = usages[turn]!;
    total += u.input + u.cacheRead + u.cacheWrite;
    const cause = r.causes.includes("model") ? "a model switch" : r.causes.includes("update") ? "an update change" : "the new turn alone";
    sums.set(cause, (sums.get(cause) ?? 0) + u.input + u.cacheWrite);
  });
  return Object.fromEntries([...sums].map(([cause, tokens]) => [cause, total === 0 ? 0 : tokens / total]));
}

/** A notice's cache words keeping less than the whole previous request (runtime/updates/cache-impact.ts describeCacheImpact). */
const PARTIAL_KEEP = /keeps (?:\d+%|none) of the cached prompt/;

/** Whether a notice foretold a rewrite: its cache words keep less than the whole previous request. */
function foretellsRewrite(notice: string): boolean {
  return PARTIAL_KEEP.test(notice);
}

/**
 * The figures of one side: `bodyOf` maps a recorded body to what that side sends (identity for forge). The cache is
 * the fake provider's (scripts/demo/fake-usage.ts): one per model, under `rule`; so forge's simulated share is the
 * share Pi records, request by request.
 */
export function sideFigures(requests: readonly SessionRequest[], bodyOf: (body: any) => any, rule: CacheRule = OPENAI_RULE): SideFigures {
  const caches = new ModelCaches(rule);
  const figures: SideFigures = {
    rewritten: 0,
    rewrittenByUpdates: 0,
    cacheShare: 0,
    appendOnlyShare: 0,
    sameModelShare: 0,
    sameModelCeiling: 0,
    rewrites: [],
  };
  const same = { input: 0, cached: 0, ideal: 0 };
  let previous: string | null = null;
  let turn = -1;
  let input = 0;
  let cached = 0;
  let ideal = 0;
  for (const r of requests) {
    const text = requestText(r.kind === "turn" ? bodyOf(r.body) : r.body);
    const served = caches.cacheFor(r.body).serve(text);
    if (r.kind !== "turn") continue;
    turn++;
    if (previous !== null) {
      const chars = previous.length - commonPrefix(previous, text);
      figures.rewritten += chars;
      const others = r.causes.filter((c) => c !== "update");
      if (chars > 0 && others.length === 0 && r.causes.includes("update")) figures.rewrittenByUpdates += chars;
      if (chars > 0) figures.rewrites.push({ request: turn, chars, causes: [...new Set(r.causes)], announced: r.notices.some(foretellsRewrite) });
      if (countsTowardShare(r, turn)) {
        input += served.input;
        cached += served.cached;
        const best = Math.min(served.input, cachedTokensOf(previous.length, rule));
        ideal += best;
        if (!r.causes.includes("model")) {
          same.input += served.input;
          same.cached += served.cached;
          same.ideal += best;
        }
      }
    }
    previous = text;
  }
  figures.cacheShare = input === 0 ? 1 : cached / input;
  figures.appendOnlyShare = input === 0 ? 1 : ideal / input;
  figures.sameModelShare = same.input === 0 ? 1 : same.cached / same.input;
  figures.sameModelCeiling = same.input === 0 ? 1 : same.ideal / same.input;
  return figures;
}
