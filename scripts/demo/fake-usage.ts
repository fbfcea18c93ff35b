// The usage the fake provider reports, as real providers do: a prefix cache per model (cache reads for the longest
// prefix seen, cache writes for the rest), and the wire form each Pi host's openai-completions reader expects.
import type { IncomingHttpHeaders } from "node:http";
import { OPENAI_RULE, PrefixCache, requestText, type CacheRule } from "./prefix-cache.js";

/** What the fake reports for one request, in tokens (4 characters per token: prefix-cache.ts). */
export interface Usage {
  /** Every input token of the request: cache reads, cache writes and uncached input together. */
  prompt_tokens: number;
  completion_tokens: number;
  /** Input tokens served from cache (Pi's `usage.cacheRead`). */
  cached_tokens: number;
  /** Input tokens written to cache by this request (Pi's `usage.cacheWrite`). */
  cache_write_tokens: number;
}

/** The fixed figures of a server without a prefix cache, and the base a reply's own `usage` overrides. */
export const FIXED_USAGE: Usage = { prompt_tokens: 100, completion_tokens: 5, cached_tokens: 0, cache_write_tokens: 0 };

/**
 * How the client reads `prompt_tokens_details`. Pi 1.x (pi-ai 1.x `parseChunkUsage`, user agent `pi/<version>`) takes
 * `cached_tokens` as reads and `cache_write_tokens` as writes, as OpenRouter documents them. Pi 0.73.1 (pi-ai 0.73
 * `parseChunkUsage`, the OpenAI SDK's user agent) takes `cached_tokens` as reads plus writes and subtracts the writes.
 */
export type UsageDialect = "reads-apart" | "reads-include-writes";

export function usageDialectOf(headers: IncomingHttpHeaders): UsageDialect {
  return /^OpenAI\/JS /.test(String(headers["user-agent"] ?? "")) ? "reads-include-writes" : "reads-apart";
}

/** The `usage` object of a chat-completion response, in the client's dialect, so Pi records exactly `usage`. */
export function usageBody(usage: Usage, dialect: UsageDialect): Record<string, unknown> {
  const cached = dialect === "reads-include-writes" && usage.cache_write_tokens > 0 ? usage.cached_tokens + usage.cache_write_tokens : usage.cached_tokens;
  return {
    prompt_tokens: usage.prompt_tokens,
    completion_tokens: usage.completion_tokens,
    total_tokens: usage.prompt_tokens + usage.completion_tokens,
    prompt_tokens_details: { cached_tokens: cached, ...(usage.cache_write_tokens > 0 ? { cache_write_tokens: usage.cache_write_tokens } : {}) },
  };
}

/** One prefix cache per model, as providers keep them: a model switch starts cold on the other model. */
export class ModelCaches {
  private readonly byModel = new Map<string, PrefixCache>();

  constructor(private readonly rule: CacheRule = OPENAI_RULE) {}

  /** The cache of the model a request body names (the bench's simulation serves its own texts through it). */
  cacheFor(body: any): PrefixCache {
    const model = typeof body?.model === "string" ? body.model : "";
    let cache = this.byModel.get(model);
    if (!cache) this.byModel.set(model, (cache = new PrefixCache(this.rule)));
    return cache;
  }

  /** Serves a request body: every input token is read from cache (the longest prefix seen) or written to it. */
  serve(body: any, completionTokens: number): Usage {
    const served = this.cacheFor(body).serve(requestText(body));
    return { prompt_tokens: served.input, completion_tokens: completionTokens, cached_tokens: served.cached, cache_write_tokens: served.input - served.cached };
  }

  reset(): void {
    this.byModel.clear();
  }
}
