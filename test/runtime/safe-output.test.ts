// Runtime output quotes names and labels from bundles and sessions: control characters are shown, never obeyed.
import { describe, expect, it, vi } from "vitest";
import { GLOBAL_MODES, useExtensionFixture } from "./extension-fixture.js";

const fx = useExtensionFixture();
const ESC = "\u001b";
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe("runtime output", () => {
  it("a command echoing an unknown key shows ESC as \\x1b in the notice", async () => {
    const t = fx.setup();
    await t.pi.run("mode", `set ${ESC}[2J${ESC}]0;owned${"\u0007"}`, t.ctx);
    const notes = t.notes();
    expect(notes).toContain("\\x1b[2J\\x1b]0;owned\\x07");
    expect(notes).not.toMatch(RAW_CONTROL);
  });

  it("a mode label with escapes and a carriage return reaches /mode preview inert (the status line names keys only)", async () => {
    fx.writeGlobal({ ...GLOBAL_MODES, evil: { label: `Evil${ESC}[31m\rforge: all good`, text: "EVIL" } });
    const t = fx.setup();
    await t.pi.run("mode", "set evil", t.ctx);
    expect(t.ctx.log.status.at(-1)).toBe("forge: evil");
    await t.pi.run("mode", "preview", t.ctx);
    expect(t.notes()).toContain("\\x1b[31m\\r");
    expect(t.notes()).not.toMatch(RAW_CONTROL);
  });

  it("headless (print mode) writes the same inert text to stderr", async () => {
    const t = fx.setup({ hasUI: false });
    const writes: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (writes.push(String(chunk)), true));
    try {
      await t.pi.run("preset", `use ${ESC}[31mred`, t.ctx);
    } finally {
      spy.mockRestore();
    }
    expect(writes.join("")).toContain("\\x1b[31mred");
    expect(writes.join("")).not.toMatch(RAW_CONTROL);
  });
});
