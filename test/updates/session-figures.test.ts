// The bench's arithmetic (bench/updates-session.mjs): the simulated prefix cache, the naive baseline built from a
// recorded request, and the per-side figures with causes and announcements.
import { describe, expect, it } from "vitest";
import { commonPrefix, EXACT_RULE, OPENAI_RULE, PrefixCache, requestText } from "../../scripts/demo/prefix-cache.js";
import { naiveBody, recordedShares, sideFigures, type SessionRequest } from "../shared/session-figures.js";

const body = (prompt: string, ...messages: Array<[string, string]>) => ({
  tools: [{ name: "read" }],
  messages: [{ role: "system", content: prompt }, ...messages.map(([role, content]) => ({ role, content }))],
});
const turn = (b: unknown, causes: SessionRequest["causes"] = [], notices: string[] = []): SessionRequest => ({ body: b, kind: "turn", causes, notices });

describe("simulated prefix cache", () => {
  it("serves the longest prefix shared with any earlier request, at 4 characters per token", () => {
    const cache = new PrefixCache(EXACT_RULE);
    expect(cache.serve("a".repeat(40))).toEqual({ input: 10, cached: 0 });
    expect(cache.serve(`${"a".repeat(40)}bbbb`)).toEqual({ input: 11, cached: 10 });
    expect(cache.serve(`${"a".repeat(20)}cc`)).toEqual({ input: 6, cached: 5 });
    cache.reset();
    expect(cache.serve("a".repeat(40)).cached).toBe(0);
  });

  it("serves as OpenAI documents: nothing under 1,024 tokens, then multiples of 128 tokens (the fake provider's rule)", () => {
    const cache = new PrefixCache();
    expect(cache).toEqual(new PrefixCache(OPENAI_RULE));
    const chars = (tokens: number) => "a".repeat(tokens * 4);
    expect(cache.serve(chars(1_100))).toEqual({ input: 1_100, cached: 0 });
    // 1,023 tokens shared: under the minimum, nothing is served from cache.
    expect(cache.serve(`${chars(1_023)}b${chars(50)}`).cached).toBe(0);
    // 1,100 shared: 1,024 served (8 steps of 128); 1,300 shared: 1,280.
    expect(cache.serve(`${chars(1_100)}c`).cached).toBe(1_024);
    expect(cache.serve(`${chars(1_300)}`).cached).toBe(1_024);
    expect(cache.serve(`${chars(1_300)}d`).cached).toBe(1_280);
  });

  it("lays a request out as providers cache it: tools, the system prompt, then each message", () => {
    expect(requestText(body("P", ["user", "hi"]))).toBe(`[{"name":"read"}]\u0000P\u0000{"role":"user","content":"hi"}`);
  });
});

describe("naive baseline", () => {
  it("removes forge's deliveries and appends the active set to the end of the prompt", () => {
    const recorded = body(
      "PROMPT\n\n<forge-update-a>\nA.\n</forge-update-a>",
      ["user", "one"],
      ["user", '<system_update id="b">\nB.\n</system_update>'],
      [
        "system",
        'Updated system prompt section "forge-review":\n\nR\n\nUpdated system prompt section "forge-update-c":\n\n<forge-update-c>\nC.\n</forge-update-c>',
      ],
      ["user", "two"],
    );
    const naive = naiveBody(recorded);
    expect(naive.messages.map((m: { content: string }) => m.content)).toEqual([
      'PROMPT\n\n<system_update id="a">\nA.\n</system_update>\n\n<system_update id="b">\nB.\n</system_update>\n\n<system_update id="c">\nC.\n</system_update>',
      "one",
      'Updated system prompt section "forge-review":\n\nR',
      "two",
    ]);
    expect(naiveBody(body('P\n\n# Active system updates\n\nfold <system_update id="x">\nX.\n</system_update>')).messages[0].content).toBe(
      'P\n\n<system_update id="x">\nX.\n</system_update>',
    );
  });
});

