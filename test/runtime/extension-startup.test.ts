// The extension driven through a fake pi/ctx: startup sources, replay, mode preferences and host trust.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { MODE_STATE_TYPE } from "../../core/mode-state-reducer.js";
import { GLOBAL_MODES, states, useExtensionFixture } from "./extension-fixture.js";
import { FakeSession } from "../support/fake-pi.js";
import { makeBundle } from "./helpers.js";

const fx = useExtensionFixture();
const { setup, writeGlobal } = fx;

describe("startup and replay", () => {
  it("PI_MODE activates once; a second session_start and a restart with the same env append nothing", async () => {
    const session = new FakeSession();
    const t = setup({ session, env: { PI_MODE: "review" } });
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.emit("session_start", { reason: "resume" }, t.ctx);
    expect(states(t.pi)).toHaveLength(1);
    expect(states(t.pi)[0]).toMatchObject({ source: "env", overlays: ["review"] });
    const again = setup({ session, env: { PI_MODE: "review" } });
    await again.pi.emit("session_start", { reason: "startup" }, again.ctx);
    expect(states(again.pi)).toHaveLength(0);
    expect((await again.turn())?.systemPrompt).toContain("REVIEW");
  });

  it("PI_MODES beats PI_MODE beats --mode beats replay", async () => {
    const session = new FakeSession();
    const first = setup({ session });
    await first.pi.run("mode", "set tests", first.ctx);
    const flag = setup({ session, flags: { mode: "review,tests" } });
    await flag.pi.emit("session_start", { reason: "startup" }, flag.ctx);
    expect(states(flag.pi)[0]).toMatchObject({ source: "flag", overlays: ["review", "tests"] });
    const one = setup({ session, flags: { mode: "tests" }, env: { PI_MODE: "plan" } });
    await one.pi.emit("session_start", { reason: "startup" }, one.ctx);
    expect(states(one.pi)[0]).toMatchObject({ base: "plan", overlays: [] });
    const many = setup({ session, env: { PI_MODE: "plan", PI_MODES: '{"preset":"duo"}' } });
    await many.pi.emit("session_start", { reason: "startup" }, many.ctx);
    expect(states(many.pi)[0]).toMatchObject({ preset: "duo", overlays: ["review", "tests"], driftPolicy: "warn", source: "env" });
  });

  it("a startup request equal to the replayed selection keeps its pins, so drift still blocks", async () => {
    const session = new FakeSession();
    const first = setup({ session, env: { PI_MODE: "review" } });
    await first.pi.emit("session_start", { reason: "startup" }, first.ctx);
    writeGlobal({ ...GLOBAL_MODES, review: { label: "Review", text: "REVIEW v2" } });
    const again = setup({ session, env: { PI_MODE: "review" } });
    await again.pi.emit("session_start", { reason: "startup" }, again.ctx);
    expect(states(again.pi)).toEqual([]);
    expect(await again.turn()).toBeUndefined();
    expect(again.notes()).toContain('"review" changed since activation');
  });

  it("startup requests never override a command's choice on reload, resume or fork", async () => {
    const t = setup({ env: { PI_MODE: "review" } });
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.run("mode", "set tests", t.ctx);
    for (const reason of ["reload", "resume", "fork"]) await t.pi.emit("session_start", { reason }, t.ctx);
    expect(states(t.pi).map((e) => e.overlays)).toEqual([["review"], ["tests"]]);
    expect((await t.turn())?.systemPrompt).toContain("TESTS");
  });

  it("malformed state entries are skipped, told once and listed by /mode status", async () => {
    const session = new FakeSession();
    session.appendCustom(MODE_STATE_TYPE, { v: 9 });
    const t = setup({ session });
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    expect(t.ctx.log.notes.filter((n) => n.text.includes("malformed")).length).toBe(1);
    await t.pi.run("mode", "status --json", t.ctx);
    expect(JSON.parse(t.ctx.log.notes.at(-1)!.text).notices[0]).toContain("skipped a malformed forge-mode-state entry");
  });

  it("20,000 malformed state entries make one notice line (count and first example); --json lists them all", async () => {
    const session = new FakeSession();
    for (let i = 0; i < 20_000; i++) session.appendCustom(MODE_STATE_TYPE, { v: 9 });
    const t = setup({ session, hasUI: false });
    const writes: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (writes.push(String(chunk)), true));
    try {
      await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
      const startup = writes
        .join("")
        .split("\n")
        .filter((l) => l.includes("malformed"));
      expect(startup).toEqual([
        expect.stringMatching(
          /^forge: 20000 malformed forge-mode-state entries skipped on this branch; the first: skipped a malformed forge-mode-state entry \(e1\) .*; \/mode status --json lists them all$/,
        ),
      ]);
      writes.length = 0;
      await t.pi.run("mode", "status", t.ctx);
      expect(writes.join("").split("\n").length).toBeLessThan(20);
      writes.length = 0;
      await t.pi.run("mode", "status --json", t.ctx);
      const report = JSON.parse(writes.join(""));
      expect(report.skippedEntries).toHaveLength(20_000);
      expect(report.skippedEntries[19_999]).toMatchObject({ code: "mode_state_malformed", path: "/branch/19999" });
      expect(report.notices.filter((n: string) => n.includes("malformed"))).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
  });

  it("invalid PI_MODES falls back to native with an error naming the variable", async () => {
    const t = setup({ env: { PI_MODES: "[review", PI_MODE: "review" } });
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    expect(t.pi.appended).toEqual([]);
    expect(t.ctx.log.notes.find((n) => n.level === "error")?.text).toContain("PI_MODES is not valid JSON");
    expect(await t.turn()).toBeUndefined();
    await t.pi.run("mode", "status --json", t.ctx);
    expect(JSON.parse(t.ctx.log.notes.at(-1)!.text).fallbackReason).toContain("PI_MODES");
  });

  it("startup replace_final needs PI_MODE_CONFIRM_EXACT=1", async () => {
    const no = setup({ env: { PI_MODE: "exact" } });
    await no.pi.emit("session_start", { reason: "startup" }, no.ctx);
    expect(no.pi.appended).toEqual([]);
    expect(no.notes()).toContain("PI_MODE_CONFIRM_EXACT=1");
    const yes = setup({ env: { PI_MODE: "exact", PI_MODE_CONFIRM_EXACT: "1" } });
    await yes.pi.emit("session_start", { reason: "startup" }, yes.ctx);
    expect((await yes.turn())?.systemPrompt).toBe("EXACT PROMPT");
  });

  it("session_tree re-derives the state of the branch navigated to", async () => {
    const t = setup();
    const root = t.session.appendMessage("root");
    await t.pi.run("mode", "set review", t.ctx);
    const leafA = t.session.appendMessage("a");
    t.session.branchFrom(root);
    await t.pi.emit("session_tree", {}, t.ctx);
    expect(await t.turn()).toBeUndefined();
    t.session.branchFrom(leafA);
    await t.pi.emit("session_tree", {}, t.ctx);
    expect((await t.turn())?.systemPrompt).toContain("REVIEW");
  });

  it("replay re-validates contracts against the current definitions", async () => {
    const t = setup();
    await t.pi.run("mode", "set review tests --drift allow", t.ctx);
    writeGlobal({ ...GLOBAL_MODES, review: { label: "Review", text: "REVIEW", conflictsWith: ["tests"] } });
    await t.pi.emit("session_start", { reason: "resume" }, t.ctx);
    expect(await t.turn()).toBeUndefined();
    expect(t.notes()).toContain("contracts broken at replay");
  });
});

