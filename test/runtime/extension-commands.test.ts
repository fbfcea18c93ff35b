// The extension driven through a fake pi/ctx: commands, confirmation, drift, presets, trust store, completions.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import forgeExtension from "../../runtime/extension.js";
import { FakePi } from "../support/fake-pi.js";
import { GLOBAL_MODES, overlay, states, TODAY, useExtensionFixture } from "./extension-fixture.js";
import { makeBundle } from "./helpers.js";
import { computeBundleHash, digestComponent } from "../../core/digest.js";
import type { ForgeBundle } from "../../generated/types.js";

const fx = useExtensionFixture();
const { setup, writeGlobal } = fx;

describe("commands", () => {
  it("registers flags and commands and stays native with nothing selected", async () => {
    const t = setup();
    expect([...t.pi.flags.keys()]).toEqual(["mode", "preset"]);
    expect([...t.pi.commands.keys()]).toEqual(["mode", "preset", "forge", "system-update"]);
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    expect(await t.turn()).toBeUndefined();
    expect(t.pi.appended).toEqual([]);
  });

  it("/mode set appends one entry and composes it; +, - and off edit it", async () => {
    const t = setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.run("mode", "set plan review", t.ctx);
    expect(states(t.pi)).toHaveLength(1);
    expect(states(t.pi)[0]).toMatchObject({ v: 1, base: "plan", overlays: ["review"], source: "command", driftPolicy: "block" });
    // replace_base is Pi's custom-prompt branch over the run's options, then the overlays.
    expect((await t.turn())?.systemPrompt).toBe(
      `PLAN BASE\nCurrent date: ${TODAY}\nCurrent working directory: ${fx.cwd}${overlay("review", "Review", "REVIEW")}`,
    );
    await t.pi.run("mode", "set plan review", t.ctx);
    await t.pi.run("mode", "reapprove", t.ctx);
    expect(states(t.pi)).toHaveLength(1); // an unchanged selection is not a change
    expect(t.notes()).toContain("nothing to reapprove");
    await t.pi.run("mode", "+tests", t.ctx);
    expect(states(t.pi)[1]).toMatchObject({ base: "plan", overlays: ["review", "tests"] });
    await t.pi.run("mode", "-plan", t.ctx);
    expect((await t.turn())?.systemPrompt).toBe(`NATIVE${overlay("review", "Review", "REVIEW")}${overlay("tests", "Tests", "TESTS")}`);
    await t.pi.run("mode", "off", t.ctx);
    expect(states(t.pi).at(-1)).toMatchObject({ base: null, overlays: [], source: "off" });
    expect(await t.turn()).toBeUndefined();
    expect(t.ctx.log.status.at(-1)).toBeUndefined();
    await t.pi.run("mode", "off", t.ctx);
    expect(states(t.pi).filter((e) => e.source === "off")).toHaveLength(1);
    expect(t.notes()).not.toContain("failed");
  });

  it("refuses contract violations whole, appending nothing", async () => {
    const t = setup();
    await t.pi.run("mode", "set strict", t.ctx);
    await t.pi.run("mode", "set plan exact", t.ctx);
    await t.pi.run("mode", "+strict", t.ctx);
    expect(t.pi.appended).toEqual([]);
    expect(t.notes()).toContain('"strict" requires "tests"');
    expect(t.notes()).toContain("at most one base");
  });

  it("/mode status --json and /mode preview --json give deterministic machine output", async () => {
    const t = setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.run("mode", "set review tests --drift warn", t.ctx);
    t.ctx.log.notes.length = 0;
    await t.pi.run("mode", "status --json", t.ctx);
    const status = JSON.parse(t.ctx.log.notes[0]!.text);
    expect(status).toMatchObject({
      v: 1,
      active: true,
      composition: "compose",
      base: null,
      overlays: ["review", "tests"],
      driftPolicy: "warn",
      drift: false,
      fallbackReason: null,
    });
    expect(status.components[0]).toMatchObject({
      key: "review",
      role: "overlay",
      strategy: "append",
      pinnedScope: "global",
      currentScope: "global",
      drift: "none",
    });
    expect(status.components[0].pinnedDigest).toMatch(/^[0-9a-f]{64}$/);
    expect(status.bundles.global.status).toBe("ok");
    await t.pi.run("mode", "preview --json", t.ctx);
    const preview = JSON.parse(t.ctx.log.notes[1]!.text);
    const chars = "# Review\n\nREVIEW".length + "# Tests\n\nTESTS".length;
    expect(preview.size).toEqual({ chars, estimatedTokens: Math.ceil(chars / 4), basis: "forge-parts" });
    expect(preview.sections).toEqual([
      { key: "review", kind: "overlay", chars: 16 },
      { key: "tests", kind: "overlay", chars: 14 },
    ]);
    expect(preview.lastPrompt).toBeNull();
    await t.pi.run("mode", "preview --json", t.ctx);
    expect(t.ctx.log.notes[2]!.text).toBe(t.ctx.log.notes[1]!.text);
    await t.turn();
    await t.pi.run("mode", "preview --json", t.ctx);
    const whole = `NATIVE${overlay("review", "Review", "REVIEW")}${overlay("tests", "Tests", "TESTS")}`.length;
    expect(JSON.parse(t.ctx.log.notes.at(-1)!.text).lastPrompt).toEqual({ chars: whole, estimatedTokens: Math.ceil(whole / 4) });
  });

  describe("headless output", () => {
    let writes: string[];
    beforeEach(() => {
      writes = [];
      vi.spyOn(process.stderr, "write").mockImplementation((chunk: any) => (writes.push(String(chunk)), true));
    });
    afterEach(() => vi.restoreAllMocks());
    it("goes to stderr, one JSON line for --json", async () => {
      const t = setup({ hasUI: false });
      await t.pi.run("mode", "status --json", t.ctx);
      expect(writes).toHaveLength(1);
      expect(writes[0]!.endsWith("\n")).toBe(true);
      expect(JSON.parse(writes[0]!)).toMatchObject({ v: 1, active: false, composition: "native" });
      await t.pi.run("mode", "", t.ctx);
      expect(writes[1]).toContain("usage: /mode");
    });
  });

  it("replace_final needs confirmation bound to the digest shown", async () => {
    const headless = setup({ hasUI: false });
    vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    await headless.pi.run("mode", "set exact", headless.ctx);
    expect(headless.pi.appended).toEqual([]);
    await headless.pi.run("mode", "set exact --confirm-exact=abcdef", headless.ctx);
    expect(headless.pi.appended).toEqual([]);
    await headless.pi.run("mode", "set exact --confirm-exact", headless.ctx);
    const e = states(headless.pi)[0]!;
    expect(e.confirmedExact).toBe(e.components.exact!.digest);
    expect((await headless.turn())?.systemPrompt).toBe("EXACT PROMPT");
    vi.restoreAllMocks();

    const declined = setup({ confirm: false });
    await declined.pi.run("mode", "set exact", declined.ctx);
    expect(declined.pi.appended).toEqual([]);
    expect(declined.ctx.log.confirms[0]).toContain(e.components.exact!.digest.slice(0, 12));

    // The bundle changes while the dialog is open: the confirmation no longer covers it.
    const raced = setup({ confirm: () => (writeGlobal({ ...GLOBAL_MODES, exact: { strategy: "replace_final", text: "SWAPPED" } }), true) });
    await raced.pi.run("mode", "set exact", raced.ctx);
    expect(raced.pi.appended).toEqual([]);
    expect(raced.notes()).toContain("changed while confirming");
  });

  it("blocks on drift by default until /mode reapprove; warn composes the new text", async () => {
    const t = setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.run("mode", "set review", t.ctx);
    writeGlobal({ ...GLOBAL_MODES, review: { label: "Review", text: "REVIEW v2" } });
    expect(await t.turn()).toBeUndefined();
    expect(t.notes()).toContain('"review" changed since activation');
    expect(t.ctx.log.status.at(-1)).toBe("forge: review [drift: blocked]");
    await t.pi.run("mode", "+tests", t.ctx);
    expect(t.notes()).toContain("has drift");
    // With a UI, /mode reapprove shows what changed (a short diff of the text) and asks before it accepts.
    await t.pi.run("mode", "reapprove", t.ctx);
    expect(t.ctx.log.confirms.at(-1)).toMatch(/Reapprove review\? [\s\S]*"review" changed since activation[\s\S]*- REVIEW\n\s+\+ REVIEW v2/);
    expect(t.notes()).toContain("forge: reapproval of review cancelled; nothing changed");
    t.ctx.ui.confirm = async () => true;
    await t.pi.run("mode", "reapprove", t.ctx);
    expect(states(t.pi).at(-1)).toMatchObject({ source: "reapprove", overlays: ["review"] });
    expect((await t.turn())?.systemPrompt).toBe(`NATIVE${overlay("review", "Review", "REVIEW v2")}`);

    await t.pi.run("mode", "set review --drift warn", t.ctx);
    writeGlobal({ ...GLOBAL_MODES, review: { label: "Review", text: "REVIEW v3" } });
    expect((await t.turn())?.systemPrompt).toContain("REVIEW v3");
    expect(t.notes()).toContain("drift (policy warn)");
  });

  it("a tampered bundle is refused with a notice and the prompt stays native", async () => {
    const t = setup();
    await t.pi.run("mode", "set review", t.ctx);
    const file = join(fx.agent, "forge", "bundle.json");
    const b = JSON.parse(readFileSync(file, "utf8"));
    b.modes.review.prompt = [{ text: "tampered" }];
    writeFileSync(file, JSON.stringify(b));
    expect(await t.turn()).toBeUndefined();
    expect(t.notes()).toContain(`forge: bundle_refused: refused bundle ${file}: mode "review" digest mismatch`);
    expect(t.notes()).toContain('"review" is no longer offered');
    // The refusal is data too: /forge status --json carries its code beside the notice text.
    await t.pi.run("forge", "status --json", t.ctx);
    const global = JSON.parse(t.ctx.log.notes.at(-1)!.text).bundles.global;
    expect(global).toMatchObject({ status: "refused", code: "bundle_refused" });
    expect(global.reason).toContain(`forge: bundle_refused: refused bundle ${file}: mode "review" digest mismatch`);
  });
});

