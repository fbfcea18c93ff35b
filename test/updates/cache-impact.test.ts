// Pure cache-impact arithmetic, the last cacheRead on a branch, the warning rule and the formatter.
import { describe, expect, it } from "vitest";
import {
  branchMessages,
  commonPrefixLength,
  formatCacheImpact,
  lastCacheRead,
  measureCacheImpact,
  promptChangeImpact,
  serializeRequest,
  shouldWarnCacheRewrite,
} from "../../runtime/updates/cache-impact.js";

describe("cache impact", () => {
  it("counts identical prefix characters", () => {
    expect(commonPrefixLength("", "")).toBe(0);
    expect(commonPrefixLength("abc", "abd")).toBe(2);
    expect(commonPrefixLength("abc", "abcdef")).toBe(3);
    expect(commonPrefixLength("x", "y")).toBe(0);
  });

  it("an appended message keeps the whole previous request; a prompt edit rewrites everything after it", () => {
    const messages = [{ role: "user", content: "hi" }, { role: "assistant", content: "yo" }];
    const previous = serializeRequest("SYSTEM PROMPT", messages);
    const appended = measureCacheImpact(previous, serializeRequest("SYSTEM PROMPT", [...messages, { role: "user", content: "<system_update>" }]));
    expect(appended).toMatchObject({ keptChars: previous.length, rewrittenChars: 0, previousChars: previous.length });
    const edited = measureCacheImpact(previous, serializeRequest("SYSTEM PROMPT!", messages));
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

  it("formats one line", () => {
    expect(formatCacheImpact({ previousChars: 12_400, nextChars: 12_500, keptChars: 12_000, rewrittenChars: 400 }, { cacheRead: 2900, input: 10 })).toBe(
      "cache: 12,000 of 12,400 chars of the previous request stay identical (96.8%); last request read 2,900 cached tokens",
    );
    expect(formatCacheImpact({ previousChars: 0, nextChars: 5, keptChars: 0, rewrittenChars: 0 }, null)).toContain("(100.0%); no cache usage reported yet");
  });

  it("maps branch entries to model messages", () => {
    expect(
      branchMessages([
        { type: "message", message: { role: "user", content: "a" } } as any,
        { type: "custom", customType: "forge-system-update", data: {} },
        { type: "custom_message", customType: "m", content: "tag" } as any,
      ]),
    ).toEqual([{ role: "user", content: "a" }, { role: "user", content: "tag" }]);
  });

  it("reports a /mode-style prompt change against the branch", () => {
    const branch: any[] = [
      { type: "message", message: { role: "user", content: "x".repeat(10_000) } },
      { type: "message", message: { role: "assistant", content: "ok", usage: { cacheRead: 3000, input: 1 } } },
    ];
    const same = promptChangeImpact(branch, "PROMPT A", "PROMPT A");
    expect(same).toMatchObject({ warn: false, impact: { rewrittenChars: 0 } });
    const changed = promptChangeImpact(branch, "PROMPT A", "PROMPT B");
    expect(changed.impact.keptChars).toBe("PROMPT ".length);
    expect(changed.warn).toBe(true);
    expect(changed.text).toContain("last request read 3,000 cached tokens");
  });
});