describe("preferences", () => {
  it("applies model, thinking and narrowed tools on activation and restores them on /mode off", async () => {
    const t = setup();
    t.pi.activeTools = ["read", "bash", "grep"];
    await t.pi.run("mode", "set tuned", t.ctx);
    expect(t.pi.modelSet).toEqual([{ provider: "prov", id: "big" }]);
    expect(t.pi.thinking).toBe("high");
    expect(t.pi.activeTools).toEqual(["read", "grep"]);
    await t.pi.run("mode", "off", t.ctx);
    expect(t.pi.modelSet.at(-1)).toEqual({ provider: "prov", id: "small" });
    expect(t.pi.thinking).toBe("medium");
    expect(t.pi.activeTools).toEqual(["read", "bash", "grep"]);
  });
  it("follow the session tree: navigating back past a selection with preferences restores them, and forward re-applies them", async () => {
    const t = setup();
    t.pi.activeTools = ["read", "bash", "grep"];
    await t.pi.run("mode", "set review", t.ctx);
    const beforeTuned = t.session.appendMessage("turn one");
    await t.pi.run("mode", "set tuned", t.ctx);
    const afterTuned = t.session.appendMessage("turn two");
    expect(t.pi.thinking).toBe("high");
    t.session.branchFrom(beforeTuned);
    await t.pi.emit("session_tree", {}, t.ctx);
    expect(t.pi.modelSet.at(-1)).toEqual({ provider: "prov", id: "small" });
    expect(t.pi.thinking).toBe("medium");
    expect(t.pi.activeTools).toEqual(["read", "bash", "grep"]);
    t.session.branchFrom(afterTuned);
    await t.pi.emit("session_tree", {}, t.ctx);
    expect(t.pi.modelSet.at(-1)).toEqual({ provider: "prov", id: "big" });
    expect(t.pi.thinking).toBe("high");
    expect(t.pi.activeTools).toEqual(["read", "grep"]);
    // Navigation appends nothing: the branch's own entries decide.
    expect(states(t.pi).map((s) => s.overlays)).toEqual([["review"], ["tuned"]]);
  });
  it("a missing model is a notice, not a crash", async () => {
    const t = setup();
    await t.pi.run("mode", "set lost", t.ctx);
    expect(states(t.pi)).toHaveLength(1);
    expect(t.notes()).toContain('preferred model "nowhere/none" was not found');
  });
});

describe("host trust", () => {
  it("follows the host's answer, also when it changes mid-session; /forge trust defers to it", async () => {
    mkdirSync(join(fx.cwd, ".pi", "forge"), { recursive: true });
    writeFileSync(join(fx.cwd, ".pi", "forge", "bundle.json"), JSON.stringify(makeBundle("project", { local: { text: "LOCAL" } })));
    const t = setup({ host: "1.x" });
    const run = () => t.pi.runAgentStart(t.ctx, fx.cwd);
    t.ctx.trusted = false;
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    expect(t.ctx.log.widgets.at(-1)?.content?.join("\n")).toContain("Trust the project in Pi");
    await t.pi.run("forge", "trust", t.ctx);
    expect(t.notes()).toContain("use Pi's project trust");
    expect(existsSync(join(fx.agent, "forge", "trust.json"))).toBe(false);
    t.ctx.trusted = true;
    await t.pi.run("mode", "set local", t.ctx);
    expect(t.ctx.log.widgets.at(-1)).toEqual({ key: "forge-trust", content: undefined });
    expect((await run()).prompt).toContain("<forge-local>\n# Local\n\nLOCAL\n</forge-local>");
    t.ctx.trusted = false;
    expect((await run()).prompt).not.toContain("LOCAL");
  });
});