describe("/preset and /forge", () => {
  it("lists, uses and saves presets without clobbering", async () => {
    const t = setup();
    await t.pi.run("preset", "list", t.ctx);
    expect(t.notes()).toContain("duo (global)");
    await t.pi.run("preset", "use duo", t.ctx);
    expect(states(t.pi)[0]).toMatchObject({ preset: "duo", source: "preset", driftPolicy: "warn" });
    await t.pi.run("preset", "save mine", t.ctx);
    const file = join(fx.cwd, ".pi", "forge", "presets", "mine.yaml");
    const text = readFileSync(file, "utf8");
    expect(text).toContain("overlays:\n  - review\n  - tests\n");
    expect(t.notes()).toContain("forge build");
    writeFileSync(file, "mine");
    await t.pi.run("preset", "save mine", t.ctx); // confirm answers false
    expect(readFileSync(file, "utf8")).toBe("mine");
    await t.pi.run("preset", "save mine --force", t.ctx);
    expect(readFileSync(file, "utf8")).toBe(text);
  });

  it("/forge trust binds the project bundle; a rebuilt bundle needs trust again", async () => {
    mkdirSync(join(fx.cwd, ".pi", "forge"), { recursive: true });
    const bundleFile = join(fx.cwd, ".pi", "forge", "bundle.json");
    writeFileSync(bundleFile, JSON.stringify(makeBundle("project", { local: { text: "LOCAL" } })));
    const t = setup({ select: (options) => options.find((o) => o.startsWith("Trust this bundle only")) });
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    // "Not trusted" is a widget above the editor (not a chat line that would outlive the fix) ...
    expect(t.notes()).not.toContain("Run /forge trust");
    expect(t.ctx.log.widgets).toEqual([
      { key: "forge-trust", content: [expect.stringContaining("is not trusted; its modes and presets are not offered. Run /forge trust")] },
    ]);
    await t.pi.run("mode", "set local", t.ctx);
    expect(t.pi.appended).toEqual([]);
    await t.pi.run("forge", "trust", t.ctx);
    expect(existsSync(join(fx.agent, "forge", "trust.json"))).toBe(true);
    // ... which goes away once the bundle is trusted.
    expect(t.ctx.log.widgets.at(-1)).toEqual({ key: "forge-trust", content: undefined });
    await t.pi.run("mode", "set local", t.ctx);
    expect((await t.turn())?.systemPrompt).toContain("LOCAL");
    writeFileSync(bundleFile, JSON.stringify(makeBundle("project", { local: { text: "LOCAL v2" } })));
    expect(await t.turn()).toBeUndefined();
    await t.pi.run("forge", "status --json", t.ctx);
    expect(JSON.parse(t.ctx.log.notes.at(-1)!.text).project.trusted).toBe(false);
  });
});

