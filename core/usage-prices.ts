// Money at a model's catalog prices (dollars per million tokens, as Pi's model catalog gives them): the spend of
// reported usage (/forge cost) and the estimated price of a prefix rewrite (the /mode, /preset, /system-update notices).
import type { TokenTotals } from "./usage-ledger.js";

/** A model's catalog prices, dollars per million tokens. */
export interface ModelPrices {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

const PER = 1_000_000;

/** A price a catalog may hold: a finite amount, not negative (the catalog is a file on disk too). */
const isPrice = (v: unknown): boolean => typeof v === "number" && Number.isFinite(v) && v >= 0 && v <= 1e6;

/** Whether `prices` says anything about money: a model without prices (all zero, or one that is not an amount) has none. */
export function hasPrices(prices: ModelPrices | null | undefined): prices is ModelPrices {
  if (prices == null || ![prices.input, prices.output, prices.cacheRead, prices.cacheWrite].every(isPrice)) return false;
  return prices.input > 0 || prices.output > 0 || prices.cacheRead > 0 || prices.cacheWrite > 0;
}

/** The spend of `usage` at `prices`, in dollars. */
export function spendOf(usage: TokenTotals, prices: ModelPrices): number {
  return (usage.input * prices.input + usage.output * prices.output + usage.cacheRead * prices.cacheRead + usage.cacheWrite * prices.cacheWrite) / PER;
}

/** Dollars as people read a small price: two significant digits below $1 ($0.018, $0.0014), cents above. */
export function formatDollars(amount: number): string {
  if (amount === 0) return "$0";
  if (amount >= 1) return `$${amount.toFixed(2)}`;
  return `$${Number(amount.toPrecision(2)).toString()}`;
}

export interface RewritePrice {
  /** Cached tokens the change sends again. */
  tokens: number;
  /** Sending them again now: at the cache-write price, or the input price where a provider charges no write. */
  now: number;
  /** Each later turn that reads them from cache. */
  perTurn: number;
}

/** The price of sending `tokens` cached tokens again; null without prices. */
export function priceRewrite(tokens: number, prices: ModelPrices | null | undefined): RewritePrice | null {
  if (!hasPrices(prices)) return null;
  const write = prices.cacheWrite > 0 ? prices.cacheWrite : prices.input;
  return { tokens, now: (tokens * write) / PER, perTurn: (tokens * prices.cacheRead) / PER };
}

/**
 * The cached tokens a change rewrites: it sends again everything after its first changed character (`rewrittenTokens`,
 * estimated), of a previous request whose prompt the provider reported (`last`) and now holds in cache. Null when the
 * provider reported no caching at all (nothing cached to rewrite) or nothing is rewritten.
 */
export function rewrittenCachedTokens(rewrittenTokens: number, last: TokenTotals | null): number | null {
  if (last === null || (last.cacheRead === 0 && last.cacheWrite === 0) || rewrittenTokens <= 0) return null;
  return Math.min(rewrittenTokens, last.input + last.cacheRead + last.cacheWrite);
}

/**
 * The notice's price words, e.g. `rewrites about 14,200 cached tokens: about $0.018 now, then about $0.0014 a turn
 * cached (claude-sonnet-5-5)`; null when the model has no prices (the notice's cache words already say the tokens).
 */
export function describeRewritePrice(tokens: number, prices: ModelPrices | null | undefined, model: string | null): string | null {
  const head = `rewrites about ${tokens.toLocaleString("en-US")} cached ${tokens === 1 ? "token" : "tokens"}`;
  const price = priceRewrite(tokens, prices);
  if (price === null) return null;
  return `${head}: about ${formatDollars(price.now)} now, then about ${formatDollars(price.perTurn)} a turn cached${model ? ` (${model})` : ""}`;
}
