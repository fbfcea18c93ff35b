// The provider usage of a branch (core/usage-ledger.ts, core/usage-report.ts, core/usage-prices.ts): totals are the sum of
// every reported usage, a rewrite is a turn that reads less than the previous prompt, and each is attributed to forge's
// actions or the user's model switch or compaction; prices come from the catalog and round as people read them.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MODE_STATE_TYPE } from "../../core/mode-state-reducer.js";
import { reduceSession, type SessionEntry } from "../../core/session-state.js";
import { UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { stringifyCanonical } from "../../core/canonical-json.js";
import { isPrefixRewrite, LEAVE_OUT_TYPE, MAX_USAGE_TOKENS, readUsageLedger, REWRITE_SLACK_TOKENS } from "../../core/usage-ledger.js";
import { describeRewritePrice, formatDollars, priceRewrite, rewrittenCachedTokens, spendOf } from "../../core/usage-prices.js";
import { buildCostReport, renderCostReport, SHOWN_TURNS } from "../../core/usage-report.js";

let seq = 0;
const id = () => `e${++seq}`;
type U = { input: number; output?: number; cacheRead: number; cacheWrite: number };
const turn = (u: U, model = "fake-model"): SessionEntry =>
  ({ type: "message", id: id(), message: { role: "assistant", provider: "fake", model, usage: { output: 5, ...u } } }) as SessionEntry;
const user = (): SessionEntry => ({ type: "message", id: id(), message: { role: "user", content: "hi" } }) as SessionEntry;
const mode = (preset: string | null = null): SessionEntry => ({ type: "custom", id: id(), customType: MODE_STATE_TYPE, data: { preset } }) as SessionEntry;
const update = (source: string): SessionEntry => ({ type: "custom", id: id(), customType: UPDATE_ENTRY_TYPE, data: { source } }) as SessionEntry;
const modelChange = (modelId: string): SessionEntry => ({ type: "model_change", id: id(), provider: "fake", modelId }) as SessionEntry;
const PRICES = { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 };

describe("readUsageLedger", () => {
  it("sums every reported usage and finds the rewrites with their causes", () => {
    const branch = [
      user(),
      turn({ input: 0, cacheRead: 0, cacheWrite: 1_000 }),
      user(),
      turn({ input: 0, cacheRead: 1_000, cacheWrite: 40 }), // extends: no rewrite
      mode(),
      user(),
      turn({ input: 0, cacheRead: 300, cacheWrite: 800 }), // forge's /mode rewrote
      update("agent"),
      user(),
      turn({ input: 0, cacheRead: 1_100, cacheWrite: 60 }), // an appended update: no rewrite
      modelChange("other"),
      user(),
      turn({ input: 0, cacheRead: 0, cacheWrite: 1_200 }, "other"), // the user's model switch: a cold cache
      mode("audit"),
      update("preset"),
      user(),
      turn({ input: 0, cacheRead: 200, cacheWrite: 1_100 }, "other"),
      user(),
      turn({ input: 0, cacheRead: 600, cacheWrite: 800 }, "other"), // nothing recorded: an expired cache
    ];
    const ledger = readUsageLedger(branch);
    expect(ledger.requests).toHaveLength(7);
    expect(ledger.totals).toEqual({ input: 0, output: 35, cacheRead: 3_200, cacheWrite: 5_000 });
    expect(ledger.cacheShare).toBeCloseTo(3_200 / 8_200);
    expect(ledger.rewrites.map((r) => [r.turn, r.causes, r.by, r.missedTokens])).toEqual([
      [2, ["mode"], "forge", 740],
      [4, ["model"], "user", 1_160],
      [5, ["preset", "update"], "forge", 1_000],
      [6, [], "unexplained", 700],
    ]);
  });

  it("names a change of the declared tools: 1.x records it on the branch, 0.73.1's from the request bodies forge saw", () => {
    const toolsChange = {
      type: "message",
      id: id(),
      message: { role: "system", content: "", toolsAdded: [{ name: "grep" }], toolsRemoved: [{ name: "bash" }] },
    };
    const sections = { type: "message", id: id(), message: { role: "system", content: "", sections: { x: "y" } } };
    const u = [user(), user(), user(), user(), user()];
    const branch = [
      u[0]!,
      turn({ input: 0, cacheRead: 0, cacheWrite: 1_000 }),
      mode(),
      toolsChange as SessionEntry, // 1.x: the mode's tools, recorded before its next request
      u[1]!,
      turn({ input: 0, cacheRead: 100, cacheWrite: 950 }),
      sections as SessionEntry, // a section patch alone is no tools change
      u[2]!,
      turn({ input: 0, cacheRead: 200, cacheWrite: 900 }),
      u[3]!,
      turn({ input: 0, cacheRead: 150, cacheWrite: 990 }), // 0.73.1: the bodies show other tools, nothing on the branch
      u[4]!,
      turn({ input: 0, cacheRead: 1_140, cacheWrite: 10 }),
    ];
    const seen: Record<string, string[]> = { [u[0]!.id!]: ["read", "bash"], [u[2]!.id!]: ["read", "grep"], [u[3]!.id!]: ["read"], [u[4]!.id!]: ["read"] };
    const ledger = readUsageLedger(branch, { toolsAt: (leaf) => seen[leaf] });
    expect(ledger.rewrites.map((r) => [r.turn, r.causes, r.by])).toEqual([
      [1, ["mode", "tools"], "forge"],
      [2, [], "unexplained"],
      [3, ["tools"], "other"],
    ]);
    // Without what forge saw (another process): only the branch's record.
    expect(readUsageLedger(branch).rewrites.map((r) => r.causes)).toEqual([["mode", "tools"], [], []]);
    const text = renderCostReport(buildCostReport(ledger, () => null));
    expect(text).toContain(
      "after forge's actions 1 (mode change 1), after your model switches or compaction 0, after tool changes outside forge 1, unexplained 1",
    );
    // The rewrites are grouped by what preceded them (issue 32): one line per group.
    expect(text).toContain("after mode change, tool change: turn 2, about 900 tokens not served from cache");
    expect(text).toContain("after tool change: turn 4, about 950 tokens not served from cache");
  });

  it("a shortfall within a provider's cache block is no rewrite; a smaller cache read always is", () => {
    const prev = { input: 10, output: 0, cacheRead: 100, cacheWrite: 500 };
    expect(isPrefixRewrite(prev, { ...prev, cacheRead: 610 - REWRITE_SLACK_TOKENS })).toBe(false);
    expect(isPrefixRewrite(prev, { ...prev, cacheRead: 609 - REWRITE_SLACK_TOKENS })).toBe(true);
    expect(isPrefixRewrite({ ...prev, input: 0, cacheWrite: 0 }, { ...prev, cacheRead: 99 })).toBe(true);
  });

  it("counts compaction summaries and 1.x usage entries, and skips malformed usage", () => {
    const branch = [
      turn({ input: 10, cacheRead: 0, cacheWrite: 0 }),
      { type: "compaction", id: id(), summary: "s", usage: { input: 50, output: 7, cacheRead: 0, cacheWrite: 0 } } as SessionEntry,
      {
        type: "usage",
        id: id(),
        kind: "cache_warm",
        provider: "fake",
        model: "fake-model",
        usage: { input: 0, output: 0, cacheRead: 90, cacheWrite: 0 },
      } as SessionEntry,
      { type: "message", id: id(), message: { role: "assistant", usage: null } } as SessionEntry,
      { type: "message", id: id(), message: { role: "assistant", usage: { input: "x", cacheRead: -3 } } } as SessionEntry,
      null as unknown as SessionEntry,
    ];
    const ledger = readUsageLedger(branch);
    expect(ledger.requests.map((r) => r.kind)).toEqual(["turn", "summary", "cache_warm"]);
    expect(ledger.totals).toEqual({ input: 60, output: 12, cacheRead: 90, cacheWrite: 0 });
    expect(ledger.skipped).toBe(1);
  });

  it("leaves out usage figures that are not counts (1e308, NaN, Infinity, negative, a string) with a count; never prints ∞ or NaN (issue 31)", () => {
    const bad = [1e308, Number.NaN, Number.POSITIVE_INFINITY, -1, "12", MAX_USAGE_TOKENS + 1];
    const branch = [turn({ input: 100, cacheRead: 0, cacheWrite: 0 }), ...bad.map((v) => turn({ input: v as number, cacheRead: 0, cacheWrite: 0 }))];
    const ledger = readUsageLedger(branch);
    expect(ledger.skipped).toBe(bad.length);
    expect(ledger.totals).toEqual({ input: 100, output: 5, cacheRead: 0, cacheWrite: 0 });
    const report = buildCostReport(ledger, () => PRICES);
    const text = renderCostReport(report);
    expect(text).toContain(`${bad.length} usage entries were not numbers forge can count (not finite, negative or over 1,000,000,000 tokens) and are left out`);
    expect(text).not.toMatch(/∞|NaN|Infinity/);
    // /forge cost --json: canonical JSON, which refuses a non-finite number, holds the report.
    expect(stringifyCanonical(report)).toContain(`"skipped":${bad.length}`);
  });

  it("treats a catalog price that is not an amount as no price: no $Infinity in a report or a notice", () => {
    const ledger = readUsageLedger([turn({ input: 100, cacheRead: 0, cacheWrite: 0 })]);
    const report = buildCostReport(ledger, () => ({ ...PRICES, input: Number.POSITIVE_INFINITY }));
    expect(report.spend).toBeNull();
    expect(renderCostReport(report)).not.toMatch(/Infinity|NaN/);
    expect(describeRewritePrice(1000, { ...PRICES, cacheWrite: Number.NaN }, "m")).toBeNull();
  });

  it("property: totals equal the sum of every reported usage; rewrites are turns after the first", () => {
    const usage = fc.record({ input: fc.nat(5_000), output: fc.nat(500), cacheRead: fc.nat(50_000), cacheWrite: fc.nat(5_000) });
    const step = fc.oneof(
      usage.map((u) => ({ u, e: turn(u) })),
      fc.constantFrom(mode(), update("rule"), modelChange("m2"), user()).map((e) => ({ u: null, e })),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const ledger = readUsageLedger(steps.map((s) => s.e));
        const used = steps.flatMap((s) => (s.u ? [s.u] : []));
        for (const k of ["input", "output", "cacheRead", "cacheWrite"] as const) expect(ledger.totals[k]).toBe(used.reduce((a, u) => a + u[k], 0));
        expect(ledger.requests).toHaveLength(used.length);
        expect(ledger.rewrites.every((r) => r.turn >= 1 && r.turn < used.length)).toBe(true);
        const report = buildCostReport(ledger, () => PRICES);
        expect(report.rewrites.forge + report.rewrites.user + report.rewrites.both + report.rewrites.unexplained).toBe(report.rewrites.total);
        expect(report.spend ?? 0).toBeCloseTo(
          used.reduce((a, u) => a + spendOf(u, PRICES), 0),
          9,
        );
      }),
    );
  });
});

