// End-to-end: the harness's shared RPC Pi (harness/rpc-pool.ts) gives each test a new session that starts with nothing
// of the test before it (selection, notices, forge's process state), on both real Pi hosts.
import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  ALPHA,
  ALPHA_BETA_MODES,
  expectSamePrompt,
  FORGE_EXTENSION,
  forgeSuite,
  notices,
  overlayTail,
  projectEnv,
  rpcCommand,
  rpcStatus,
} from "./harness/forge-project.js";
import { rpcPool } from "./harness/rpc-pool.js";
import { systemPromptOf } from "../../scripts/demo/fake-server.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";

const suite = forgeSuite();

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: a pooled Pi process", (_id, host) => {
  const pool = rpcPool();

  it("serves a second session as a fresh process would: no selection, no notices and no requests of the first", async () => {
    const { env, native } = await projectEnv(suite, host, ALPHA_BETA_MODES);
    const options = { env, args: ["--no-session"], extensions: [FORGE_EXTENSION] };
    suite.server.reset();
    const first = await pool.session(host, options);
    const firstId = (await first.send({ type: "get_state" })).data.sessionId;
    await rpcCommand(first, "/mode set alpha", "forge: active");
    await first.prompt("one");
    expect(await first.close()).toBe(0);

    const second = await pool.session(host, options);
    expect((await second.send({ type: "get_state" })).data.sessionId).not.toBe(firstId);
    expect(notices(second).filter((n) => n.includes("alpha"))).toEqual([]);
    expect(await rpcStatus(second)).toMatchObject({ active: false, overlays: [], composition: "native" });
    // A fresh module: forge's own state of the first session (its pinned texts, the last run) is not there either.
    expect(await rpcCommand(second, "/mode set beta", "forge: active")).toMatch(/^forge: active overlays beta \(drift policy block; was Pi's native prompt\)/);
    await second.prompt("two");
    expect(await second.close()).toBe(0);

    const prompts = suite.server.completions().map((r) => systemPromptOf(r));
    expectSamePrompt(prompts[0]!, native + overlayTail(["alpha", "Alpha", ALPHA]));
    expect(prompts[1]).not.toContain(ALPHA);
    // The second session's request carries only its own turn.
    expect(JSON.stringify(suite.server.completions()[1]!.body.messages)).not.toContain('"one"');
    // 0.73.1 keeps the pool's sessions in the agent dir, never in the working directory.
    expect(readdirSync(env.cwd).filter((f) => f.endsWith(".jsonl"))).toEqual([]);
  });
});
