// End-to-end, both hosts over RPC: a /mode switch's notice prices the prefix rewrite at the model's catalog prices, and
// /forge cost --json sums exactly the usage the fake provider reported, with the rewrites it saw attributed to forge's
// /mode (which changes the tools: the notice's tokens are the provider's) and to the user's model switch.
import { describe, expect, it } from "vitest";
import { formatDollars } from "../../core/usage-prices.js";
import type { CostReport } from "../../core/usage-report.js";
import type { RecordedRequest } from "../../scripts/demo/fake-server.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { OPENAI_RULE, requestText } from "../../scripts/demo/prefix-cache.js";
import { startRpc } from "../../scripts/demo/rpc-client.js";
import { EXTENSIONS, rpcCommand, updatesSuite } from "./harness/updates-session.js";

const suite = updatesSuite();
/** Sonnet-like catalog prices (dollars per million tokens) on the fake model; the other model has none. */
const PRICES = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
const OTHER = "fake-other";
/** A long first prompt, so a rewrite of the conversation is well past a provider's cache block. */
const LONG = `Read this. ${"The quick brown fox jumps over the lazy dog. ".repeat(120)}`;
const PRICED = /rewrites about ([\d,]+) cached tokens: about (\$[\d.]+) now, then about (\$[\d.]+) a turn cached \(fake-model\)/;

/** The turns the provider served with less than the previous prompt cached: another model, or a prompt not extended. */
function providerRewrites(requests: readonly RecordedRequest[]): number[] {
  const out: number[] = [];
  for (let i = 1; i < requests.length; i++) {
    const [a, b] = [requests[i - 1]!.body, requests[i]!.body];
    if (a.model !== b.model || !requestText(b).startsWith(requestText(a))) out.push(i);
  }
  return out;
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: prices and /forge cost", (_id, host) => {
  it("prices a /mode switch at the catalog's prices and reports exactly the provider's usage and rewrites", async () => {
    const env = await suite.env({ model: { cost: PRICES }, extraModels: [{ id: OTHER }] });
    suite.server.reset();
    const rpc = await startRpc(host, { env, args: ["--no-session", "--preset", "audit"], extensions: EXTENSIONS, timeoutMs: 90_000 });
    let notice = "";
    let text = "";
    let report: CostReport;
    try {
      await rpc.prompt(LONG);
      await rpc.prompt("two");
      notice = await rpcCommand(rpc, "/mode explain", "cached tokens");
      await rpc.prompt("three"); // forge's /mode rewrote the prompt
      await rpcCommand(rpc, "/system-update Be terse.", "applied update-1");
      await rpc.prompt("four"); // an appended update: nothing rewritten
      expect((await rpc.send({ type: "set_model", provider: "fake", modelId: OTHER })).success).toBe(true);
      await rpc.prompt("five"); // the user's model switch: a cold cache on the other model
      text = await rpcCommand(rpc, "/forge cost", "forge cost:");
      report = JSON.parse(await rpcCommand(rpc, "/forge cost --json", '"rewrites"')) as CostReport;
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const requests = suite.server.completions();
    expect(requests).toHaveLength(5);

    // The notice: the cached tokens rewritten, priced at the fake model's cache-write and cache-read prices.
    const [, tokens, now, perTurn] = notice.match(PRICED) ?? [];
    expect(notice, notice).toMatch(PRICED);
    const n = Number(tokens!.replace(/,/g, ""));
    expect(n).toBeGreaterThanOrEqual(Math.floor(LONG.length / 4));
    expect(now).toBe(formatDollars((n * PRICES.cacheWrite) / 1e6));
    expect(perTurn).toBe(formatDollars((n * PRICES.cacheRead) / 1e6));

    // /forge cost sums exactly what the provider reported, request by request.
    const usages = requests.map((r) => r.usage!);
    const sum = (f: (u: (typeof usages)[number]) => number) => usages.reduce((a, u) => a + f(u), 0);
    expect(report!.requests).toBe(5);
    expect(report!.tokens.cacheRead).toBe(sum((u) => u.cached_tokens));
    expect(report!.tokens.cacheWrite).toBe(sum((u) => u.cache_write_tokens));
    expect(report!.tokens.input + report!.tokens.cacheRead + report!.tokens.cacheWrite).toBe(sum((u) => u.prompt_tokens));
    expect(report!.tokens.output).toBe(sum((u) => u.completion_tokens));
    expect(report!.cacheShare).toBeCloseTo(sum((u) => u.cached_tokens) / sum((u) => u.prompt_tokens), 12);

    // Spend per model at its catalog prices; the other model has none (zero prices), so the total says so.
    const first = usages.slice(0, 4);
    const fakeSpend = first.reduce(
      (a, u) =>
        a +
        ((u.prompt_tokens - u.cached_tokens - u.cache_write_tokens) * PRICES.input +
          u.completion_tokens * PRICES.output +
          u.cached_tokens * PRICES.cacheRead +
          u.cache_write_tokens * PRICES.cacheWrite) /
          1e6,
      0,
    );
    expect(report!.models.map((m) => [m.model, m.requests])).toEqual([
      ["fake/fake-model", 4],
      [`fake/${OTHER}`, 1],
    ]);
    expect(report!.models[0]!.spend).toBeCloseTo(fakeSpend, 12);
    expect(report!.models[1]!.spend).toBeNull();
    expect(report!.spendComplete).toBe(false);

    // The rewrites are the ones the provider saw: after forge's /mode (turn 3), after the user's model switch (turn 5).
    const seen = providerRewrites(requests);
    expect(seen).toEqual([2, 4]);
    expect(report!.rewrites.list.map((r) => r.turn)).toEqual(seen);
    expect(report!.rewrites.list.filter((r) => r.by === "forge").map((r) => r.turn)).toEqual([2]);
    // The notice counted the tools /mode explain changes: what it said it rewrites is what the provider did not serve.
    expect(report!.rewrites.list[0]!.causes).toEqual(["preset", "tools"]); // it leaves preset audit
    // Within 2%, plus the provider's own rounding: it serves its cache in steps of OPENAI_RULE.step tokens (up to one
    // step less than the shared prefix), which no request body can show.
    expect(Math.abs(n - report!.rewrites.list[0]!.missedTokens), `${n} vs ${report!.rewrites.list[0]!.missedTokens}`).toBeLessThanOrEqual(
      Math.ceil(n * 0.02) + OPENAI_RULE.step - 1,
    );
    expect(report!.rewrites.list.filter((r) => r.by === "user").map((r) => [r.turn, r.causes])).toEqual([[4, ["model"]]]);
    expect(report!.rewrites).toMatchObject({ total: 2, forge: 1, user: 1, both: 0, unexplained: 0 });
    expect(text).toContain(`forge cost: this branch, from the provider's own usage (5 requests)`);
    expect(text).toMatch(
      /prefix rewrites: 2; after forge's actions 1 \((?:mode|preset) change 1\), after your model switches or compaction 1 \(model switch 1\), unexplained 0/,
    );
  });
});