describe("the session model's usage", () => {
  it("is the ledger of the folded branch, computed once per leaf, incremental folds included", () => {
    const branch = exampleBranch();
    const state = reduceSession(branch);
    expect(state.usage()).toEqual(readUsageLedger(branch));
    expect(state.usage()).toBe(state.usage());
    const grown = [...branch, user(), turn({ input: 1, cacheRead: 2_800, cacheWrite: 30 }, "fake-other")];
    expect(reduceSession(grown, state).usage()).toEqual(readUsageLedger(grown));
  });
});

describe("prices", () => {
  it("words a rewrite as the issue's example does, and nothing about money without prices", () => {
    expect(describeRewritePrice(14_200, PRICES, "claude-sonnet-5-5")).toBe(
      "rewrites about 14,200 cached tokens: about $0.018 now, then about $0.0014 a turn cached (claude-sonnet-5-5)",
    );
    expect(describeRewritePrice(14_200, { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, "free")).toBeNull();
    expect(describeRewritePrice(14_200, null, "x")).toBeNull();
    // A provider that charges no cache write pays the input price for the tokens sent again.
    expect(describeRewritePrice(10_000, { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 0 }, "gpt")).toBe(
      "rewrites about 10,000 cached tokens: about $0.02 now, then about $0.005 a turn cached (gpt)",
    );
    expect([formatDollars(0), formatDollars(1.234), formatDollars(0.000123)]).toEqual(["$0", "$1.23", "$0.00012"]);
    // The costs-and-budgets guide: on Anthropic's prices (write 1.25x input, read 0.1x) one rewrite costs about 12 cached turns.
    const anthropic = priceRewrite(10_000, { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 })!;
    expect(Math.floor(anthropic.now / anthropic.perTurn)).toBe(12);
  });

  it("rewrites only what a caching provider holds: capped at the last prompt, nothing without cache figures", () => {
    expect(rewrittenCachedTokens(500, { input: 0, output: 0, cacheRead: 100, cacheWrite: 200 })).toBe(300);
    expect(rewrittenCachedTokens(50, { input: 0, output: 0, cacheRead: 100, cacheWrite: 200 })).toBe(50);
    expect(rewrittenCachedTokens(50, { input: 300, output: 0, cacheRead: 0, cacheWrite: 0 })).toBeNull();
    expect(rewrittenCachedTokens(0, { input: 0, output: 0, cacheRead: 100, cacheWrite: 0 })).toBeNull();
    expect(rewrittenCachedTokens(10, null)).toBeNull();
  });

  it("reports spend per model, and says when a model has no prices", () => {
    const ledger = readUsageLedger([
      turn({ input: 1_000_000, cacheRead: 0, cacheWrite: 0 }),
      modelChange("free"),
      turn({ input: 0, cacheRead: 0, cacheWrite: 10 }, "free"),
    ]);
    const report = buildCostReport(ledger, (_p, m) => (m === "fake-model" ? PRICES : null));
    expect(report.models.map((m) => [m.model, m.spend])).toEqual([
      ["fake/fake-model", 1.000025],
      ["fake/free", null],
    ]);
    expect(report.spendComplete).toBe(false);
    expect(renderCostReport(report)).toContain("spend at catalog prices: $1.00 (fake/fake-model $1.00; fake/free has no prices)");
    expect(renderCostReport(buildCostReport(ledger, () => null))).toContain("spend: unknown (fake/fake-model, fake/free have no prices)");
    expect(renderCostReport(buildCostReport(readUsageLedger([]), () => null))).toBe("forge cost: no request on this branch reported usage yet");
  });
});

/**
 * The usage the fake provider reported in test/e2e/cost-report.e2e.test.ts (0.73.1 run): two turns, forge's /mode,
 * a turn, a system update, a turn, the user's model switch, a turn on a model without prices.
 */
function exampleBranch(): SessionEntry[] {
  const t = (cacheRead: number, cacheWrite: number, model = "fake-model") => [user(), turn({ input: 0, cacheRead, cacheWrite }, model)];
  return [
    ...t(0, 3_389),
    ...t(3_389, 26),
    mode(null),
    ...t(183, 2_564),
    update("user"),
    ...t(2_746, 55),
    modelChange("fake-other"),
    ...t(0, 2_827, "fake-other"),
  ];
}

const SONNET_LIKE = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };

