// End-to-end: the host adapter inside both real Pi hosts (print and RPC), asserting on the system prompt Pi sent.
import { beforeAll, describe, expect, it } from "vitest";
import { BASE_TEXT, FINAL_TEXT, OVERLAY_A, OVERLAY_B, type ProbeStrategy } from "./fixtures/probe-compositions.js";
import { CHAIN_MARKER } from "./fixtures/chain-extension.js";
import { systemMessagesOf, systemPromptOf } from "../../scripts/demo/fake-server.js";
import type { PiEnv, PiEnvOptions } from "../../scripts/demo/pi-env.js";
import { piSuite } from "./harness/pi-suite.js";
import { assertPrintOk, HOSTS, MODERN_HOST, nodeMajorOf, runPrint, type PiHost } from "../../scripts/demo/pi-host.js";
import { CHAIN_EXTENSION, PROBE_EXTENSION, probeReports, withoutDate } from "./harness/probe.js";
import { startRpc } from "../../scripts/demo/rpc-client.js";
import { onlyPooledPrompt, pooledTurns } from "./harness/pooled-turns.js";
import { rpcPool, type RpcPool } from "./harness/rpc-pool.js";

const AGENTS_MD = "# Project rules\n\nAnswer in haiku.";
const SKILL_MD = "---\nname: probe-skill\ndescription: A probe skill for forge tests.\n---\n\nSkill body.\n";
const wrap = (key: string, text: string) => `<forge-${key}>\n${text}\n</forge-${key}>`;
const TAIL_AB = `\n\n${wrap(OVERLAY_A.key, OVERLAY_A.text)}\n\n${wrap(OVERLAY_B.key, OVERLAY_B.text)}`;
const TAIL_A = `\n\n${wrap(OVERLAY_A.key, OVERLAY_A.text)}`;

const suite = piSuite();

/** An env whose cwd holds AGENTS.md (unless the options give other cwd files) and whose agent dir holds a skill. */
function makeEnv(options: Omit<PiEnvOptions, "baseUrl"> = {}): Promise<PiEnv> {
  return suite.env({
    cwdFiles: { "AGENTS.md": AGENTS_MD },
    agentFiles: { "skills/probe-skill/SKILL.md": SKILL_MD },
    ...options,
  });
}

interface PrintRun {
  prompt: string;
  reports: ReturnType<typeof probeReports>;
}

/** One `pi -p hello` run (the files in this file run sequentially, so the shared server's log is this run's). */
async function print(host: PiHost, env: PiEnv, strategy: ProbeStrategy | null, opts: { extensions?: string[]; args?: string[] } = {}): Promise<PrintRun> {
  suite.server.reset();
  const extensions = opts.extensions ?? (strategy === null ? [] : [PROBE_EXTENSION]);
  const result = await runPrint(host, [...(opts.args ?? []), "hello"], { env, extensions, extraEnv: { FORGE_PROBE_STRATEGY: strategy ?? "native" } });
  assertPrintOk(result);
  expect(suite.server.completions()).toHaveLength(1);
  return { prompt: systemPromptOf(suite.server.completions()[0]!), reports: probeReports(result.stderr) };
}

/** The probe's start-up in the pooled process: native until a session's `/probe <strategy>`. */
const PROBE_START = { FORGE_PROBE_STRATEGY: "native" };

/**
 * The same `hello` as a new session of the pool's RPC Pi (the probe's strategy set by `/probe`): the composition does
 * not depend on the process, so one Pi per host serves these tests. The chain tests below stay print runs (other
 * extensions, and the adapter in print mode).
 */
