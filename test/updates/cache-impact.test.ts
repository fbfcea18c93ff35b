// Pure cache-impact arithmetic, the last cacheRead on a branch, the warning rule and the formatter.
import { describe, expect, it } from "vitest";
import { commonPrefixLength, describeCacheImpact, lastCacheRead, measureCacheImpact, shouldWarnCacheRewrite } from "../../runtime/updates/cache-impact.js";

describe("cache impact", () => {
  it("counts identical prefix characters", () => {
    expect(commonPrefixLength("", "")).toBe(0);
    expect(commonPrefixLength("abc", "abd")).toBe(2);
    expect(commonPrefixLength("abc", "abcdef")).toBe(3);
    expect(commonPrefixLength("x", "y")).toBe(0);
  });

  it("an appended message keeps the whole previous request; a prompt edit rewrites everything after it", () => {
    const previous = "SYSTEM PROMPT\u0000hi\u0000yo";
    const appended = measureCacheImpact(previous, `${previous}\u0000<system_update>`);
    expect(appended).toMatchObject({ keptChars: previous.length, rewrittenChars: 0, previousChars: previous.length });
    const edited = measureCacheImpact(previous, "SYSTEM PROMPT!\u0000hi\u0000yo");
    expect(edited.keptChars).toBe("SYSTEM PROMPT".length);
    expect(edited.rewrittenChars).toBe(previous.length - "SYSTEM PROMPT".length);
  });

  it("reads the last assistant usage from the branch", () => {
    const branch: any[] = [
      { type: "message", message: { role: "assistant", usage: { cacheRead: 10, input: 5 } } },
      { type: "message", message: { role: "user", content: "x" } },
      { type: "message", message: { role: "assistant", usage: { cacheRead: 1234, input: 99 } } },
      { type: "custom", customType: "x" },
    ];
    expect(lastCacheRead(branch)).toEqual({ cacheRead: 1234, input: 99 });
    expect(lastCacheRead([])).toBeNull();
    expect(lastCacheRead([{ type: "message", message: { role: "assistant" } } as any])).toBeNull();
  });

  it("warns only for a large rewrite of a prefix that was actually served from cache", () => {
    const big = { previousChars: 50_000, nextChars: 50_000, keptChars: 100, rewrittenChars: 49_900 };
    const small = { previousChars: 50_000, nextChars: 50_010, keptChars: 49_000, rewrittenChars: 1_000 };
    expect(shouldWarnCacheRewrite(big, { cacheRead: 9000, input: 1 })).toBe(true);
    expect(shouldWarnCacheRewrite(big, { cacheRead: 0, input: 1 })).toBe(false);
    expect(shouldWarnCacheRewrite(big, null)).toBe(false);
    expect(shouldWarnCacheRewrite(small, { cacheRead: 9000, input: 1 })).toBe(false);
    expect(shouldWarnCacheRewrite(small, { cacheRead: 9000, input: 1 }, 500)).toBe(true);
  });

  it("says the impact in plain words: the share of the cached prompt kept and the tokens re-sent", () => {
    const partial = { previousChars: 12_400, nextChars: 12_500, keptChars: 12_000, rewrittenChars: 400 };
    expect(describeCacheImpact(partial, { cacheRead: 2900, input: 10 }, false)).toBe("keeps 96% of the cached prompt, re-sends about 100 tokens");
    // A warning names what the last request read from cache.
    expect(describeCacheImpact(partial, { cacheRead: 2900, input: 10 }, true)).toBe(
      "keeps 96% of the cached prompt, re-sends about 100 tokens (the last request read 2,900 cached tokens)",
    );
    expect(describeCacheImpact({ previousChars: 500, nextChars: 600, keptChars: 500, rewrittenChars: 0 }, null, false)).toBe("keeps the whole cached prompt");
    // 99.9% is not "the whole": a share is rounded down.
    expect(describeCacheImpact({ previousChars: 10_000, nextChars: 10_000, keptChars: 9_999, rewrittenChars: 1 }, null, false)).toBe(
      "keeps 99% of the cached prompt, re-sends about 1 token",
    );
    expect(describeCacheImpact({ previousChars: 800, nextChars: 10, keptChars: 0, rewrittenChars: 800 }, null, false)).toBe(
      "keeps none of the cached prompt, re-sends about 200 tokens",
    );
  });
});
