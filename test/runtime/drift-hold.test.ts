// Drift asks before the prompt (runtime/drift-hold.ts) on the fake Pi: under policy block a drifted selection holds
// the prompt in Pi's `input` event; the dialog shows what changed and offers reapprove and send, send without the
// drifted modes (this prompt only, pins kept), or cancel (nothing sent, the text back in the editor). Without a UI
// nothing is asked and the warning names every mode left out.
import { describe, expect, it, vi } from "vitest";
import { GLOBAL_MODES, overlay, states, useExtensionFixture } from "./extension-fixture.js";

const fx = useExtensionFixture();

/** review + tests selected under block, then review's text changed in the bundle. */
async function drifted(answer: (options: string[]) => string | undefined, opts: { hasUI?: boolean } = {}) {
  const t = fx.setup({ hasUI: opts.hasUI });
  const titles: string[] = [];
  t.ctx.ui.select = async (title, options) => (titles.push(title), t.ctx.log.selects.push(options), answer(options));
  await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
  await t.pi.run("mode", "set review tests", t.ctx);
  fx.writeGlobal({ ...GLOBAL_MODES, review: { label: "Review", text: "REVIEW\nnow with a second line" } });
  return { ...t, titles };
}

const pick = (prefix: string) => (options: string[]) => options.find((o) => o.startsWith(prefix));

describe("drift asks before the prompt", () => {
  it("shows each changed mode's diff and the unchanged ones held with it, and offers the three answers", async () => {
    const t = await drifted(() => undefined);
    expect(await t.pi.input("hello", t.ctx)).toBe("handled");
    expect(t.titles[0]).toContain("forge: the selected modes drifted since activation; nothing has been sent yet.");
    expect(t.titles[0]).toMatch(/"review" changed since activation \(pinned [0-9a-f]{12}, now [0-9a-f]{12}\):\n {4}@@ line 2\n {4}\+ now with a second line\n/);
    expect(t.titles[0]).toContain("Unchanged, and held back with them under policy block: tests");
    expect(t.ctx.log.selects[0]).toEqual([
      "Reapprove and send: accept the current review",
      "Send without review: tests as approved, this prompt only",
      "Cancel: send nothing, keep the text in the editor",
    ]);
  });

  it("reapprove and send: the new definition is pinned before the prompt, which composes it", async () => {
    const t = await drifted(pick("Reapprove"));
    expect(await t.pi.input("hello", t.ctx)).toBe("continue");
    expect(states(t.pi).at(-1)).toMatchObject({ source: "reapprove", overlays: ["review", "tests"] });
    expect(t.notes()).toContain("(accepted: review); sending");
    expect((await t.turn())?.systemPrompt).toBe(`NATIVE${overlay("review", "Review", "REVIEW\nnow with a second line")}${overlay("tests", "Tests", "TESTS")}`);
  });

  it("send without: only the drifted mode is left out, for this prompt only; the selection and its pins stay", async () => {
    const t = await drifted(pick("Send without"));
    const before = states(t.pi).length;
    expect(await t.pi.input("hello", t.ctx)).toBe("continue");
    expect((await t.turn())?.systemPrompt).toBe(`NATIVE${overlay("tests", "Tests", "TESTS")}`);
    expect(t.ctx.log.notes.at(-1)).toMatchObject({
      level: "warning",
      text: expect.stringContaining(
        "forge: drift_left_out: this prompt is sent without review (drifted; not reapproved), with tests as approved; the edit limits pinned with them stay in force",
      ),
    });
    expect(states(t.pi)).toHaveLength(before);
    // The answer was for one prompt: a turn no input preceded (another extension's) is blocked as policy block says.
    expect(await t.turn()).toBeUndefined();
    expect(t.ctx.log.status.at(-1)).toBe("forge: review+tests [drift: blocked]");
  });

  it("cancel: nothing is sent, the text goes back into the editor, and the notice says how to go on", async () => {
    const t = await drifted(pick("Cancel"));
    expect(await t.pi.input("my long prompt", t.ctx)).toBe("handled");
    expect(t.ctx.log.editorTexts).toEqual(["my long prompt"]);
    expect(t.ctx.log.notes.at(-1)!.text).toBe(
      "forge: drift_prompt_held: prompt not sent: review drifted since activation; its text is back in the editor. /mode reapprove accepts the current definitions, /mode status shows the selection",
    );
  });

  it("without a UI nothing is asked: the prompt runs on Pi's native prompt, and the warning names every mode left out", async () => {
    const written: string[] = [];
    const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk: unknown) => (written.push(String(chunk)), true));
    try {
      const t = await drifted(
        () => {
          throw new Error("no dialog without a UI");
        },
        { hasUI: false },
      );
      expect(await t.pi.input("hello", t.ctx)).toBe("continue");
      expect(await t.turn()).toBeUndefined();
    } finally {
      spy.mockRestore();
    }
    expect(written.at(-1)).toMatch(
      /^forge: drift_blocked: drift \(policy block\): Pi's native prompt, without review, tests: "review" changed since activation/,
    );
  });

  it("asks nothing while a run streams (the text joins it), nor under policy warn", async () => {
    const t = await drifted(() => undefined);
    expect(await t.pi.input("steer this", t.ctx, "steer")).toBe("continue");
    t.ctx.isIdle = () => false;
    expect(await t.pi.input("queued", t.ctx)).toBe("continue");
    expect(t.titles).toEqual([]);
    t.ctx.isIdle = () => true;
    await t.pi.run("mode", "set review tests --drift warn", t.ctx);
    fx.writeGlobal({ ...GLOBAL_MODES, review: { label: "Review", text: "REVIEW v3" } });
    expect(await t.pi.input("hello", t.ctx)).toBe("continue");
    expect(t.titles).toEqual([]);
  });

  it("offers only the answers that can hold: no reapproval of a mode no bundle offers, no leaving out what another requires", async () => {
    const t = fx.setup();
    const seen: string[][] = [];
    t.ctx.ui.select = async (_title, options) => (seen.push(options), undefined);
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.run("mode", "set strict tests", t.ctx);
    fx.writeGlobal({ ...GLOBAL_MODES, tests: { label: "Tests", text: "TESTS v2" } });
    await t.pi.input("hello", t.ctx);
    // strict requires tests: sending without tests would break the contract, so only reapprove and cancel.
    expect(seen[0]!.map((o) => o.split(":")[0])).toEqual(["Reapprove and send", "Cancel"]);
    // A mode no bundle offers any more cannot be reapproved: only sending without it, or cancelling.
    await t.pi.run("mode", "set review tests", t.ctx);
    const { review: _gone, ...rest } = GLOBAL_MODES;
    fx.writeGlobal({ ...rest, tests: { label: "Tests", text: "TESTS v2" } });
    await t.pi.input("hello", t.ctx);
    expect(seen[1]!.map((o) => o.split(":")[0])).toEqual(["Send without review", "Cancel"]);
  });
});