async function pooledHello(pool: RpcPool, host: PiHost, env: PiEnv, strategy: ProbeStrategy): Promise<PrintRun> {
  const run = await pooledTurns(pool, host, env, suite.server, [`/probe ${strategy}`, "hello"], { extensions: [PROBE_EXTENSION], extraEnv: PROBE_START });
  return { prompt: onlyPooledPrompt(run), reports: probeReports(run.said) };
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host, print and pooled RPC", (_id, host) => {
  let env: PiEnv;
  let native: string;
  const pool = rpcPool();
  const pooled = (strategy: ProbeStrategy) => pooledHello(pool, host, env, strategy);

  beforeAll(async () => {
    env = await makeEnv();
    native = (await print(host, env, null)).prompt;
  });

  it(`runs on Node ${host.nodeMajor}`, async () => {
    expect(nodeMajorOf(host.node())).toBe(host.nodeMajor);
    if (host.id === "legacy" && process.version.startsWith("v20.")) expect(host.node()).toBe(process.execPath);
    const [report] = (await pooled("native")).reports;
    expect(report?.node.split(".")[0]).toBe(String(host.nodeMajor));
  });

  it("Pi's native prompt carries the project context, the skill and the cwd", () => {
    expect(native).toContain(AGENTS_MD);
    expect(native).toContain("probe-skill");
    expect(native).toContain(env.cwd);
  });

  it("native: exactly the prompt Pi sends with no extension", async () => {
    const run = await pooled("native");
    expect(withoutDate(run.prompt)).toBe(withoutDate(native));
    expect(run.reports.map((r) => r.effective)).toEqual([run.prompt]);
  });

  it("append: the overlays in order after Pi's native prompt", async () => {
    const run = await pooled("append");
    expect(withoutDate(run.prompt)).toBe(withoutDate(native + TAIL_AB));
    expect(run.reports[0]?.effective).toBe(run.prompt);
  });

  it("replace_base: the base text, then Pi's project context, skills and cwd, then the overlay", async () => {
    const run = await pooled("replace_base");
    expect(run.prompt.startsWith(`${BASE_TEXT}\n\n`)).toBe(true);
    expect(run.prompt).toContain(AGENTS_MD);
    expect(run.prompt).toContain("<name>probe-skill</name>");
    expect(run.prompt).toContain(env.cwd);
    expect(run.prompt.endsWith(TAIL_A)).toBe(true);
    expect(run.prompt).not.toContain(native.split("\n")[0]); // Pi's own preamble is gone
    expect(run.reports[0]?.effective).toBe(run.prompt);
  });

  it("replace_final: exactly the configured bytes", async () => {
    const run = await pooled("replace_final");
    expect(run.prompt).toBe(FINAL_TEXT);
  });

  it("another extension returning systemPrompt after forge keeps forge's overlays on both hosts", async () => {
    const run = await print(host, env, "append", { extensions: [PROBE_EXTENSION, CHAIN_EXTENSION] });
    expect(withoutDate(run.prompt)).toBe(withoutDate(`${native}${TAIL_AB}\n\n${CHAIN_MARKER}`));
  });

  it("another extension returning systemPrompt before forge: the overlays follow its prompt on both hosts", async () => {
    // On 1.x that return sets forceSystemPrompt, which hides sections; the adapter appends the overlays to it.
    const run = await print(host, env, "append", { extensions: [CHAIN_EXTENSION, PROBE_EXTENSION] });
    expect(withoutDate(run.prompt)).toBe(withoutDate(`${native}\n\n${CHAIN_MARKER}${TAIL_AB}`));
  });

  it("rpc mode: a prompt command composes the same prompt; dialogs are answered by the callback", async () => {
    suite.server.reset();
    const rpc = await pool.session(host, {
      env,
      args: ["--no-session"],
      extensions: [PROBE_EXTENSION],
      extraEnv: PROBE_START,
      onUiRequest: (request) => (request.method === "confirm" ? { confirmed: true } : { value: "second" }),
    });
    try {
      expect((await rpc.send({ type: "prompt", message: "/probe append" })).success).toBe(true);
      const end = await rpc.prompt("hello");
      expect(end.type).toBe("agent_end");
      expect((await rpc.send({ type: "prompt", message: "/probe-ask" })).success).toBe(true);
      const notice = await rpc.waitFor((r) => r.method === "notify" && String(r.message).startsWith("probe-ask "));
      expect(JSON.parse(notice.message.slice("probe-ask ".length))).toEqual({ confirmed: true, selected: "second" });
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    expect(suite.server.completions()).toHaveLength(1);
    expect(withoutDate(systemPromptOf(suite.server.completions()[0]!))).toBe(withoutDate(native + TAIL_AB));
  });

  it("harness: scripted tool calls run through Pi; usage (with cached tokens) reaches the session", async () => {
    suite.server.reset();
    suite.server.enqueue({ text: "looking", toolCalls: [{ name: "read", arguments: { path: "AGENTS.md" } }], usage: { cached_tokens: 64 } });
    const rpc = await pool.session(host, { env, args: ["--no-session"], extensions: [PROBE_EXTENSION], extraEnv: PROBE_START });
    let end: any;
    try {
      end = await rpc.prompt("read it");
      // No onUiRequest: the client cancels dialogs.
      expect((await rpc.send({ type: "prompt", message: "/probe-ask" })).success).toBe(true);
      const notice = await rpc.waitFor((r) => r.method === "notify" && String(r.message).startsWith("probe-ask "));
      expect(JSON.parse(notice.message.slice("probe-ask ".length))).toEqual({ confirmed: false, selected: null });
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const [, second] = suite.server.completions();
    expect(suite.server.completions()).toHaveLength(2);
    expect(second?.body.messages.slice(-1)).toEqual([{ role: "tool", content: AGENTS_MD, tool_call_id: "call_1" }]);
    const assistant = end.messages.filter((m: any) => m.role === "assistant");
    // The scripted 64, then the fake's prefix cache: the second request extends the first, so most of it is a cache read.
    const reported = suite.server.completions().map(({ usage }) => ({
      input: usage!.prompt_tokens - usage!.cached_tokens - usage!.cache_write_tokens,
      cacheRead: usage!.cached_tokens,
      cacheWrite: usage!.cache_write_tokens,
    }));
    expect(assistant.map((m: any) => m.usage.cacheRead)).toEqual([64, reported[1]!.cacheRead]);
    expect(reported[1]!.cacheRead).toBeGreaterThan(reported[1]!.cacheWrite);
    expect(assistant.map(({ usage: { input, cacheRead, cacheWrite } }: any) => ({ input, cacheRead, cacheWrite }))).toEqual(reported);
  });
});

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host, project trust", (_id, host) => {
  const trustOf = async (env: PiEnv, args: string[] = []) => (await print(host, env, "native", { args })).reports[0]?.trust;

  it("reports trust only on 1.x", async () => {
    const plain = await trustOf(await makeEnv());
    if (host !== MODERN_HOST) return expect(plain).toBeNull();
    // Nothing protected in the project: 1.x needs no decision and reports trusted.
    expect(plain).toBe(true);
    // A bare .pi dir (e.g. only .pi/forge/bundle.json) is not a protected resource either.
    expect(await trustOf(await makeEnv({ cwdFiles: { ".pi/forge/bundle.json": "{}" } }))).toBe(true);
    // Protected resources and no decision in print mode: untrusted; --approve trusts for the run.
    const guarded = await makeEnv({ cwdFiles: { ".pi/settings.json": "{}" } });
    expect(await trustOf(guarded)).toBe(false);
    expect(await trustOf(guarded, ["--approve"])).toBe(true);
  });
});

