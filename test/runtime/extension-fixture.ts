// Shared fixture of the extension tests: a temp agent dir with a global bundle, and the extension on a fake pi/ctx.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach } from "vitest";
import type { ForgeModeStateEntry } from "../../generated/types.js";
import { createForgeExtension } from "../../runtime/extension.js";
import { MODE_STATE_TYPE } from "../../core/mode-state-reducer.js";
import { FakeSession, fakeCtx, fakePi, makeBundle, recordingAdapter, type ModeSpec } from "./helpers.js";

export const GLOBAL_MODES: Record<string, ModeSpec> = {
  plan: { strategy: "replace_base", label: "Plan", text: "PLAN BASE" },
  exact: { strategy: "replace_final", label: "Exact", text: "EXACT PROMPT" },
  review: { label: "Review", text: "REVIEW" },
  tests: { label: "Tests", text: "TESTS" },
  strict: { label: "Strict", text: "STRICT", requires: ["tests"] },
  tuned: { label: "Tuned", text: "TUNED", model: "prov/big", thinking: "high", tools: ["read", "grep"] },
  lost: { label: "Lost", text: "LOST", model: "nowhere/none" },
};

export interface SetupOptions {
  session?: FakeSession;
  flags?: Record<string, string>;
  hasUI?: boolean;
  confirm?: Parameters<typeof fakeCtx>[0]["confirm"];
  env?: NodeJS.ProcessEnv;
}

export const states = (pi: ReturnType<typeof fakePi>) =>
  pi.appended.filter((a) => a.customType === MODE_STATE_TYPE).map((a) => a.data as ForgeModeStateEntry);

/** Registers a beforeEach that lays out a fresh temp dir; the returned object reads the current one. */
export function useExtensionFixture() {
  let dir = "";
  let agent = "";
  let cwd = "";
  let env: NodeJS.ProcessEnv = {};

  function writeGlobal(modes: Record<string, ModeSpec> = GLOBAL_MODES) {
    writeFileSync(join(agent, "forge", "bundle.json"), JSON.stringify(makeBundle("global", modes, { duo: { overlays: ["review", "tests"], driftPolicy: "warn" } })));
  }

  beforeEach(() => {
    dir = realpathSync(mkdtempSync(join(tmpdir(), "forge-ext-")));
    agent = join(dir, "agent");
    cwd = join(dir, "work");
    mkdirSync(join(agent, "forge"), { recursive: true });
    mkdirSync(cwd, { recursive: true });
    writeGlobal();
    env = { PI_CODING_AGENT_DIR: agent };
  });

  function setup(opts: SetupOptions = {}) {
    const session = opts.session ?? new FakeSession();
    const pi = fakePi(session, opts.flags);
    const adapter = recordingAdapter();
    const controller = createForgeExtension(pi, { adapter, env: { ...env, ...opts.env }, builtinFile: join(dir, "no-builtin.json"), os: "linux" });
    const ctx = fakeCtx({ cwd, session, hasUI: opts.hasUI ?? true, confirm: opts.confirm, models: [{ provider: "prov", id: "big" }], model: { provider: "prov", id: "small" } });
    const turn = async () => (await pi.emit("before_agent_start", { systemPrompt: "NATIVE", systemPromptOptions: { cwd } }, ctx)) as { systemPrompt?: string } | undefined;
    const notes = () => ctx.log.notes.map((n) => n.text).join("\n");
    return { session, pi, adapter, controller, ctx, turn, notes };
  }

  return {
    get agent() {
      return agent;
    },
    get cwd() {
      return cwd;
    },
    writeGlobal,
    setup,
  };
}
