// The fake provider reports usage as real providers do (a prefix cache per model, cache reads and writes), in the wire
// form each host's own openai-completions client reads back into exactly those figures (both pi-ai packages, by path).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as legacyAi from "../../node_modules/@mariozechner/pi-ai/dist/providers/openai-completions.js";
import * as modernAi from "../../node_modules/@earendil-works/pi-ai/dist/api/openai-completions.js";
import { startFakeServer, type FakeServer } from "../../scripts/demo/fake-server.js";
import { cachedTokensOf, CHARS_PER_TOKEN, commonPrefix as commonPrefixOf, requestText } from "../../scripts/demo/prefix-cache.js";

let server: FakeServer;
beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(() => server.close());

type Stream = (model: any, context: any, options: any) => AsyncIterable<any>;
const HOSTS: Array<[string, Stream]> = [
  ["0.73.1 (pi-ai 0.73, OpenAI SDK user agent)", legacyAi.streamOpenAICompletions as Stream],
  ["1.x (pi-ai 1.x, pi/<version> user agent)", modernAi.stream as Stream],
];

const modelFor = (id: string) => ({
  id,
  name: id,
  api: "openai-completions",
  provider: "fake",
  baseUrl: server.baseUrl,
  reasoning: false,
  input: ["text"],
  cost: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  contextWindow: 128_000,
  maxTokens: 1_000,
});

/** One request through a host's real client; the usage that client records on the assistant message. */
async function complete(stream: Stream, model: string, text: string): Promise<{ input: number; cacheRead: number; cacheWrite: number }> {
  // A shared start of over 1,024 tokens, the least OpenAI's cache serves (scripts/demo/prefix-cache.ts OPENAI_RULE),
  // in the user's message: 1.x's client sends the system prompt another way.
  const context = {
    systemPrompt: "You are a careful assistant. ".repeat(10),
    messages: [{ role: "user", content: `${"Read the parser first. ".repeat(200)}${text}`, timestamp: 0 }],
  };
  let final: any;
  for await (const event of stream(modelFor(model), context, { apiKey: "fake-key" })) if (event.type === "done" || event.type === "error") final = event;
  if (final?.type !== "done") throw new Error(`the client failed: ${JSON.stringify(final?.error ?? final)}`);
  const { input, cacheRead, cacheWrite } = final.message.usage;
  return { input, cacheRead, cacheWrite };
}

const reported = (i: number) => {
  const u = server.completions()[i]!.usage!;
  return { input: u.prompt_tokens - u.cached_tokens - u.cache_write_tokens, cacheRead: u.cached_tokens, cacheWrite: u.cache_write_tokens };
};

describe.each(HOSTS)("fake provider usage, read by the %s client", (_name, stream) => {
  it("reads the longest prefix seen from cache and writes the rest, one cache per model", async () => {
    server.reset();
    const first = await complete(stream, "fake-model", "Explain module one.");
    const body = server.completions()[0]!.body;
    const tokens = Math.ceil(requestText(body).length / CHARS_PER_TOKEN);
    expect(first).toEqual({ input: 0, cacheRead: 0, cacheWrite: tokens });

    const second = await complete(stream, "fake-model", "Explain module one, then module two.");
    expect(second.cacheRead).toBeGreaterThanOrEqual(1_024);
    // Served in steps of 128 tokens, as OpenAI documents its cache: the shared prefix rounded down.
    expect(second.cacheRead % 128).toBe(0);
    expect(second.cacheRead).toBe(cachedTokensOf(commonPrefixOf(requestText(body), requestText(server.completions()[1]!.body))));
    expect(second.cacheRead + second.cacheWrite).toBe(Math.ceil(requestText(server.completions()[1]!.body).length / CHARS_PER_TOKEN));
    expect(second).toEqual(reported(1));

    // Another model has its own cache: cold, whatever the first one holds.
    const other = await complete(stream, "fake-model-2", "Explain module one.");
    expect(other.cacheRead).toBe(0);
    expect(other).toEqual(reported(2));
    // Back on the first model: its cache still holds the first request.
    expect((await complete(stream, "fake-model", "Explain module one.")).cacheRead).toBe(cachedTokensOf(requestText(body).length));

    server.reset();
    expect((await complete(stream, "fake-model", "Explain module one.")).cacheRead).toBe(0);
  });

  it("records exactly the input, cache reads and cache writes a reply reports (property)", async () => {
    server.reset();
    await fc.assert(
      fc.asyncProperty(fc.nat(50_000), fc.nat(50_000), fc.nat(50_000), async (input, cached, written) => {
        server.enqueue({ text: "ok", usage: { prompt_tokens: input + cached + written, cached_tokens: cached, cache_write_tokens: written } });
        const recorded = await complete(stream, "fake-model", "hi");
        expect(recorded).toEqual({ input, cacheRead: cached, cacheWrite: written });
        expect(recorded).toEqual(reported(server.completions().length - 1));
      }),
      { numRuns: 30 },
    );
  });
});

describe("fake provider without a prefix cache", () => {
  it("reports its fixed figures, and a reply's own usage field by field", async () => {
    const fixed = await startFakeServer({ prefixCache: false, usage: { prompt_tokens: 40 } });
    try {
      fixed.enqueue({ text: "a" }, { text: "b", usage: { cached_tokens: 30 } });
      for (const text of ["one", "two"]) {
        await fetch(`${fixed.baseUrl}/chat/completions`, {
          method: "POST",
          body: JSON.stringify({ model: "m", messages: [{ role: "user", content: text }] }),
        }).then((r) => r.text());
      }
      expect(fixed.completions().map((r) => r.usage)).toEqual([
        { prompt_tokens: 40, completion_tokens: 5, cached_tokens: 0, cache_write_tokens: 0 },
        { prompt_tokens: 40, completion_tokens: 5, cached_tokens: 30, cache_write_tokens: 0 },
      ]);
    } finally {
      await fixed.close();
    }
  });
});