describe("side figures", () => {
  const one = body("P", ["user", "one"]);
  const two = body("P", ["user", "one"], ["assistant", "ok"], ["user", "two"]);
  const changed = body("Q", ["user", "one"], ["assistant", "ok"], ["user", "two"], ["assistant", "ok"], ["user", "three"]);

  it("counts rewritten chars, attributes each prefix rewrite to its gap, and checks it was announced", () => {
    const f = sideFigures(
      [
        turn(one),
        turn(two, ["update"]),
        turn(
          changed,
          ["mode"],
          ["forge: active preset x overlays a (drift policy block; was Pi's native prompt) · keeps 11% of the cached prompt, re-sends about 20 tokens"],
        ),
      ],
      (b) => b,
      EXACT_RULE,
    );
    expect(f.rewrittenByUpdates).toBe(0);
    expect(f.rewrites).toEqual([{ request: 2, chars: requestText(two).length - requestText(two).indexOf("P"), causes: ["mode"], announced: true }]);
    expect(f.rewritten).toBe(f.rewrites[0]!.chars);
    // Only the second request counts for the share (the first and the mode switch's are left out); it extends the first.
    expect(f.cacheShare).toBeCloseTo(Math.floor(requestText(one).length / 4) / Math.ceil(requestText(two).length / 4));
    expect(f.appendOnlyShare).toBeCloseTo(f.cacheShare);
  });

  it("an update change that rewrites is counted as such, and a rewrite without a notice is not announced", () => {
    const f = sideFigures(
      [turn(one), turn(changed, ["update"], ["forge: applied update-1 (9 chars, digest 0123456789ab) · keeps the whole cached prompt"])],
      (b) => b,
      EXACT_RULE,
    );
    expect(f.rewrittenByUpdates).toBeGreaterThan(0);
    expect(f.rewrites[0]).toMatchObject({ causes: ["update"], announced: false });
  });

  it("keeps a cache per model, as the fake provider does: another model's first request is served cold", () => {
    const other = { ...two, model: "other-model" };
    const f = sideFigures([turn(one), turn(other, ["model"]), turn({ ...changed, model: "other-model" })], (b) => b, EXACT_RULE);
    const same = sideFigures([turn(one), turn(two, ["model"]), turn(changed)], (b) => b, EXACT_RULE);
    expect(f.cacheShare).toBeLessThan(same.cacheShare);
    // Left out of the same-model figures: the request after the switch; the last one extends the one before it.
    const kept = commonPrefix(requestText(other), requestText({ ...changed, model: "other-model" }));
    expect(f.sameModelShare).toBeCloseTo(Math.floor(kept / 4) / Math.ceil(requestText(changed).length / 4), 6);
    expect(f.sameModelCeiling).toBeGreaterThanOrEqual(f.sameModelShare);
  });

  it("leaves summarization requests out of the conversation but lets later requests hit them", () => {
    const f = sideFigures([turn(one), { body: two, kind: "summary", causes: [], notices: [] }, turn(two, ["compaction"]), turn(changed)], (b) => b, EXACT_RULE);
    expect(f.rewrites).toEqual([{ request: 2, chars: expect.any(Number), causes: [], announced: false }]);
    expect(f.cacheShare).toBeGreaterThan(0);
  });
});

describe("shares by Pi's recorded usage", () => {
  const b = body("P", ["user", "one"]);
  it("counts the same requests as the simulation (not the first, the compaction's or a mode switch's), and every one", () => {
    const requests = [
      turn(b),
      turn(b, ["update"]),
      { body: b, kind: "summary" as const, causes: [], notices: [] },
      turn(b, ["compaction"]),
      turn(b, ["mode"]),
      turn(b, ["model"]),
    ];
    const usages = [
      { input: 0, cacheRead: 0, cacheWrite: 100 },
      { input: 10, cacheRead: 80, cacheWrite: 10 },
      { input: 0, cacheRead: 0, cacheWrite: 100 },
      { input: 0, cacheRead: 50, cacheWrite: 50 },
      { input: 0, cacheRead: 40, cacheWrite: 60 },
    ];
    expect(recordedShares(requests, usages)).toEqual({ counted: (80 + 40) / 200, all: (80 + 50 + 40) / 500, sameModel: 80 / 100 });
  });

  it("refuses usages that do not line up with the conversation requests", () => {
    expect(() => recordedShares([turn(b), turn(b)], [{ input: 1, cacheRead: 0, cacheWrite: 0 }])).toThrow(/2 conversation requests but 1 recorded usages/);
  });
});
