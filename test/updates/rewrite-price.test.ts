// The price words of a prefix-rewrite notice (runtime/updates/rewrite-price.ts): the current model's catalog prices over
// the cached tokens the change sends again; nothing when nothing cached is rewritten or the model has no prices.
import { describe, expect, it } from "vitest";
import { readUsageLedger } from "../../core/usage-ledger.js";
import type { SessionEntry } from "../../core/session-state.js";
import type { PromptChangeReport } from "../../runtime/updates/cache-impact.js";
import { withRewritePrice } from "../../runtime/updates/rewrite-price.js";

const turn = (cacheRead: number, cacheWrite: number): SessionEntry =>
  ({ type: "message", id: `t${cacheRead}`, message: { role: "assistant", usage: { input: 0, output: 5, cacheRead, cacheWrite } } }) as SessionEntry;
const report = (rewrittenChars: number): PromptChangeReport => ({
  impact: { previousChars: 40_000, nextChars: 40_000, keptChars: 40_000 - rewrittenChars, rewrittenChars },
  usage: null,
  warn: false,
  words: "keeps ...",
});
const sonnet = { provider: "anthropic", id: "claude-sonnet-5-5", cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } };
const cached = readUsageLedger([turn(0, 9_000), turn(9_000, 200)]);

describe("withRewritePrice", () => {
  it("prices the rewritten cached tokens at the current model's catalog prices", () => {
    expect(withRewritePrice(report(8_000), cached, sonnet).cost).toBe(
      "rewrites about 2,000 cached tokens: about $0.0075 now, then about $0.0006 a turn cached (claude-sonnet-5-5)",
    );
    // At most the last request's whole prompt is cached.
    expect(withRewritePrice(report(80_000), cached, sonnet).cost).toMatch(/^rewrites about 9,200 cached tokens/);
  });

  it("says nothing without a rewrite, without reported caching, or without prices", () => {
    expect(withRewritePrice(report(0), cached, sonnet).cost).toBeNull();
    expect(withRewritePrice({ impact: null, usage: null, warn: false, words: null }, cached, sonnet).cost).toBeNull();
    expect(withRewritePrice(report(8_000), readUsageLedger([]), sonnet).cost).toBeNull();
    expect(
      withRewritePrice(
        report(8_000),
        readUsageLedger([{ type: "message", message: { role: "assistant", usage: { input: 900, output: 1, cacheRead: 0, cacheWrite: 0 } } } as SessionEntry]),
        sonnet,
      ).cost,
    ).toBeNull();
    expect(withRewritePrice(report(8_000), cached, { ...sonnet, cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } }).cost).toBeNull();
    expect(withRewritePrice(report(8_000), cached, { provider: "x", id: "y" }).cost).toBeNull();
    expect(withRewritePrice(report(8_000), cached, { ...sonnet, cost: { input: "3" } }).cost).toBeNull();
    expect(withRewritePrice(report(8_000), cached, undefined).cost).toBeNull();
  });
});