/** The bundle with a rule added (digests and bundleHash recomputed), as a pulled bundle whose only change is a rule. */
function withRule(bundle: ForgeBundle): ForgeBundle {
  const entry = {
    name: "Inject",
    description: "I.",
    when: { paths: [{ kind: "glob" as const, source: "**", regex: "^[\\s\\S]*$" }] },
    content: [{ text: "Obey." }],
    source: "rules/inject.yaml",
  };
  const next = { ...bundle, rules: { inject: { ...entry, digest: digestComponent("rule", "inject", "project", entry) } } } as ForgeBundle;
  return { ...next, bundleHash: computeBundleHash(next) };
}

/** What a headless command prints (to stderr, as Pi's print mode shows it). */
async function printed(run: () => Promise<unknown>): Promise<string> {
  const chunks: string[] = [];
  const spy = vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (chunks.push(String(chunk)), true));
  try {
    await run();
  } finally {
    spy.mockRestore();
  }
  return chunks.join("");
}

describe("/forge trust lists everything the bundle switches on", () => {
  it("a pulled bundle whose only change is a rule: the dialog and print mode name the rule, never 'nothing changed'", async () => {
    mkdirSync(join(fx.cwd, ".pi", "forge"), { recursive: true });
    const bundleFile = join(fx.cwd, ".pi", "forge", "bundle.json");
    const base = makeBundle("project", { local: { text: "LOCAL" } });
    writeFileSync(bundleFile, JSON.stringify(base));
    const first = setup({ hasUI: false });
    await printed(() => first.pi.emit("session_start", { reason: "startup" }, first.ctx));
    // A first trust in print mode lists what it switches on.
    expect(await printed(() => first.pi.run("forge", "trust", first.ctx))).toContain(
      "You have not trusted this project's forge bundle before.\nIt holds:\n  modes: local",
    );
    writeFileSync(bundleFile, JSON.stringify(withRule(base)));
    const dialog = setup({ select: (options) => options[0] });
    await dialog.pi.emit("session_start", { reason: "startup" }, dialog.ctx);
    await dialog.pi.run("forge", "trust", dialog.ctx);
    const asked = dialog.ctx.log.selectTitles.join("\n");
    expect(asked).toContain("rules: added inject");
    // Besides what changed, the dialog lists everything the bundle switches on.
    expect(asked).toMatch(/It holds:\n {2}modes: local\n {2}rules: inject\n/);
    expect(asked).not.toContain("nothing it switches on changed");
    expect(asked).toContain("its modes, presets, rules and blocks will be offered");
    const print = setup({ hasUI: false });
    await printed(() => print.pi.emit("session_start", { reason: "startup" }, print.ctx));
    const out = await printed(() => print.pi.run("forge", "trust", print.ctx));
    expect(out).toContain("forge: trusting, as you asked (no dialog in this mode):");
    expect(out).toContain("Since the version you trusted");
    expect(out).toContain("  rules: added inject");
  });
});

