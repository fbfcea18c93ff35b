// The /mode selector (TUI component and dialog loop), preset source writing, and resume of a confirmed replace_final.
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { validatePresetSource } from "../../generated/source-validators.js";
import type { ForgeModeStateEntry } from "../../generated/types.js";
import { createForgeExtension } from "../../runtime/extension.js";
import { presetSourceRequest, writePresetSource } from "../../runtime/preset-writer.js";
import { renderPresetSource } from "../../compiler/source-edit/preset-source.js";
import { MODE_STATE_TYPE } from "../../core/mode-state-reducer.js";
import type { ComponentPort, KeybindingsPort, ThemePort, TuiPort } from "../../runtime/host-adapter/ports.js";
import { FakePi, FakeSession, type FakeCtxOptions } from "../support/fake-pi.js";
import { makeBundle } from "./helpers.js";
import { testTempDir } from "../support/temp-dir.js";

let dir: string;
let agent: string;

beforeEach(() => {
  dir = testTempDir("forge-sel-");
  agent = join(dir, "agent");
  mkdirSync(join(agent, "forge"), { recursive: true });
  writeFileSync(
    join(agent, "forge", "bundle.json"),
    JSON.stringify(
      makeBundle("global", {
        plan: { strategy: "replace_base", label: "Plan", text: "PLAN" },
        exact: { strategy: "replace_final", label: "Exact", text: "EXACT" },
        review: { label: "Review", text: "REVIEW" },
        tests: { label: "Tests", text: "TESTS" },
      }),
    ),
  );
});

function setup(ctxOpts: Partial<FakeCtxOptions>, env: NodeJS.ProcessEnv = {}, session = new FakeSession()) {
  const pi = new FakePi({ session });
  createForgeExtension(pi, { env: { PI_CODING_AGENT_DIR: agent, ...env }, builtinFile: join(dir, "none.json"), systemUpdates: false });
  const ctx = pi.ctx({ cwd: dir, ...ctxOpts });
  const states = () => pi.appended.filter((a) => a.customType === MODE_STATE_TYPE).map((a) => a.data as ForgeModeStateEntry);
  return { pi, ctx, states, session };
}

/** Drives the picker component the way the TUI would: render, keys, done. */
function tuiDriver(keys: string[], seen: string[][]): FakeCtxOptions["custom"] {
  const tui: TuiPort = { requestRender: () => undefined };
  const keybindings: KeybindingsPort = { matches: (d, id) => (id === "tui.select.confirm" && d === "\r") || (id === "tui.select.cancel" && d === "\u001b") };
  const theme: ThemePort = { fg: (_colour, text) => text };
  return <T>(factory: (tui: TuiPort, theme: ThemePort, keybindings: KeybindingsPort, done: (value: T) => void) => ComponentPort) =>
    new Promise<T>((resolve) => {
      const component = factory(tui, theme, keybindings, resolve);
      for (const k of keys) {
        component.handleInput!(k);
        seen.push(component.render(60));
      }
    });
}

describe("/mode selector", () => {
  it("TUI: type to search, toggle, live summary, atomic apply", async () => {
    const seen: string[][] = [];
    const t = setup({ mode: "tui", custom: tuiDriver(["r", "e", "v", " ", "\u007f", "\u007f", "\u007f", "p", "l", "a", "n", " ", "\r"], seen) });
    await t.pi.run("mode", "", t.ctx);
    expect(seen[2]!.some((l) => l.includes("review - Review (append)"))).toBe(true);
    expect(seen[2]!.some((l) => l.includes("plan - Plan"))).toBe(false);
    expect(seen[3]!.at(-1)).toMatch(/^result: native base \+ review \| 16 chars ~4 tokens/);
    expect(seen.every((lines) => lines.every((l) => [...l].length <= 60))).toBe(true);
    expect(t.states()).toHaveLength(1);
    expect(t.states()[0]).toMatchObject({ base: "plan", overlays: ["review"], source: "selector" });
  });

  it("TUI: escape cancels without any entry", async () => {
    const t = setup({ mode: "tui", custom: tuiDriver(["r", " ", "\u001b"], []) });
    await t.pi.run("mode", "", t.ctx);
    expect(t.states()).toEqual([]);
    expect(t.ctx.log.notes.at(-1)!.text).toContain("cancelled");
  });

  it("RPC: a select() loop toggles modes and applies atomically", async () => {
    const picks = ["[ ] review", "[ ] tests", "Apply"];
    const t = setup({
      mode: "rpc",
      select: (options) => {
        const want = picks.shift()!;
        return options.find((o) => o.startsWith(want));
      },
    });
    await t.pi.run("mode", "", t.ctx);
    expect(t.ctx.log.selects[2]![0]).toContain("result: native base + review + tests");
    expect(t.states()[0]).toMatchObject({ overlays: ["review", "tests"], source: "selector" });
  });

  it("RPC: cancelling the dialog changes nothing", async () => {
    const t = setup({ mode: "rpc", select: () => undefined });
    await t.pi.run("mode", "", t.ctx);
    expect(t.states()).toEqual([]);
  });
});

describe("preset sources", () => {
  it("renders YAML that the preset source schema accepts", () => {
    const state = {
      v: 1,
      base: "plan",
      overlays: ["review", "tests"],
      preset: null,
      components: {},
      bundleHashes: {},
      driftPolicy: "warn",
      source: "command",
      activatedAt: "",
    } as ForgeModeStateEntry;
    const value = parse(renderPresetSource(presetSourceRequest("mine", state)));
    expect(value).toEqual({
      description: "Saved selection: base plan; overlays review, tests",
      base: "plan",
      overlays: ["review", "tests"],
      driftPolicy: "warn",
    });
    expect(validatePresetSource(value)).toBe(true);
  });

  it("never replaces an existing file unless told to", () => {
    const file = join(dir, "p", "x.yaml");
    expect(writePresetSource(file, "one", false, dir)).toEqual({ ok: true });
    expect(writePresetSource(file, "two", false, dir)).toMatchObject({ ok: false, exists: true });
    expect(readFileSync(file, "utf8")).toBe("one");
    expect(writePresetSource(file, "two", true, dir)).toEqual({ ok: true });
    expect(readFileSync(file, "utf8")).toBe("two");
  });

  it("never writes through a directory that links out of the project", () => {
    const project = join(dir, "proj");
    const elsewhere = join(dir, "elsewhere");
    mkdirSync(join(project, ".pi", "forge"), { recursive: true });
    mkdirSync(elsewhere, { recursive: true });
    symlinkSync(elsewhere, join(project, ".pi", "forge", "presets"));
    const result = writePresetSource(join(project, ".pi", "forge", "presets", "x.yaml"), "one", false, project);
    expect(result).toMatchObject({ ok: false, error: expect.stringContaining("through a symbolic link") });
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});

describe("replace_final on resume", () => {
  it("a replayed confirmation of the same digest satisfies a startup request for it", async () => {
    const first = setup({ hasUI: true, confirm: true });
    await first.pi.run("mode", "set exact", first.ctx);
    expect(first.states()).toHaveLength(1);
    const again = setup({ hasUI: true }, { PI_MODE: "exact" }, first.session);
    await again.pi.emit("session_start", { reason: "resume" }, again.ctx);
    expect(again.states()).toEqual([]);
    const r = (await again.pi.emit("before_agent_start", { systemPrompt: "NATIVE" }, again.ctx)) as { systemPrompt?: string };
    expect(r.systemPrompt).toBe("EXACT");
  });
});
