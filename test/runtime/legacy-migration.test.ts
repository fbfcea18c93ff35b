// The extension replaying sessions carried over from pi-modes: one migration (source migrate) or one freeze, never twice.
import { describe, expect, it } from "vitest";
import { MODE_STATE_TYPE } from "../../core/mode-state-reducer.js";
import { FakeSession } from "../support/fake-pi.js";
import { states, useExtensionFixture } from "./extension-fixture.js";

const fx = useExtensionFixture();
const { setup } = fx;

/** A session as pi-modes left it: messages and its selection entries, untouched by forge so far. */
function piModesSession(...entries: Array<[customType: string, data: unknown]>): FakeSession {
  const session = new FakeSession();
  session.appendMessage("hello from pi-modes");
  for (const [customType, data] of entries) session.appendCustom(customType, data);
  return session;
}

const customTypes = (session: FakeSession) =>
  session
    .getBranch()
    .filter((e) => e.type === "custom")
    .map((e) => e.customType);

describe("pi-modes sessions", () => {
  it("mode-switch {mode}: migrates once into one forge entry with source migrate; the pi-modes entry stays", async () => {
    const session = piModesSession(["mode-switch", { mode: "review" }]);
    const t = setup({ session });
    await t.pi.emit("session_start", { reason: "resume" }, t.ctx);
    expect(states(t.pi)).toHaveLength(1);
    expect(states(t.pi)[0]).toMatchObject({ base: null, overlays: ["review"], preset: null, driftPolicy: "block", source: "migrate" });
    expect(states(t.pi)[0]!.components.review).toMatchObject({ scope: "global" });
    expect((await t.turn())?.systemPrompt).toContain("REVIEW");
    expect(t.notes()).toContain('forge: migrated the pi-modes selection (mode-switch entry e2): "review"');
    // RPC switch_session fires session_start twice; a restart replays again: the forge entry is newer now.
    await t.pi.emit("session_start", { reason: "resume" }, t.ctx);
    const again = setup({ session });
    await again.pi.emit("session_start", { reason: "resume" }, again.ctx);
    expect(states(t.pi)).toHaveLength(1);
    expect(states(again.pi)).toHaveLength(0);
    expect(customTypes(session)).toEqual(["mode-switch", MODE_STATE_TYPE]);
    expect(session.getBranch()[1]).toMatchObject({ customType: "mode-switch", data: { mode: "review" } });
  });

  it("v3: base and overlays in order, with v3's drift policy; the newest pi-modes entry wins", async () => {
    const session = piModesSession(
      ["pi-mode-state.v1", { key: "tests" }],
      [
        "pi-mode-state.v3",
        {
          baseKey: "plan",
          overlayKeys: ["tests", "strict"],
          fingerprints: {},
          driftPolicy: "warn",
          activatedAt: "2026-07-13T10:00:00.000Z",
          source: "selector",
        },
      ],
    );
    const t = setup({ session });
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    expect(states(t.pi)).toEqual([expect.objectContaining({ base: "plan", overlays: ["tests", "strict"], driftPolicy: "warn", source: "migrate" })]);
  });

  it("unknown keys: frozen to Pi's native prompt with a notice naming them, recorded once with source migrate", async () => {
    const session = piModesSession(["pi-mode-state.v2", { baseKey: null, overlayKeys: ["review", "deep_work"] }]);
    const t = setup({ session });
    await t.pi.emit("session_start", { reason: "resume" }, t.ctx);
    expect(states(t.pi)).toEqual([expect.objectContaining({ base: null, overlays: [], source: "migrate" })]);
    expect(await t.turn()).toBeUndefined();
    expect(t.notes()).toContain(`not in forge's layers: "deep_work"; using Pi's native prompt`);
    await t.pi.run("mode", "status --json", t.ctx);
    expect(JSON.parse(t.ctx.log.notes.at(-1)!.text)).toMatchObject({
      active: false,
      source: "migrate",
      fallbackReason: expect.stringContaining('"deep_work"'),
    });
    // A later process: the freeze is history, nothing is appended or told again, and commands work as always.
    const later = setup({ session });
    await later.pi.emit("session_start", { reason: "resume" }, later.ctx);
    expect(states(later.pi)).toHaveLength(0);
    expect(later.notes()).not.toContain("pi-modes");
    await later.pi.run("mode", "set review", later.ctx);
    expect((await later.turn())?.systemPrompt).toContain("REVIEW");
  });

  it("a contract the migrated selection breaks freezes it (never auto-fixed)", async () => {
    const t = setup({ session: piModesSession(["mode-switch", { mode: "strict" }]) });
    await t.pi.emit("session_start", { reason: "resume" }, t.ctx);
    expect(states(t.pi)).toEqual([expect.objectContaining({ overlays: [], source: "migrate" })]);
    expect(t.notes()).toContain('requires "tests"');
  });

  it("a replace_final base needs PI_MODE_CONFIRM_EXACT, as at startup; with it, the confirmation is pinned", async () => {
    const frozen = setup({ session: piModesSession(["pi-mode-state.v1", { key: "exact" }]) });
    await frozen.pi.emit("session_start", { reason: "resume" }, frozen.ctx);
    expect(states(frozen.pi)).toEqual([expect.objectContaining({ base: null, source: "migrate" })]);
    expect(frozen.notes()).toContain("needs confirmation");
    const confirmed = setup({ session: piModesSession(["pi-mode-state.v1", { key: "exact" }]), env: { PI_MODE_CONFIRM_EXACT: "1" } });
    await confirmed.pi.emit("session_start", { reason: "resume" }, confirmed.ctx);
    expect(states(confirmed.pi)).toEqual([expect.objectContaining({ base: "exact", source: "migrate", confirmedExact: expect.any(String) })]);
  });

  it("an off entry (v1 key null) needs nothing: no entry, no notice", async () => {
    const t = setup({ session: piModesSession(["mode-switch", { mode: "review" }], ["pi-mode-state.v1", { key: null }]) });
    await t.pi.emit("session_start", { reason: "resume" }, t.ctx);
    expect(states(t.pi)).toEqual([]);
    expect(t.notes()).not.toContain("pi-modes");
  });

  it("a forge entry newer than the pi-modes entries: already migrated, replay as usual", async () => {
    const session = piModesSession(["mode-switch", { mode: "review" }]);
    const first = setup({ session });
    await first.pi.run("mode", "set tests", first.ctx);
    const t = setup({ session });
    await t.pi.emit("session_start", { reason: "resume" }, t.ctx);
    expect(states(t.pi)).toEqual([]);
    expect((await t.turn())?.systemPrompt).toContain("TESTS");
  });

  it("an explicit startup request still applies over a migrated selection", async () => {
    const t = setup({ session: piModesSession(["mode-switch", { mode: "review" }]), env: { PI_MODE: "tests" } });
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    expect(states(t.pi).map((s) => [s.source, s.overlays])).toEqual([
      ["migrate", ["review"]],
      ["env", ["tests"]],
    ]);
  });

  it("on /tree, the branch decides: a branch back before the forge entry migrates on it", async () => {
    const session = piModesSession(["mode-switch", { mode: "review" }]);
    const t = setup({ session });
    await t.pi.emit("session_start", { reason: "resume" }, t.ctx);
    session.branchFrom("e1");
    session.appendCustom("mode-switch", { mode: "tests" });
    await t.pi.emit("session_tree", {}, t.ctx);
    expect(states(t.pi).map((s) => s.overlays)).toEqual([["review"], ["tests"]]);
  });
});
