// End-to-end: a saved session's forge state replays on resume (--continue, --session, RPC switch_session) in both real Pi hosts.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  ALPHA,
  ALPHA_BETA_MODES,
  ALPHA_BETA_TAIL,
  BETA,
  expectSamePrompt,
  FORGE_EXTENSION,
  forgePrint,
  forgeSuite,
  projectEnv,
  lastStatus,
  onlyPrompt,
  overlayTail,
  rpcCommand,
} from "./harness/forge-project.js";
import { messageText, systemPromptOf } from "../../scripts/demo/fake-server.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { startRpc } from "../../scripts/demo/rpc-client.js";

const suite = forgeSuite();

/** Every session file under the env's agent dir, newest last. */
function sessionFiles(env: PiEnv): string[] {
  const dir = join(env.agentDir, "sessions");
  const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith(".jsonl")).map((f) => join(dir, f));
  return files.sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs);
}

/** The forge state entries a session file holds, in order. */
function forgeEntries(file: string): any[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim().length > 0)
    .map((line) => JSON.parse(line))
    .filter((e) => e.type === "custom" && e.customType === "forge-mode-state")
    .map((e) => e.data);
}

/** The user-message texts of the last completion request (shows the resumed history reached the model). */
function userTexts(): string[] {
  const last = suite.server.completions().at(-1)!;
  return (last.body.messages as any[]).filter((m) => m.role === "user").map(messageText);
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: resume", (_id, host) => {
  let env: PiEnv;
  let native: string;
  const run = (messages: string[], extraEnv?: Record<string, string>) => forgePrint(host, env, suite.server, messages, { extraEnv });

  beforeEach(async () => {
    ({ env, native } = await projectEnv(suite, host, ALPHA_BETA_MODES));
  });

  it("--continue after a first print run: the state replays without re-selecting", async () => {
    expectSamePrompt(onlyPrompt(await run(["--mode=alpha,beta", "first"])), native + ALPHA_BETA_TAIL);
    const [file] = sessionFiles(env);
    expect(forgeEntries(file!)).toMatchObject([{ v: 1, overlays: ["alpha", "beta"], source: "flag", driftPolicy: "block" }]);
    const resumed = await run(["--continue", "second", "/mode status --json"]);
    expectSamePrompt(onlyPrompt(resumed), native + ALPHA_BETA_TAIL);
    expect(userTexts()).toEqual(["first", "second"]);
    expect(lastStatus(resumed.stderr)).toMatchObject({ active: true, overlays: ["alpha", "beta"], source: "flag", drift: false });
    // Replay appends nothing: the session still holds the one entry of the first run.
    expect(sessionFiles(env)).toHaveLength(1);
    expect(forgeEntries(file!)).toHaveLength(1);
  });

  it("--session <file>: a /mode set made in RPC mode replays in a later print run; /mode off replays too", async () => {
    suite.server.reset();
    const rpc = await startRpc(host, { env, extensions: [FORGE_EXTENSION] });
    try {
      await rpcCommand(rpc, "/mode set beta", "forge: active");
      await rpc.prompt("over rpc");
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const [file] = sessionFiles(env);
    expect(forgeEntries(file!).map((e) => [e.overlays, e.source])).toEqual([[["beta"], "command"]]);
    const tailBeta = overlayTail(["beta", "Beta", BETA]);
    expectSamePrompt(onlyPrompt(await run(["--session", file!, "in print"])), native + tailBeta);
    expect(userTexts()).toEqual(["over rpc", "in print"]);
    // /mode off is a state change too: the next resume replays the native prompt.
    expectSamePrompt(onlyPrompt(await run(["--session", file!, "/mode off", "off now"])), native);
    const again = await run(["--session", file!, "still off", "/mode status --json"]);
    expectSamePrompt(onlyPrompt(again), native);
    expect(lastStatus(again.stderr)).toMatchObject({ active: false, base: null, overlays: [], source: "off" });
    expect(forgeEntries(file!).map((e) => e.source)).toEqual(["command", "off"]);
  });

  it("RPC switch_session to a saved session replays its state (session_start may fire twice; nothing is appended)", async () => {
    await run(["--mode=alpha,beta", "first"]);
    const [file] = sessionFiles(env);
    suite.server.reset();
    const rpc = await startRpc(host, { env, args: ["--no-session"], extensions: [FORGE_EXTENSION] });
    try {
      await rpc.prompt("before switch");
      const switched = await rpc.send({ type: "switch_session", sessionPath: file });
      expect(switched).toMatchObject({ success: true, data: { cancelled: false } });
      await rpc.prompt("after switch");
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const prompts = suite.server.completions().map((r) => systemPromptOf(r));
    expect(prompts).toHaveLength(2);
    expectSamePrompt(prompts[0]!, native);
    expectSamePrompt(prompts[1]!, native + ALPHA_BETA_TAIL);
    expect(userTexts()).toEqual(["first", "after switch"]);
    expect(forgeEntries(file!)).toHaveLength(1);
  });

  it("RPC fork from an earlier message: the fork's branch decides (the later /mode set is not on it)", async () => {
    suite.server.reset();
    const rpc = await startRpc(host, { env, extensions: [FORGE_EXTENSION] });
    try {
      // A first exchange: 0.73.1 writes a forked session file only when its branch holds an assistant reply
      // (forking before one starts an empty session, dropping the entries before the fork point).
      await rpc.prompt("zero");
      await rpcCommand(rpc, "/mode set alpha", "forge: active");
      await rpc.prompt("one");
      await rpcCommand(rpc, "/mode set beta", "forge: active");
      await rpc.prompt("two");
      const forkable = await rpc.send({ type: "get_fork_messages" });
      const one = (forkable.data.messages as Array<{ entryId: string; text: string }>).find((m) => m.text === "one");
      expect(one).toBeDefined();
      expect(await rpc.send({ type: "fork", entryId: one!.entryId })).toMatchObject({ success: true, data: { cancelled: false } });
      await rpc.prompt("on the fork");
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const prompts = suite.server.completions().map((r) => systemPromptOf(r));
    const tailAlpha = overlayTail(["alpha", "Alpha", ALPHA]);
    expect(prompts).toHaveLength(4);
    expectSamePrompt(prompts[0]!, native);
    expectSamePrompt(prompts[1]!, native + tailAlpha);
    expectSamePrompt(prompts[2]!, native + overlayTail(["beta", "Beta", BETA]));
    // The fork holds the entries before "one": the alpha selection, not the later beta one (getBranch, not getEntries).
    expectSamePrompt(prompts[3]!, native + tailAlpha);
    expect(userTexts()).toEqual(["zero", "on the fork"]);
  });
});
