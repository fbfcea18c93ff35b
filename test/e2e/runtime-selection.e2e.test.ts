// End-to-end: selection sources (PI_MODES > PI_MODE > flags), presets and RPC /mode and /preset commands in both real Pi hosts.
import { beforeAll, describe, expect, it } from "vitest";
import {
  buildProject,
  expectSamePrompt,
  FORGE_EXTENSION,
  forgePrint,
  forgeSuite,
  projectEnv,
  nativePrompt,
  notices,
  onlyPrompt,
  overlayTail,
  rpcCommand,
  rpcStatus,
  noticeHead,
} from "./harness/forge-project.js";
import { systemMessagesOf, systemPromptOf } from "../../scripts/demo/fake-server.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, MODERN_HOST, type PiHost } from "../../scripts/demo/pi-host.js";
import type { RpcClient, UiAnswer, UiRequest } from "../../scripts/demo/rpc-client.js";
import { rpcPool } from "./harness/rpc-pool.js";

const suite = forgeSuite();

const TEXT = { alpha: "Alpha: cite files.", beta: "Beta: be brief.", gamma: "Gamma: list risks." } as const;
const FINAL = "RPC FINAL PROMPT";
const MODES = {
  alpha: { label: "Alpha", strategy: "append", prompt: TEXT.alpha },
  beta: { label: "Beta", strategy: "append", prompt: TEXT.beta },
  gamma: { label: "Gamma", strategy: "append", prompt: TEXT.gamma },
  fin: { label: "Final", strategy: "replace_final", prompt: FINAL },
} as const;
const PRESETS = { duo: { overlays: ["gamma", "alpha"] } };
const tail = (...keys: Array<keyof typeof TEXT>) => keys.map((k) => overlayTail([k, k[0]!.toUpperCase() + k.slice(1), TEXT[k]])).join("");

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: selection sources", (_id, host) => {
  let env: PiEnv;
  let native: string;
  const run = (messages: string[], extraEnv?: Record<string, string>) => forgePrint(host, env, suite.server, ["--no-session", ...messages], { extraEnv });

  beforeAll(async () => {
    ({ env, native } = await projectEnv(suite, host, MODES, PRESETS));
  });

  it("PI_MODES wins over PI_MODE and --mode", async () => {
    const r = await run(["--mode=gamma", "hello", "/mode status --json"], { PI_MODES: '["alpha","beta"]', PI_MODE: "beta" });
    expectSamePrompt(onlyPrompt(r), native + tail("alpha", "beta"));
  });

  it("PI_MODE wins over --mode; --mode alone applies", async () => {
    expectSamePrompt(onlyPrompt(await run(["--mode=gamma", "hello"], { PI_MODE: "beta" })), native + tail("beta"));
    expectSamePrompt(onlyPrompt(await run(["--mode=gamma", "hello"])), native + tail("gamma"));
  });

  it("PI_MODES may name a preset; --preset applies a preset", async () => {
    expectSamePrompt(onlyPrompt(await run(["hello"], { PI_MODES: '{"preset":"duo"}' })), native + tail("gamma", "alpha"));
    const flag = await run(["--preset", "duo", "hello", "/mode status --json"]);
    expectSamePrompt(onlyPrompt(flag), native + tail("gamma", "alpha"));
    expect(flag.stderr).toContain('"preset":"duo"');
  });

  it("invalid PI_MODES JSON: native prompt (not PI_MODE, not the flag) and an error naming PI_MODES", async () => {
    const r = await run(["--mode=gamma", "hello"], { PI_MODES: "[alpha", PI_MODE: "beta" });
    expectSamePrompt(onlyPrompt(r), native);
    expect(r.stderr).toContain("forge: PI_MODES is not valid JSON");
    expect(r.stderr).toContain("using Pi's native prompt");
  });

  it("a PI_MODES value of the wrong shape is refused the same way", async () => {
    const r = await run(["hello"], { PI_MODES: '{"modes":["alpha"]}' });
    expectSamePrompt(onlyPrompt(r), native);
    expect(r.stderr).toContain("forge: PI_MODES must be a JSON array of mode keys");
  });

  it("print mode: /mode set then a prompt, /mode off then a prompt", async () => {
    const r = await run(["/mode set beta alpha", "one", "/mode off", "two"]);
    expect(r.prompts).toHaveLength(2);
    expectSamePrompt(r.prompts[0]!, native + tail("beta", "alpha"));
    if (host.id === "legacy") expectSamePrompt(r.prompts[1]!, native);
    // 1.x folds the removal into the session's prompt: the forge sections are gone again.
    else expect(r.prompts[1]).toBe(native);
  });
});

// The RPC tests below change no start-up: one Pi process per host and env serves them, a new session each.
const pool = rpcPool();