/** Runs prompts and `/probe <strategy>` commands in one RPC session; returns each completion request's body. */
async function rpcSession(env: PiEnv, steps: string[]): Promise<any[]> {
  suite.server.reset();
  const rpc = await startRpc(MODERN_HOST, { env, args: ["--no-session"], extensions: [PROBE_EXTENSION], extraEnv: { FORGE_PROBE_STRATEGY: "native" } });
  try {
    for (const step of steps) {
      if (step.startsWith("/")) expect((await rpc.send({ type: "prompt", message: step })).success).toBe(true);
      else await rpc.prompt(step);
    }
  } finally {
    expect(await rpc.close()).toBe(0);
  }
  return suite.server.completions().map((r) => r.body);
}

describe("1.x: forge sections changing within one session (records host behaviour forge relies on)", () => {
  it("without mid-conversation system messages Pi folds the patches into the leading prompt", async () => {
    const env = await makeEnv();
    const native = (await print(MODERN_HOST, env, null)).prompt;
    const steps = [
      "one",
      "/probe append",
      "two",
      "/probe append_reversed",
      "three",
      "/probe native",
      "four",
      "/probe replace_base",
      "five",
      "/probe native",
      "six",
    ];
    const bodies = await rpcSession(env, steps);
    expect(bodies).toHaveLength(6);
    for (const body of bodies) expect(systemMessagesOf(body)).toHaveLength(1);
    const prompts = bodies.map((body) => systemPromptOf({ body }));
    expect(prompts[0]).toBe(native);
    expect(prompts[1]).toBe(native + TAIL_AB);
    // Reordering overlays changes no section text, so Pi sends no patch and the old order stays.
    expect(prompts[2]).toBe(native + TAIL_AB);
    expect(prompts[3]).toBe(native);
    expect(prompts[4]?.startsWith(`${BASE_TEXT}\n\n`)).toBe(true);
    // Back to native after replace_base: same sections, but removed-then-restored ones (tools, rules, docs)
    // are replayed after cwd, so the prompt is not byte-identical to a fresh session's.
    expect(prompts[5]).not.toBe(native);
    expect(prompts[5]?.length).toBe(native.length);
    expect(prompts[5]?.indexOf("<cwd>")).toBeLessThan(prompts[5]!.indexOf("<tools>"));
  });

  it("with compat.supportsMidConvoSystemMessages Pi keeps the prompt and appends patch messages", async () => {
    const env = await makeEnv({ compat: { supportsMidConvoSystemMessages: true } });
    const native = (await print(MODERN_HOST, env, null)).prompt;
    const bodies = await rpcSession(env, ["one", "/probe append", "two", "/probe native", "three"]);
    expect(bodies).toHaveLength(3);
    const [, second, third] = bodies.map((body) => systemMessagesOf(body));
    const added =
      `Updated system prompt section "forge-alpha":\n\n${wrap(OVERLAY_A.key, OVERLAY_A.text)}\n\n` +
      `Updated system prompt section "forge-beta-two":\n\n${wrap(OVERLAY_B.key, OVERLAY_B.text)}`;
    const removed = `Removed system prompt section "forge-alpha".\n\nRemoved system prompt section "forge-beta-two".`;
    expect(second).toEqual([native, added]);
    expect(third).toEqual([native, added, removed]);
    // The patch sits right before the prompt that caused it.
    const roles = (bodies[1].messages as Array<{ role: string }>).map((m) => m.role);
    expect(roles).toEqual(["system", "user", "assistant", "system", "user"]);
  });
});
