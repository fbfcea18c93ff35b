// End-to-end: the operator surface in both real Pi hosts: preview sizes, footer status, selector, preferences, /preset save.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  ALPHA,
  ALPHA_BETA_MODES,
  ALPHA_BETA_TAIL,
  BETA,
  commitProject,
  expectSamePrompt,
  FORGE_EXTENSION,
  forgeBuild,
  forgePrint,
  forgeSuite,
  projectEnv,
  lastStatus,
  onlyPrompt,
  overlayTail,
  rpcCommand,
  rpcStatus,
} from "./harness/forge-project.js";
import { systemPromptOf, toolNames } from "../../scripts/demo/fake-server.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import type { UiAnswer, UiRequest } from "../../scripts/demo/rpc-client.js";
import { rpcPool } from "./harness/rpc-pool.js";
import { onlyPooledPrompt, pooledTurns } from "./harness/pooled-turns.js";

const suite = forgeSuite();

const MODES = {
  ...ALPHA_BETA_MODES,
  readonly: { label: "Read only", strategy: "append", prompt: "Only read.", tools: ["read", "grep"] },
  pinned: { label: "Pinned", strategy: "append", prompt: "Pinned model.", model: "nowhere/no-such-model" },
} as const;

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: operator surface", (_id, host) => {
  let env: PiEnv;
  let native: string;

  beforeAll(async () => {
    ({ env, native } = await projectEnv(suite, host, MODES));
    // A repository whose HEAD holds these sources: what the tests add is the user's own edit (issue 20's trust rule).
    commitProject(env.cwd);
  });

  // The RPC tests change no start-up: one Pi process serves them, a new session each.
  const pool = rpcPool();
  const rpcSession = (answer?: (r: UiRequest) => UiAnswer) => {
    suite.server.reset();
    return pool.session(host, { env, args: ["--no-session"], extensions: [FORGE_EXTENSION], onUiRequest: answer });
  };

  it("/mode preview --json: forge's parts and the whole prompt of the last turn, in characters", async () => {
    // A session of the pooled Pi (the selection by /mode set: no start-up of its own); its previews are notices.
    const r = await pooledTurns(pool, host, env, suite.server, ["/mode set alpha beta", "/mode preview --json", "hello", "/mode preview --json"]);
    const prompt = onlyPooledPrompt(r);
    expectSamePrompt(prompt, native + ALPHA_BETA_TAIL);
    const lines = r.said.split("\n").filter((l) => l.startsWith('{"'));
    expect(lines).toHaveLength(2);
    const [before, after] = lines.map((l) => JSON.parse(l));
    expect(before.lastPrompt).toBeNull();
    expect(after.lastPrompt).toEqual({ chars: prompt.length, estimatedTokens: Math.ceil(prompt.length / 4) });
    expect(after.sections).toEqual([
      { key: "alpha", kind: "overlay", chars: `# Alpha\n\n${ALPHA}`.length },
      { key: "beta", kind: "overlay", chars: `# Beta\n\n${BETA}`.length },
    ]);
    expect(after.size).toMatchObject({ basis: "forge-parts", chars: `# Alpha\n\n${ALPHA}`.length + `# Beta\n\n${BETA}`.length });
  });

  it("RPC: the footer status names the selection; the selector (select dialogs) applies atomically", async () => {
    const picks: string[][] = [];
    const rpc = await rpcSession((r) => {
      if (r.method !== "select") return undefined;
      const options = r.options as string[];
      picks.push(options);
      // First pick beta, then alpha (the order of picking is the overlay order), then Apply.
      if (picks.length === 1) return { value: options.find((o) => o.includes("] beta - Beta"))! };
      if (picks.length === 2) return { value: options.find((o) => o.includes("] alpha - Alpha"))! };
      return { value: options.find((o) => o.startsWith("Apply - "))! };
    });
    try {
      await rpcCommand(rpc, "/mode", "forge: active");
      const footer = await rpc.waitFor((r) => r?.method === "setStatus" && r.statusKey === "forge" && typeof r.statusText === "string");
      expect(footer.statusText).toBe("forge: beta+alpha");
      expect(await rpcStatus(rpc)).toMatchObject({ overlays: ["beta", "alpha"], source: "selector" });
      await rpc.prompt("hello");
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    expect(picks).toHaveLength(3);
    // The Apply line carries a live summary of the candidate.
    expect(picks[2]![0]).toMatch(/^Apply - result: native base \+ beta \+ alpha \| \d+ chars ~\d+ tokens$/);
    expectSamePrompt(systemPromptOf(suite.server.completions()[0]!), native + overlayTail(["beta", "Beta", BETA], ["alpha", "Alpha", ALPHA]));
  });

  it("a mode's tools allow-list narrows the active tools and switches on read-only built-ins; /mode off restores them", async () => {
    const rpc = await rpcSession();
    try {
      await rpc.prompt("before");
      await rpcCommand(rpc, "/mode set readonly", "forge: active");
      await rpc.prompt("narrowed");
      await rpcCommand(rpc, "/mode off", "forge: mode off");
      await rpc.prompt("restored");
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const [before, narrowed, restored] = suite.server.completions();
    expect(toolNames(before!).sort()).toEqual(["bash", "edit", "read", "write"]);
    // grep is off in Pi's default set: a read-only built-in, so the list switches it on; bash, edit and write go off.
    expect(toolNames(narrowed!).sort()).toEqual(["grep", "read"]);
    expect(systemPromptOf(narrowed!)).toContain("<forge-readonly>\n# Read only\n\nOnly read.\n</forge-readonly>");
    expect(toolNames(restored!).sort()).toEqual(toolNames(before!).sort());
  });

  it("a missing preferred model is a notice, not a crash: the mode still composes on the current model", async () => {
    const r = await pooledTurns(pool, host, env, suite.server, ["/mode set pinned", "hello"]);
    expect(r.said).toContain('forge: preferred model "nowhere/no-such-model" was not found; keeping the current model');
    expectSamePrompt(onlyPooledPrompt(r), native + overlayTail(["pinned", "Pinned", "Pinned model."]));
    expect(suite.server.completions()[0]!.body.model).toBe(env.model);
  });

  it("/preset save writes a source file and says to run forge build; after the build /preset use applies it", async () => {
    const saved = await forgePrint(host, env, suite.server, ["--no-session", "/mode set beta alpha --drift warn", "/preset save team-flow"]);
    const file = join(env.cwd, ".pi", "forge", "presets", "team-flow.yaml");
    expect(saved.stderr).toContain(`forge: saved preset "team-flow" to ${file}; run \`npx --no-install forge build\``);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, "utf8")).toContain("overlays:\n  - beta\n  - alpha\ndriftPolicy: warn\n");
    // The user's own build of their uncommitted preset: on 0.73.1 it carries their trust to the new bundle.
    forgeBuild({ root: env.cwd, agentDir: env.agentDir });
    const used = await forgePrint(host, env, suite.server, ["--no-session", "/preset use team-flow", "hello", "/mode status --json"]);
    expectSamePrompt(onlyPrompt(used), native + overlayTail(["beta", "Beta", BETA], ["alpha", "Alpha", ALPHA]));
    expect(lastStatus(used.stderr)).toMatchObject({ preset: "team-flow", driftPolicy: "warn", source: "preset" });
  });
});