/** An RPC session with forge; `answer` handles dialogs (default: cancel). */
async function rpcWithForge(host: PiHost, env: PiEnv, answer?: (r: UiRequest) => UiAnswer): Promise<RpcClient> {
  suite.server.reset();
  return pool.session(host, { env, args: ["--no-session"], extensions: [FORGE_EXTENSION], onUiRequest: answer, timeoutMs: 60_000 });
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: RPC commands", (_id, host) => {
  let env: PiEnv;
  let native: string;

  beforeAll(async () => {
    ({ env, native } = await projectEnv(suite, host, MODES, PRESETS));
  });

  it("/mode set then a prompt carries the composition; /mode off brings back the native prompt", async () => {
    const rpc = await rpcWithForge(host, env);
    try {
      await rpc.prompt("first");
      expect(noticeHead(await rpcCommand(rpc, "/mode set alpha beta", "forge: active"))).toBe(
        "forge: active overlays alpha, beta (drift policy block; was Pi's native prompt)",
      );
      // A command starts no turn and makes no request.
      expect(suite.server.completions()).toHaveLength(1);
      const status = await rpcStatus(rpc);
      expect(status).toMatchObject({ active: true, overlays: ["alpha", "beta"], source: "command", fallbackReason: null });
      expect(status.components.map((c: any) => [c.key, c.pinnedScope, c.drift])).toEqual([
        ["alpha", "project", "none"],
        ["beta", "project", "none"],
      ]);
      await rpc.prompt("second");
      expect(noticeHead(await rpcCommand(rpc, "/mode off", "forge: mode off"))).toBe("forge: mode off (Pi's native prompt; was overlays alpha, beta)");
      await rpc.prompt("third");
      expect((await rpcStatus(rpc)).active).toBe(false);
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const prompts = suite.server.completions().map((r) => systemPromptOf(r));
    expect(prompts).toHaveLength(3);
    expectSamePrompt(prompts[0]!, native);
    expectSamePrompt(prompts[1]!, native + tail("alpha", "beta"));
    expectSamePrompt(prompts[2]!, native);
  });

  it("/preset use then a prompt; /preset list names it", async () => {
    const rpc = await rpcWithForge(host, env);
    try {
      expect(await rpcCommand(rpc, "/preset list", "duo")).toContain("duo (project)");
      expect(noticeHead(await rpcCommand(rpc, "/preset use duo", "forge: active"))).toBe(
        "forge: active preset duo overlays gamma, alpha (drift policy block; was Pi's native prompt)",
      );
      await rpc.prompt("hello");
      expect(await rpcStatus(rpc)).toMatchObject({ preset: "duo", overlays: ["gamma", "alpha"], source: "preset" });
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    expect(suite.server.completions()).toHaveLength(1);
    expectSamePrompt(systemPromptOf(suite.server.completions()[0]!), native + tail("gamma", "alpha"));
  });

  it("replace_final over RPC asks for confirmation: declined keeps native, confirmed sends the exact bytes", async () => {
    const asked: UiRequest[] = [];
    let confirm = false;
    const rpc = await rpcWithForge(host, env, (r) => {
      asked.push(r);
      return r.method === "confirm" ? { confirmed: confirm } : undefined;
    });
    try {
      expect(await rpcCommand(rpc, "/mode set fin", "forge:")).toContain("cancelled");
      await rpc.prompt("declined");
      confirm = true;
      expect(noticeHead(await rpcCommand(rpc, "/mode set fin", "forge: active"))).toBe("forge: active base fin (drift policy block; was Pi's native prompt)");
      await rpc.prompt("confirmed");
      expect(notices(rpc).some((n) => n.includes("needs confirmation"))).toBe(false);
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    expect(asked.map((r) => r.method)).toEqual(["confirm", "confirm"]);
    expect(String(asked[0]!.message)).toMatch(/Confirm digest [0-9a-f]{12}/);
    const prompts = suite.server.completions().map((r) => systemPromptOf(r));
    expectSamePrompt(prompts[0]!, native);
    expect(prompts[1]).toBe(FINAL);
  });
});

describe("1.x with mid-conversation system messages: /mode set and /mode off arrive as section patches", () => {
  it("the leading prompt stays; the next request carries the forge section, then its removal", async () => {
    const env = await suite.env({ compat: { supportsMidConvoSystemMessages: true } });
    buildProject(env.cwd, MODES);
    const native = await nativePrompt(MODERN_HOST, env, suite.server);
    const rpc = await rpcWithForge(MODERN_HOST, env);
    try {
      await rpc.prompt("one");
      await rpcCommand(rpc, "/mode set alpha", "forge: active");
      await rpc.prompt("two");
      await rpcCommand(rpc, "/mode off", "forge: mode off");
      await rpc.prompt("three");
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const [one, two, three] = suite.server.completions().map((r) => systemMessagesOf(r.body));
    const added = `Updated system prompt section "forge-alpha":\n\n${tail("alpha").slice(2)}`;
    expect(one).toEqual([native]);
    expect(two).toEqual([native, added]);
    expect(three).toEqual([native, added, 'Removed system prompt section "forge-alpha".']);
  });
});
