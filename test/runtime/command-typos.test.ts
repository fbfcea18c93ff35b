// A mistyped subcommand of /mode, /preset or /forge is refused with "did you mean", never taken as a selection.
import { describe, expect, it } from "vitest";
import { GLOBAL_MODES, states, useExtensionFixture } from "./extension-fixture.js";

const fx = useExtensionFixture();

describe("command typos", () => {
  it("/mode stauts is refused with the subcommand it was probably meant to be; nothing is appended", async () => {
    const t = fx.setup();
    await t.pi.run("mode", "stauts", t.ctx);
    expect(t.notes()).toContain('forge: refused: "stauts" is not a mode; did you mean /mode status?');
    await t.pi.run("mode", "sett plan", t.ctx);
    expect(t.notes()).toContain("did you mean /mode set?");
    await t.pi.run("mode", "Off", t.ctx);
    expect(t.notes()).toContain("did you mean /mode off?");
    expect(t.pi.appended).toEqual([]);
    // A real mode key is a selection, however close to a subcommand it is.
    await t.pi.run("mode", "plan", t.ctx);
    expect(states(t.pi).at(-1)).toMatchObject({ base: "plan" });
  });

  it("a mode whose key is close to a subcommand is still selected by /mode <key>", async () => {
    fx.writeGlobal({ ...GLOBAL_MODES, stats: { label: "Stats", text: "STATS" } });
    const t = fx.setup();
    await t.pi.run("mode", "stats", t.ctx);
    expect(states(t.pi).at(-1)).toMatchObject({ overlays: ["stats"] });
    expect(t.notes()).not.toContain("did you mean");
  });

  it("/preset lsit and /preset duo say what was meant", async () => {
    const t = fx.setup();
    await t.pi.run("preset", "lsit", t.ctx);
    expect(t.notes()).toContain('forge: unknown subcommand "lsit"; did you mean /preset list?');
    await t.pi.run("preset", "duo", t.ctx);
    expect(t.notes()).toContain("did you mean /preset use duo?");
    await t.pi.run("preset", "frobnicate", t.ctx);
    expect(t.notes()).toContain('forge: unknown subcommand "frobnicate"\nusage: /preset ');
    expect(t.pi.appended).toEqual([]);
  });

  it("/preset use with a mistyped preset name suggests the nearest preset", async () => {
    const t = fx.setup();
    await t.pi.run("preset", "use dou", t.ctx);
    expect(t.notes()).toContain('forge: refused: unknown preset "dou" (did you mean "duo"?); nothing changed');
    expect(t.pi.appended).toEqual([]);
  });

  it("/forge trsut suggests /forge trust", async () => {
    const t = fx.setup();
    await t.pi.run("forge", "trsut", t.ctx);
    expect(t.notes()).toContain('forge: unknown subcommand "trsut"; did you mean /forge trust?');
  });
});