describe("rewrites in /forge cost (issue 32)", () => {
  it('attributes a prompt sent without drifted modes ("Send without") to forge', () => {
    const leaveOut = { type: "custom", id: id(), customType: LEAVE_OUT_TYPE, data: { v: 1, leftOut: ["alpha"] } } as SessionEntry;
    const ledger = readUsageLedger([
      user(),
      turn({ input: 0, cacheRead: 0, cacheWrite: 1_000 }),
      leaveOut,
      user(),
      turn({ input: 0, cacheRead: 300, cacheWrite: 800 }),
    ]);
    expect(ledger.rewrites.map((r) => [r.causes, r.by])).toEqual([[["leave-out"], "forge"]]);
    expect(renderCostReport(buildCostReport(ledger, () => null))).toContain(
      'after a prompt sent without drifted modes ("Send without"): turn 2, about 700 tokens',
    );
  });

  it("groups the rewritten turns by what preceded them and caps each group's list of turns", () => {
    const branch: SessionEntry[] = [user(), turn({ input: 0, cacheRead: 0, cacheWrite: 1_000 })];
    for (let i = 0; i < SHOWN_TURNS + 3; i++) branch.push(mode(), user(), turn({ input: 0, cacheRead: 100, cacheWrite: 900 }));
    branch.push(modelChange("other"), user(), turn({ input: 0, cacheRead: 0, cacheWrite: 1_000 }, "other"));
    const text = renderCostReport(buildCostReport(readUsageLedger(branch), () => null));
    const lines = text.split("\n").filter((l) => l.startsWith("    "));
    expect(lines).toEqual([
      `    after mode change: ${SHOWN_TURNS + 3} turns: 2, 3, 4, 5, 6, 7, 8, 9 and 3 more, about ${((SHOWN_TURNS + 3) * 900).toLocaleString("en-US")} tokens not served from cache`,
      "    after model switch: turn 13, about 1,000 tokens not served from cache",
    ]);
  });
});

describe("the costs-and-budgets guide", () => {
  const readme = readFileSync(join(import.meta.dirname, "..", "..", "docs/guides/costs-and-budgets.md"), "utf8");
  it("shows /forge cost's output and the priced notice as forge renders them", () => {
    // The branch starts under a preset: its selection entry comes first (a preset change when /mode leaves it).
    const report = buildCostReport(readUsageLedger([mode("audit"), ...exampleBranch()]), (_p, m) => (m === "fake-model" ? SONNET_LIKE : null));
    const block = (name: string) =>
      readme.match(new RegExp(`<!-- example:${name}:start -->\n\`\`\`text\n([\\s\\S]*?)\n\`\`\`\n<!-- example:${name}:end -->`))?.[1];
    expect(block("forge-cost")).toBe(renderCostReport(report));
    expect(block("priced-notice")).toBe(
      `forge: active overlays explain (drift policy block; was preset audit overlays review, test-first) · keeps 5% of the cached prompt, re-sends about 3,229 tokens (the last request read 3,387 cached tokens) · ${describeRewritePrice(3_229, SONNET_LIKE, "fake-model")}`,
    );
  });
});
