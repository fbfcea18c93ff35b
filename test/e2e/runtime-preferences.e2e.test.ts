// End-to-end: a mode's model/thinking preferences switch the model Pi calls and its reasoning effort, and /mode off restores them.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { systemPromptOf, type RecordedRequest } from "../../scripts/demo/fake-server.js";
import { expectSamePrompt, FORGE_EXTENSION, forgeSuite, projectEnv, notices, overlayTail, rpcCommand, rpcStatus, noticeHead } from "./harness/forge-project.js";
import { FAKE_MODEL, FAKE_PROVIDER, type PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, type PiHost } from "../../scripts/demo/pi-host.js";
import { startRpc, type RpcClient } from "../../scripts/demo/rpc-client.js";

const suite = forgeSuite();
/** Test-only /tree-to-reply (ctx.navigateTree to an assistant reply), loaded beside forge. */
const TREE_COMMANDS = fileURLToPath(new URL("./fixtures/tree-test-commands.ts", import.meta.url));

const SECOND_MODEL = "fake-model-2";
const START_THINKING = "low";
const DEEP = "Deep: think before you answer.";
const GHOST = "Ghost: prefers a model nobody has.";
const MODES = {
  deep: { label: "Deep", strategy: "append", prompt: DEEP, model: `${FAKE_PROVIDER}/${SECOND_MODEL}`, thinking: "high" },
  ghost: { label: "Ghost", strategy: "append", prompt: GHOST, model: `${FAKE_PROVIDER}/no-such-model`, thinking: "high" },
} as const;

/** Two reasoning models on the fake server, so the thinking level shows in every request (a non-reasoning model clamps it to off). */
function modelsJson(baseUrl: string): string {
  const model = (id: string, name: string) => ({
    id,
    name,
    reasoning: true,
    input: ["text"],
    contextWindow: 128_000,
    maxTokens: 4_096,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
  });
  const provider = { baseUrl, api: "openai-completions", apiKey: "fake-key", models: [model(FAKE_MODEL, "Fake Model"), model(SECOND_MODEL, "Fake Model 2")] };
  return JSON.stringify({ providers: { [FAKE_PROVIDER]: provider } }, null, 2);
}

/** A fresh env per test: Pi may persist a model or thinking change into the agent dir's settings. */
async function preferencesEnv(host: PiHost): Promise<{ env: PiEnv; native: string }> {
  // agentFiles are written after createPiEnv's own single-model models.json, so this one replaces it.
  return projectEnv(
    suite,
    host,
    MODES,
    {},
    { agentFiles: { "models.json": modelsJson(suite.server.baseUrl) }, settings: { defaultThinkingLevel: START_THINKING } },
  );
}

async function startSession(host: PiHost, env: PiEnv): Promise<RpcClient> {
  suite.server.reset();
  return startRpc(host, { env, args: ["--no-session"], extensions: [FORGE_EXTENSION], timeoutMs: 60_000 });
}

/** What Pi's own session state says: model id and thinking level (RPC get_state). */
async function hostState(rpc: RpcClient): Promise<{ model: string | undefined; thinking: string }> {
  const state = await rpc.send({ type: "get_state" });
  expect(state.success).toBe(true);
  return { model: state.data.model?.id, thinking: state.data.thinkingLevel };
}