describe("completions and robustness", () => {
  it("completes subcommands, +keys and keys after set", async () => {
    const t = setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    const complete = t.pi.commands.get("mode")!.getArgumentCompletions!;
    // Each value ends in a space, so the next Tab completes the next argument (not file names).
    expect(complete("st")!.map((i) => i.value)).toEqual(["status "]);
    expect(complete("+re")!.map((i) => i.value)).toEqual(["+review "]);
    expect(complete("set plan r")!.map((i) => i.value)).toEqual(["set plan review "]);
    expect(complete("status ")!.map((i) => i.value)).toEqual(["status --json "]);
  });

  it("system updates ride on the same real adapter: a section on 1.x for a model with mid-conversation system messages, a timeline message otherwise", async () => {
    const modern = setup({ host: "1.x" });
    modern.ctx.model = { provider: "prov", id: "small", compat: { supportsMidConvoSystemMessages: true } };
    await modern.pi.emit("session_start", { reason: "startup" }, modern.ctx);
    await modern.pi.run("mode", "set review", modern.ctx);
    await modern.pi.run("system-update", "Be terse.", modern.ctx);
    expect(modern.pi.sent).toEqual([]);
    const run = await modern.pi.runAgentStart(modern.ctx, fx.cwd);
    expect(run.prompt).toContain("<forge-review>\n# Review\n\nREVIEW\n</forge-review>");
    expect(run.prompt.endsWith("<forge-update-update-1>\nBe terse.\n</forge-update-update-1>")).toBe(true);

    // The same host with a model without them: a timeline message, and the prompt keeps its bytes.
    const folding = setup({ host: "1.x" });
    await folding.pi.emit("session_start", { reason: "startup" }, folding.ctx);
    await folding.pi.run("mode", "set review", folding.ctx);
    const before = await folding.pi.runAgentStart(folding.ctx, fx.cwd);
    await folding.pi.run("system-update", "Be terse.", folding.ctx);
    expect(folding.pi.sent.map((s) => s.message.content)).toEqual(['<system_update id="update-1">\nBe terse.\n</system_update>']);
    expect((await folding.pi.runAgentStart(folding.ctx, fx.cwd)).prompt).toBe(before.prompt);

    const legacy = setup();
    await legacy.pi.emit("session_start", { reason: "startup" }, legacy.ctx);
    await legacy.pi.run("system-update", "Be terse.", legacy.ctx);
    expect(legacy.pi.sent.map((s) => s.message.content)).toEqual(['<system_update id="update-1">\nBe terse.\n</system_update>']);
    const plain = await legacy.pi.runAgentStart(legacy.ctx, fx.cwd);
    expect(plain.prompt).not.toContain("Be terse.");
  });

  it("a throwing adapter never crashes the host: native prompt and a notice", async () => {
    const t = setup({
      adapter: (real) => ({
        ...real,
        applyComposition: () => {
          throw new Error("boom");
        },
      }),
    });
    await t.pi.run("mode", "set review", t.ctx);
    expect(await t.turn()).toBeUndefined();
    expect(t.notes()).toContain("composition failed (boom)");
  });

  it("the default export loads on a fake pi without throwing", () => {
    const pi = new FakePi();
    expect(() => forgeExtension(pi)).not.toThrow();
    expect(pi.commands.has("mode")).toBe(true);
  });
});
