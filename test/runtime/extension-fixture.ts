// Shared fixture of the extension tests: a temp agent dir with a global bundle, and the extension on the fake Pi
// (real host adapter). Date is frozen so Pi's custom-prompt branch ("Current date: ...") is deterministic.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, vi } from "vitest";
import type { ForgeModeStateEntry } from "../../generated/types.js";
import { createForgeExtension } from "../../runtime/extension.js";
import { detectHostAdapter, type HostAdapter } from "../../runtime/host-adapter/index.js";
import { MODE_STATE_TYPE } from "../../core/mode-state-reducer.js";
import { FakePi, FakeSession, type FakeCtxOptions, type HostFlavor } from "../support/fake-pi.js";
import { makeBundle, type ModeSpec } from "./helpers.js";
import { testTempDir } from "../support/temp-dir.js";
import { bareEnv } from "../support/home-guard.js";

export const GLOBAL_MODES: Record<string, ModeSpec> = {
  plan: { strategy: "replace_base", label: "Plan", text: "PLAN BASE" },
  exact: { strategy: "replace_final", label: "Exact", text: "EXACT PROMPT" },
  review: { label: "Review", text: "REVIEW" },
  tests: { label: "Tests", text: "TESTS" },
  strict: { label: "Strict", text: "STRICT", requires: ["tests"] },
  tuned: { label: "Tuned", text: "TUNED", model: "prov/big", thinking: "high", tools: ["read", "grep"] },
  lost: { label: "Lost", text: "LOST", model: "nowhere/none" },
};

/** The frozen local date, as Pi's custom-prompt branch prints it. */
export const TODAY = "2026-11-30";

/** An overlay as both hosts show it after the prompt: `\n\n<forge-key>\n# Label\n\ntext\n</forge-key>`. */
export function overlay(key: string, label: string, text: string): string {
  return `\n\n<forge-${key}>\n# ${label}\n\n${text}\n</forge-${key}>`;
}

export interface SetupOptions {
  session?: FakeSession;
  flags?: Record<string, string>;
  hasUI?: boolean;
  confirm?: FakeCtxOptions["confirm"];
  select?: FakeCtxOptions["select"];
  env?: NodeJS.ProcessEnv;
  /** The host the context is shaped like (default 0.73.1). */
  host?: HostFlavor;
  /** Wraps the real adapter (e.g. to make it throw). */
  adapter?: (real: HostAdapter) => HostAdapter;
}

export const states = (pi: FakePi) => pi.appended.filter((a) => a.customType === MODE_STATE_TYPE).map((a) => a.data as ForgeModeStateEntry);

/** Registers a beforeEach that lays out a fresh temp dir; the returned object reads the current one. */
export function useExtensionFixture() {
  let dir = "";
  let agent = "";
  let cwd = "";
  let env: NodeJS.ProcessEnv = {};

  function writeGlobal(modes: Record<string, ModeSpec> = GLOBAL_MODES) {
    writeFileSync(
      join(agent, "forge", "bundle.json"),
      JSON.stringify(makeBundle("global", modes, { duo: { overlays: ["review", "tests"], driftPolicy: "warn" } })),
    );
  }

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(2026, 10, 30, 12));
    dir = testTempDir("forge-ext-");
    agent = join(dir, "agent");
    cwd = join(dir, "work");
    mkdirSync(join(agent, "forge"), { recursive: true });
    mkdirSync(cwd, { recursive: true });
    writeGlobal();
    // The CLI the extension runs (/preset save) gets this environment: isolated like every child of the run.
    env = bareEnv({ PI_CODING_AGENT_DIR: agent });
  });
  afterEach(() => vi.useRealTimers());

  function setup(opts: SetupOptions = {}) {
    const session = opts.session ?? new FakeSession();
    const pi = new FakePi({ session, flags: opts.flags, activeTools: ["read", "bash", "edit", "write"] });
    const adapter = opts.adapter ? opts.adapter(detectHostAdapter(pi)) : undefined;
    createForgeExtension(pi, { ...(adapter ? { adapter } : {}), env: { ...env, ...opts.env }, builtinFile: join(dir, "no-builtin.json"), os: "linux" });
    const ctx = pi.ctx({
      host: opts.host,
      cwd,
      hasUI: opts.hasUI ?? true,
      confirm: opts.confirm,
      select: opts.select,
      models: [{ provider: "prov", id: "big" }],
      model: { provider: "prov", id: "small" },
    });
    /** One 0.73.1-shaped turn over Pi's prompt "NATIVE": forge's merged result, undefined when the prompt stays native. */
    const turn = () => pi.emit("before_agent_start", { systemPrompt: "NATIVE", systemPromptOptions: { cwd } }, ctx);
    const notes = () => ctx.log.notes.map((n) => n.text).join("\n");
    return { session, pi, ctx, turn, notes };
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