/** The request fields the preferences decide: the model id and the OpenAI-style reasoning effort. */
const sent = (r: RecordedRequest) => ({ model: r.body.model, reasoning_effort: r.body.reasoning_effort });

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: mode model and thinking preferences", (_id, host) => {
  it("/mode set switches the next request to the preferred model and thinking level; /mode off restores both", async () => {
    const { env, native } = await preferencesEnv(host);
    const rpc = await startSession(host, env);
    const states: Array<{ model: string | undefined; thinking: string }> = [];
    try {
      await rpc.prompt("one");
      states.push(await hostState(rpc));
      expect(noticeHead(await rpcCommand(rpc, "/mode set deep", "forge: active"))).toBe(
        "forge: active overlays deep (drift policy block; was Pi's native prompt)",
      );
      // Activating a mode starts no turn, even when it switches the model.
      expect(suite.server.completions()).toHaveLength(1);
      states.push(await hostState(rpc));
      await rpc.prompt("two");
      expect(await rpcStatus(rpc)).toMatchObject({ active: true, overlays: ["deep"], fallbackReason: null });
      expect(noticeHead(await rpcCommand(rpc, "/mode off", "forge: mode off"))).toBe("forge: mode off (Pi's native prompt; was overlays deep)");
      states.push(await hostState(rpc));
      await rpc.prompt("three");
      expect(notices(rpc).filter((n) => n.includes("preferred model") || n.includes("could not apply"))).toEqual([]);
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    expect(states).toEqual([
      { model: FAKE_MODEL, thinking: START_THINKING },
      { model: SECOND_MODEL, thinking: "high" },
      { model: FAKE_MODEL, thinking: START_THINKING },
    ]);
    const requests = suite.server.completions();
    expect(requests).toHaveLength(3);
    // Pi sends the thinking level of a reasoning openai-completions model as `reasoning_effort`.
    expect(requests.map(sent)).toEqual([
      { model: FAKE_MODEL, reasoning_effort: START_THINKING },
      { model: SECOND_MODEL, reasoning_effort: "high" },
      { model: FAKE_MODEL, reasoning_effort: START_THINKING },
    ]);
    const prompts = requests.map((r) => systemPromptOf(r));
    expectSamePrompt(prompts[0]!, native);
    expectSamePrompt(prompts[1]!, native + overlayTail(["deep", "Deep", DEEP]));
    expectSamePrompt(prompts[2]!, native);
  });

  it("a mode preferring a missing model: a notice, no crash, the current model stays and the composition applies", async () => {
    const { env, native } = await preferencesEnv(host);
    const rpc = await startSession(host, env);
    try {
      const from = rpc.records.length;
      expect(noticeHead(await rpcCommand(rpc, "/mode set ghost", "forge: active"))).toBe(
        "forge: active overlays ghost (drift policy block; was Pi's native prompt)",
      );
      expect(notices(rpc, from)).toContain('forge: preferred model "fake/no-such-model" was not found; keeping the current model');
      // The other preference still applies.
      expect(await hostState(rpc)).toEqual({ model: FAKE_MODEL, thinking: "high" });
      await rpc.prompt("hello");
      expect(await rpcStatus(rpc)).toMatchObject({ active: true, overlays: ["ghost"], fallbackReason: null });
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    expect(rpc.stderr()).not.toContain("forge: extension failed");
    const requests = suite.server.completions();
    expect(requests.map(sent)).toEqual([{ model: FAKE_MODEL, reasoning_effort: "high" }]);
    expectSamePrompt(systemPromptOf(requests[0]!), native + overlayTail(["ghost", "Ghost", GHOST]));
  });

  it("/tree back past the selection restores the model and thinking level along with the prompt", async () => {
    const { env, native } = await preferencesEnv(host);
    suite.server.reset();
    suite.server.enqueue(...["one", "two", "three"].map((n) => ({ text: `reply ${n}` })));
    const rpc = await startRpc(host, { env, args: ["--no-session"], extensions: [FORGE_EXTENSION, TREE_COMMANDS], timeoutMs: 60_000 });
    try {
      await rpc.prompt("one");
      await rpcCommand(rpc, "/mode set deep", "forge: active");
      await rpc.prompt("two");
      await rpcCommand(rpc, "/tree-to-reply reply one", "tree-to-reply: done");
      // Pi keeps the model across navigation; forge puts back what the branch's (empty) selection implies.
      expect(await hostState(rpc)).toEqual({ model: FAKE_MODEL, thinking: START_THINKING });
      await rpc.prompt("three");
      expect(await rpcStatus(rpc)).toMatchObject({ active: false, composition: "native" });
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const requests = suite.server.completions();
    expect(requests.map(sent)).toEqual([
      { model: FAKE_MODEL, reasoning_effort: START_THINKING },
      { model: SECOND_MODEL, reasoning_effort: "high" },
      { model: FAKE_MODEL, reasoning_effort: START_THINKING },
    ]);
    expectSamePrompt(systemPromptOf(requests[2]!), native);
  });
});
