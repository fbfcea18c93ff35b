// Pure cache-impact estimates: how much of the previous request's prefix an action keeps, and the last cacheRead.
import type { BranchEntry } from "../host-adapter/ports.js";
import { latestCompaction } from "./branch-read.js";

export interface CacheImpact {
  previousChars: number;
  nextChars: number;
  /** Characters of the previous request that stay an identical prefix of the next one. */
  keptChars: number;
  /** previousChars - keptChars: the part of the old prefix a provider cache can no longer serve. */
  rewrittenChars: number;
}

export interface LastUsage {
  cacheRead: number;
  input: number;
}

/** Length of the longest common prefix, in UTF-16 code units. */
export function commonPrefixLength(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

export function measureCacheImpact(previous: string, next: string): CacheImpact {
  const keptChars = commonPrefixLength(previous, next);
  return { previousChars: previous.length, nextChars: next.length, keptChars, rewrittenChars: previous.length - keptChars };
}

/** A session entry's message as estimates read it (entry data comes from disk: anything may be missing). */
function messageOf(entry: BranchEntry): { role?: unknown; usage?: { cacheRead?: unknown; input?: unknown } } | null | undefined {
  return entry.message as ReturnType<typeof messageOf>;
}

/** A message's text parts joined, as pi-ai reads content. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content.map((p: { type?: unknown; text?: unknown } | null) => (p?.type === "text" ? p.text : "")).join("");
}

type SystemMessage = { role?: unknown; content?: unknown; sections?: Record<string, string | null> };

/** 1.x: the leading system message of a request (the latest compaction's stored one, else the first), as text. */
export function leadingPrompt(branch: readonly BranchEntry[]): string | null {
  const { cut } = latestCompaction(branch);
  const first =
    cut >= 0 ? (branch[cut]!.systemMessage as SystemMessage | undefined) : branch.find((e) => e.type === "message" && messageOf(e)?.role === "system")?.message;
  const m = first as SystemMessage | undefined;
  if (m?.role !== "system") return null;
  return [textOf(m.content), ...Object.values(m.sections ?? {})].filter((t): t is string => typeof t === "string" && t !== "").join("\n\n");
}

/** cacheRead and input tokens of the last assistant message on the branch, or null when none reported usage. */
export function lastCacheRead(branch: readonly BranchEntry[]): LastUsage | null {
  for (let i = branch.length - 1; i >= 0; i--) {
    const e = branch[i];
    if (e?.type !== "message" || messageOf(e)?.role !== "assistant") continue;
    const usage = messageOf(e)?.usage;
    if (!usage || typeof usage.cacheRead !== "number") return null;
    return { cacheRead: usage.cacheRead, input: typeof usage.input === "number" ? usage.input : 0 };
  }
  return null;
}

export const DEFAULT_WARN_REWRITTEN_CHARS = 8_000;

/** Warn when the action rewrites a large part of a prefix the provider actually served from cache. */
export function shouldWarnCacheRewrite(impact: CacheImpact, usage: LastUsage | null, threshold = DEFAULT_WARN_REWRITTEN_CHARS): boolean {
  return usage !== null && usage.cacheRead > 0 && impact.rewrittenChars >= threshold;
}

function n(x: number): string {
  return x.toLocaleString("en-US");
}

/** Tokens of `chars` characters, estimated as Pi's own figures are (characters / 4, rounded up). */
function tokensOf(chars: number): number {
  return Math.ceil(chars / 4);
}

/**
 * The plain words of an impact, said inside a command's one notice: the share of the cached prompt (the previous
 * request) the next request keeps, and about how many tokens it sends again. A share below the whole is rounded down,
 * so "the whole" is said only when every character stays. With `warn`, the cache read the last request reported.
 */
export function describeCacheImpact(impact: CacheImpact, usage: LastUsage | null, warn: boolean): string {
  if (impact.rewrittenChars === 0) return "keeps the whole cached prompt";
  const pct = impact.previousChars === 0 ? 0 : Math.floor((impact.keptChars / impact.previousChars) * 100);
  const share = impact.keptChars === 0 || pct === 0 ? "keeps none of the cached prompt" : `keeps ${pct}% of the cached prompt`;
  const read = warn && usage !== null ? ` (the last request read ${n(usage.cacheRead)} cached tokens)` : "";
  const tokens = tokensOf(impact.rewrittenChars);
  return `${share}, re-sends about ${n(tokens)} ${tokens === 1 ? "token" : "tokens"}${read}`;
}

export interface PromptChangeReport {
  /** null: no request was sent on the branch, or its prompt is not known, so there is nothing to compare with. */
  impact: CacheImpact | null;
  usage: LastUsage | null;
  /** True when the change rewrites at least `threshold` chars of a prefix that was served from cache. */
  warn: boolean;
  /** describeCacheImpact's words; null (say nothing) without an impact. */
  words: string | null;
  /** The rewrite's price words (rewrite-price.ts withRewritePrice); null or absent: nothing to say. */
  cost?: string | null;
}

/** Whether a request was sent and answered on the branch (an assistant message): only then is there a cached prompt. */
export function hasSentRequest(branch: readonly BranchEntry[]): boolean {
  return branch.some((e) => e.type === "message" && messageOf(e)?.role === "assistant");
}

const NO_REPORT: PromptChangeReport = { impact: null, usage: null, warn: false, words: null };

/**
 * The report of going from request `previous` (null: not known) to `next` on `branch` (its last cache usage decides
 * the warning). Nothing is reported before a request was sent on the branch.
 */
export function reportCacheImpact(
  branch: readonly BranchEntry[],
  previous: string | null,
  next: string,
  threshold = DEFAULT_WARN_REWRITTEN_CHARS,
): PromptChangeReport {
  if (previous === null || !hasSentRequest(branch)) return NO_REPORT;
  const impact = measureCacheImpact(previous, next);
  const usage = lastCacheRead(branch);
  const warn = shouldWarnCacheRewrite(impact, usage, threshold);
  return { impact, usage, warn, words: describeCacheImpact(impact, usage, warn) };
}
