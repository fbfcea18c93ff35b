// End-to-end: the mode state follows the session tree (navigateTree back past a later /mode set) in both real Pi hosts.
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { messageText, systemPromptOf, type RecordedRequest } from "../../scripts/demo/fake-server.js";
import { expectSamePrompt, FORGE_EXTENSION, forgeSuite, projectEnv, overlayTail, rpcCommand, rpcStatus, noticeHead } from "./harness/forge-project.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { startRpc, type RpcClient } from "../../scripts/demo/rpc-client.js";

const suite = forgeSuite();
/** Test-only /tree-to-reply (ctx.navigateTree to an assistant reply), loaded beside forge: neither host has an RPC tree command. */
const TREE_COMMANDS = fileURLToPath(new URL("./fixtures/tree-test-commands.ts", import.meta.url));

const TEXT = { alpha: "Alpha: cite the files you read.", beta: "Beta: answer in one line." } as const;
const MODES = {
  alpha: { label: "Alpha", strategy: "append", prompt: TEXT.alpha },
  beta: { label: "Beta", strategy: "append", prompt: TEXT.beta },
} as const;
const tail = (key: keyof typeof TEXT) => overlayTail([key, key === "alpha" ? "Alpha" : "Beta", TEXT[key]]);

/** The user and assistant texts of a request, in order (the system prompt left out). */
const conversation = (request: RecordedRequest) => (request.body.messages as any[]).filter((m) => m.role === "user" || m.role === "assistant").map(messageText);

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: mode state and the session tree", (_id, host) => {
  let env: PiEnv;
  let native: string;

  beforeAll(async () => {
    ({ env, native } = await projectEnv(suite, host, MODES));
  });

  async function startSession(): Promise<RpcClient> {
    suite.server.reset();
    // Distinct replies, so the test command can find "the reply before beta was selected".
    suite.server.enqueue(...["zero", "one", "two", "three", "four"].map((n) => ({ text: `reply ${n}` })));
    return startRpc(host, { env, args: ["--no-session"], extensions: [FORGE_EXTENSION, TREE_COMMANDS], timeoutMs: 60_000 });
  }

  it("navigating back before /mode set beta composes alpha again; back before alpha composes the native prompt", async () => {
    const rpc = await startSession();
    const statuses: any[] = [];
    try {
      await rpc.prompt("zero");
      expect(noticeHead(await rpcCommand(rpc, "/mode set alpha", "forge: active"))).toBe(
        "forge: active overlays alpha (drift policy block; was Pi's native prompt)",
      );
      statuses.push(await rpcStatus(rpc));
      await rpc.prompt("one");
      expect(noticeHead(await rpcCommand(rpc, "/mode set beta", "forge: active"))).toBe("forge: active overlays beta (drift policy block; was overlays alpha)");
      await rpc.prompt("two");
      statuses.push(await rpcStatus(rpc));

      // The leaf becomes "reply one": beta's state entry (appended after it) is off the active branch now.
      await rpcCommand(rpc, "/tree-to-reply reply one", "tree-to-reply: done");
      statuses.push(await rpcStatus(rpc));
      await rpc.prompt("three");
      statuses.push(await rpcStatus(rpc));

      // Further back: "reply zero" precedes every forge entry, so nothing is selected on that branch.
      await rpcCommand(rpc, "/tree-to-reply reply zero", "tree-to-reply: done");
      statuses.push(await rpcStatus(rpc));
      await rpc.prompt("four");
    } finally {
      expect(await rpc.close()).toBe(0);
    }

    const [onA, onB, backToA, afterThree, backToNative] = statuses;
    expect(onB).toMatchObject({ active: true, base: null, overlays: ["beta"], source: "command", fallbackReason: null });
    expect(backToA).toMatchObject({ active: true, base: null, overlays: ["alpha"], source: "command", fallbackReason: null });
    expect(backToA.components.map((c: any) => [c.key, c.drift])).toEqual([["alpha", "none"]]);
    // The state is alpha's entry replayed from the branch (same activation time), not a new selection.
    expect(backToA.activatedAt).toBe(onA.activatedAt);
    expect(onB.activatedAt).not.toBe(onA.activatedAt);
    expect(afterThree).toEqual(backToA);
    expect(backToNative).toMatchObject({ active: false, overlays: [], base: null, composition: "native" });

    const requests = suite.server.completions();
    expect(requests).toHaveLength(5);
    const prompts = requests.map((r) => systemPromptOf(r));
    expectSamePrompt(prompts[0]!, native);
    expectSamePrompt(prompts[1]!, native + tail("alpha"));
    expectSamePrompt(prompts[2]!, native + tail("beta"));
    // After the navigation: alpha's composition, and nothing of beta.
    expectSamePrompt(prompts[3]!, native + tail("alpha"));
    expect(prompts[3]).not.toContain(TEXT.beta);
    expectSamePrompt(prompts[4]!, native);
    expect(prompts[4]).not.toContain("<forge-");

    // Pi really sent the navigated branch: "two" and its reply are gone from the history.
    expect(conversation(requests[3]!)).toEqual(["zero", "reply zero", "one", "reply one", "three"]);
    expect(conversation(requests[4]!)).toEqual(["zero", "reply zero", "four"]);
  });
});
