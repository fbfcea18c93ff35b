// A provider prefix cache, simulated: a request is served from cache up to the longest byte prefix it shares with an
// earlier request of the session, in tokens at 4 characters per token, as OpenAI documents its automatic cache: only a
// prefix of 1,024 tokens or more, in steps of 128 tokens (OPENAI_RULE). Tools come first, as providers cache them.

/**
 * Tokens are counted as characters / 4 (input rounded up, cached prefix rounded down): a deterministic approximation,
 * not a tokenizer. It is the same count everywhere (the fake server's reports and the bench's simulation), so shares
 * compare; absolute token figures are estimates.
 */
export const CHARS_PER_TOKEN = 4;

function contentText(message: any): string {
  const content = message?.content;
  if (typeof content === "string") return content;
  return Array.isArray(content)
    ? content
        .filter((p) => p?.type === "text")
        .map((p) => p.text)
        .join("")
    : "";
}

/** A request body as one string in the order a provider caches it: tools, the leading system prompt, then each message. */
export function requestText(body: any): string {
  const messages: any[] = Array.isArray(body?.messages) ? body.messages : [];
  const [head, ...rest] = messages;
  const lead = head?.role === "system" || head?.role === "developer" ? contentText(head) : JSON.stringify(head ?? null);
  return `${JSON.stringify(body?.tools ?? [])}\u0000${lead}${rest.map((m) => `\u0000${JSON.stringify(m)}`).join("")}`;
}

/** Length of the longest common prefix, in UTF-16 code units. */
export function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** Which prefixes a provider serves from cache: at least `minTokens`, rounded down to a multiple of `step` tokens. */
export interface CacheRule {
  minTokens: number;
  step: number;
}

/**
 * OpenAI's automatic prompt cache (the fake speaks its chat-completions API): "cache hits require an exact, repeated
 * prefix match and work automatically for prompts containing 1024 tokens or more, with cache hits occurring in
 * increments of 128 tokens" (openai-cookbook, Prompt Caching 201). Anthropic's explicit breakpoints are not modelled.
 */
export const OPENAI_RULE: CacheRule = { minTokens: 1024, step: 128 };

/** Every shared prefix, to the token: for tests of the arithmetic on short texts. */
export const EXACT_RULE: CacheRule = { minTokens: 0, step: 1 };

/** The tokens a provider under `rule` serves from cache for a shared prefix of `chars` characters. */
export function cachedTokensOf(chars: number, rule: CacheRule = OPENAI_RULE): number {
  const tokens = Math.floor(chars / CHARS_PER_TOKEN);
  return tokens < rule.minTokens ? 0 : tokens - (tokens % rule.step);
}

export interface CacheUsage {
  /** Input tokens of the request. */
  input: number;
  /** Tokens served from cache: the longest prefix shared with an earlier request. */
  cached: number;
}

/** The cache of one session: every request it served, in order. */
export class PrefixCache {
  private readonly seen: string[] = [];

  constructor(private readonly rule: CacheRule = OPENAI_RULE) {}

  serve(text: string): CacheUsage {
    let longest = 0;
    for (const earlier of this.seen) longest = Math.max(longest, commonPrefix(earlier, text));
    this.seen.push(text);
    return { input: Math.ceil(text.length / CHARS_PER_TOKEN), cached: cachedTokensOf(longest, this.rule) };
  }

  reset(): void {
    this.seen.length = 0;
  }
}

/** What a request body keeps of the one before it, as a provider's prefix cache reads both (requestText). */
export interface KeptPrefix {
  /** Characters of `previous` that stay an identical prefix of `next`. */
  kept: number;
  /** Characters of `previous`. */
  previous: number;
  /** kept / previous in percent, rounded down as forge's notices round (100 only when every character stays). */
  percent: number;
}

export function keptPrefix(previousBody: any, nextBody: any): KeptPrefix {
  const a = requestText(previousBody);
  const b = requestText(nextBody);
  const kept = commonPrefix(a, b);
  return { kept, previous: a.length, percent: a.length === 0 ? 0 : Math.floor((kept / a.length) * 100) };
}
