// The interactive surface's smaller parts on the fake Pi: one notice per selection command, /preset's selector and
// its active mark, /mode status's limits and size, the "not trusted" widget's match with scope discovery's notice,
// the compact rendering of a delivered system update, and widths that never exceed the terminal's.
import { describe, expect, it } from "vitest";
import { renderNotice } from "../../runtime/command-notice.js";
import { trustHint } from "../../runtime/trust-hint.js";
import { untrustedNotice } from "../../runtime/scope-discovery.js";
import { isUntrustedNotice } from "../../runtime/trust-widget.js";
import { fitWidth, textColumns, wrapWidth } from "../../runtime/tui-text.js";
import { renderUpdateMessage, summarizeUpdateMessage } from "../../runtime/updates/update-renderer.js";
import { useExtensionFixture } from "./extension-fixture.js";

const fx = useExtensionFixture();

describe("one notice per command", () => {
  it("renders head · cache · cost on one line, notes below; an absent part leaves no separator", () => {
    expect(renderNotice({ head: "forge: active x", cache: "keeps 38% of the cached prompt", cost: "about $0.01" })).toBe(
      "forge: active x · keeps 38% of the cached prompt · about $0.01",
    );
    expect(renderNotice({ head: "forge: active x", cache: null, notes: [null, "warning: stale"] })).toBe("forge: active x\nwarning: stale");
  });

  it("/mode set, +, -, off and /preset use each end with exactly one notice naming the change and what it was", async () => {
    const t = fx.setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    const said = async (command: string, args: string) => {
      const from = t.ctx.log.notes.length;
      await t.pi.run(command, args, t.ctx);
      return t.ctx.log.notes.slice(from).map((n) => n.text);
    };
    expect(await said("mode", "set review")).toEqual(["forge: active overlays review (drift policy block; was Pi's native prompt)"]);
    expect(await said("mode", "+tests")).toEqual(["forge: active overlays review, tests (drift policy block; was overlays review)"]);
    expect(await said("mode", "-review")).toEqual(["forge: active overlays tests (drift policy block; was overlays review, tests)"]);
    expect(await said("preset", "use duo")).toEqual(["forge: active preset duo overlays review, tests (drift policy warn; was overlays tests)"]);
    expect(await said("mode", "off")).toEqual(["forge: mode off (Pi's native prompt; was preset duo overlays review, tests)"]);
  });
});

describe("/preset and /mode status", () => {
  it("a bare /preset opens a selector (the active preset marked) and uses the pick; /preset list marks the active one", async () => {
    const t = fx.setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    t.ctx.ui.select = async (_title, options) => (t.ctx.log.selects.push(options), options[0]);
    await t.pi.run("preset", "", t.ctx);
    expect(t.ctx.log.selects[0]).toEqual(["duo - The duo preset."]);
    expect(t.ctx.log.notes.at(-1)!.text).toContain("forge: active preset duo");
    await t.pi.run("preset", "", t.ctx);
    expect(t.ctx.log.selects[1]).toEqual(["duo (active) - The duo preset."]);
    await t.pi.run("preset", "list", t.ctx);
    expect(t.ctx.log.notes.at(-1)!.text).toMatch(/^\* duo \(global, active\): /);
  });

  it("/mode status shows the prompt's size and says when no edit limit is active", async () => {
    const t = fx.setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.run("mode", "set review", t.ctx);
    await t.pi.run("mode", "status", t.ctx);
    const text = t.ctx.log.notes.at(-1)!.text;
    expect(text).toContain("  edit limits: none (edit and write may change any file)");
    expect(text).toMatch(/\n {2}size: \d+ chars, ~\d+ tokens \(forge-parts\)$/);
  });
});

describe("smaller parts", () => {
  it("the widget takes exactly scope discovery's untrusted notice, for either decider, in either mode", () => {
    for (const decider of ["forge", "host"] as const)
      for (const hasUI of [true, false])
        expect(isUntrustedNotice(untrustedNotice("/p/.pi/forge/bundle.json", trustHint(decider, hasUI, "a".repeat(64)).notice))).toBe(true);
    expect(isUntrustedNotice("forge: bundle_refused: refused bundle /p/.pi/forge/bundle.json: digest mismatch")).toBe(false);
  });

  it("a delivered update renders as one line collapsed, its text expanded; no line is wider than the terminal", () => {
    const message = {
      content: '<system_update id="update-1">\nBe terse. 日本語のテキスト '.concat("x".repeat(200), "\n</system_update>"),
      details: {
        v: 1,
        changes: [
          { updateId: "update-1", op: "apply" },
          { updateId: "update-0", op: "revoke" },
        ],
      },
    };
    expect(summarizeUpdateMessage(message)).toBe("forge system update: applied update-1; revoked update-0");
    const collapsed = renderUpdateMessage(message, { expanded: false }, undefined).render(40);
    expect(collapsed).toHaveLength(1);
    expect(collapsed[0]).toContain("forge system update: applied update-1");
    const expanded = renderUpdateMessage(message, { expanded: true }, undefined).render(40);
    expect(expanded.length).toBeGreaterThan(3);
    expect(expanded.join("\n")).toContain("Be terse.");
    for (const line of [...collapsed, ...expanded]) expect(textColumns(line)).toBeLessThanOrEqual(40);
  });

  it("widths count wide characters as two columns", () => {
    expect(textColumns("ab日本")).toBe(6);
    expect(fitWidth("日本語のテキスト", 7)).toBe("日本語…");
    expect(wrapWidth("one two three", 7)).toEqual(["one two", "three"]);
    for (const line of wrapWidth("日本語のテキストです。".repeat(3), 9)) expect(textColumns(line)).toBeLessThanOrEqual(9);
  });
});
