// /mode new, /mode edit and /mode delete on the fake Pi with the forge CLI in process: sources written only when they
// build, never activated; your own edit of a selected mode is re-pinned, not drift; deletion always asks ("No" first)
// and keeps state untouched or persists the confirmed remainder.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { states } from "./extension-fixture.js";
import { modeYaml, useAuthoringFixture } from "./authoring-fixture.js";

const fx = useAuthoringFixture();
const modeFile = (key: string) => join(fx.paths.cwd, ".pi", "forge", "modes", `${key}.yaml`);

describe("/mode new", () => {
  it("opens Pi's editor on a commented template; saving writes the source and rebuilds, activating nothing", async () => {
    const t = fx.setup({ editor: (_title, prefill) => prefill.replace(/Describe how[^\n]*/, "Stay focused on {{cwd}}.") });
    await t.run("new focus");
    expect(t.ctx.log.editors).toHaveLength(1);
    expect(t.ctx.log.editors[0]!.title).toContain(".pi/forge/modes/focus.yaml");
    expect(t.ctx.log.editors[0]!.prefill).toMatch(/^# Mode "focus", created by \/mode new/);
    expect(t.ctx.log.editors[0]!.prefill).toContain("strategy: append");
    expect(t.last()).toMatchObject({
      level: "info",
      text: expect.stringContaining('created mode "focus" (.pi/forge/modes/focus.yaml) and rebuilt the project bundle; it is not active'),
    });
    expect(fx.bundleOf(fx.paths.cwd).modes.focus).toMatchObject({ strategy: "append", source: "modes/focus.yaml" });
    expect(states(t.pi)).toEqual([]);
    expect(await t.prompt()).not.toContain("Stay focused");
    await t.run("+focus");
    expect(await t.prompt()).toContain(`Stay focused on ${fx.paths.cwd}.`);
  });

  it("--strategy and --global: the template says so, and the agent dir's forge/ is written without any trust", async () => {
    const t = fx.setup({ trusted: false, editor: (_t, prefill) => prefill });
    await t.run("new lean --strategy replace_base --global");
    expect(t.ctx.log.editors[0]!.prefill).toContain("strategy: replace_base");
    expect(existsSync(join(fx.paths.agent, "forge", "modes", "lean.yaml"))).toBe(true);
    expect(JSON.parse(readFileSync(join(fx.paths.agent, "forge", "bundle.json"), "utf8")).modes.lean.strategy).toBe("replace_base");
    // The template comes from forge's CLI (yaml's Document API), then the build.
    expect(t.calls).toEqual([
      ["source", JSON.stringify({ kind: "mode-template", key: "lean", strategy: "replace_base" }), "--json"],
      ["build", "--global", "--json"],
    ]);
  });

  it("headless: --prompt-file is the prompt, never an editor; without text nothing is written", async () => {
    fx.write(fx.paths.cwd, { "p.md": "Line one.\n  Indented {{date}} line.\n" });
    const t = fx.setup({ hasUI: false, editor: () => "never" });
    const none = await t.stderrOf(() => t.run("new quiet"));
    expect(none).toContain("there is no editor without a UI: pass the prompt with --prompt-file <path>");
    expect(existsSync(modeFile("quiet"))).toBe(false);
    const out = await t.stderrOf(() => t.run("new quiet --prompt-file p.md"));
    expect(out).toContain('created mode "quiet"');
    expect(t.ctx.log.editors).toEqual([]);
    expect(fx.bundleOf(fx.paths.cwd).modes.quiet.prompt).toEqual([{ text: "Line one.\n  Indented " }, { slot: "date" }, { text: " line." }]);
  });

  it("a source that does not build is not written: headless, the diagnostics at file:line; with the editor, it reopens until it builds", async () => {
    fx.write(fx.paths.cwd, { "ok.yaml": modeYaml("Good", "fine"), "bad.yaml": "label: Bad\ndescription: b\nstrategy: append\npromt: typo\n" });
    const t = fx.setup();
    await t.run("new good --file ok.yaml");
    const before = fx.read(join(fx.paths.cwd, ".pi/forge/bundle.json"));
    await t.run("new bad --file bad.yaml");
    expect(t.last().level).toBe("error");
    expect(t.last().text).toContain("forge: not saved: .pi/forge/modes/bad.yaml does not build with this text, so nothing was written:");
    expect(t.last().text).toContain(".pi/forge/modes/bad.yaml:4:1 error unknown_field:");
    expect(fx.read(join(fx.paths.cwd, ".pi/forge/bundle.json"))).toBe(before);
    expect(existsSync(modeFile("bad"))).toBe(false);
    // In the editor: the first save does not build (the file is not written), so the editor reopens on the same text
    // with the first diagnostic in its title; the fixed text is saved.
    const texts: string[] = [];
    const fixer = fx.setup({
      editor: (_t, prefill) => {
        texts.push(prefill);
        return texts.length === 1 ? prefill.replace(/^prompt:/m, "promt:") : prefill.replace(/^promt:/m, "prompt:");
      },
    });
    await fixer.run("new bad");
    expect(fixer.ctx.log.editors).toHaveLength(2);
    expect(fixer.ctx.log.editors[0]!.title).toContain("Enter saves (only when it builds)");
    expect(fixer.ctx.log.editors[1]!.title).toMatch(/· fix: \.pi\/forge\/modes\/bad\.yaml:\d+:\d+ error /);
    expect(fixer.ctx.log.editors[1]!.prefill).toContain("promt: |");
    const notes = fixer.ctx.log.notes;
    expect(notes.at(-2)).toMatchObject({
      level: "error",
      text: expect.stringContaining("forge: not saved: .pi/forge/modes/bad.yaml does not build with this text"),
    });
    expect(fixer.last()).toMatchObject({
      level: "info",
      text: expect.stringContaining('created mode "bad" (.pi/forge/modes/bad.yaml) and rebuilt the project bundle'),
    });
    expect(fx.read(modeFile("bad"))).toContain("prompt: |");
    expect(fx.bundleOf(fx.paths.cwd).modes.bad).toBeDefined();
  });

  it("without a key: asks for one, suggesting a free key (empty takes it); headless, the usage", async () => {
    fx.write(fx.paths.cwd, { ".pi/forge/modes/my-mode.yaml": modeYaml("Mine", "taken") });
    await fx.build(fx.paths.cwd);
    const asked: string[] = [];
    const t = fx.setup({ input: (title) => (asked.push(title), ""), editor: (_t, prefill) => prefill });
    await t.run("new");
    expect(asked[0]).toContain('empty takes "my-mode-2"');
    expect(t.last().text).toContain('created mode "my-mode-2"');
    const named = fx.setup({ input: () => "  named-one ", editor: (_t, prefill) => prefill });
    await named.run("new");
    expect(named.last().text).toContain('created mode "named-one"');
    const headless = fx.setup({ hasUI: false });
    expect(await headless.stderrOf(() => headless.run("new"))).toContain('/mode new needs one mode key like "code-review"');
  });

  it("refuses an existing key, a bad key, a closed editor, and an untrusted project", async () => {
    const t = fx.setup({ editor: () => undefined });
    fx.write(fx.paths.cwd, { ".pi/forge/modes/taken.yaml": modeYaml("Taken", "t") });
    await t.run("new taken");
    expect(t.last().text).toContain('mode "taken" already has a source, .pi/forge/modes/taken.yaml; change it with /mode edit taken');
    await t.run("new Bad_Key");
    expect(t.last().text).toContain('"Bad_Key" is not a mode key');
    await t.run("new fresh");
    expect(t.last().text).toBe("forge: /mode new fresh cancelled; nothing written");
    expect(existsSync(modeFile("fresh"))).toBe(false);
    await fx.build(fx.paths.cwd);
    const untrusted = fx.setup({ trusted: false, editor: (_t, p) => p });
    await untrusted.run("new fresh");
    expect(untrusted.last()).toMatchObject({
      level: "error",
      text: expect.stringContaining("the project is not trusted, so forge writes nothing there: trust it in Pi"),
    });
    expect(untrusted.ctx.log.editors).toEqual([]);
  });
});

describe("/mode edit", () => {
  it("--prompt-file replaces the prompt through yaml's Document API: every comment, the key order and the other values survive", async () => {
    const source = [
      "# Team notes mode: keep it short.",
      "label: Notes # shown as the section heading",
      "description: Keeps notes of decisions.",
      "# append keeps Pi's prompt",
      "strategy: append",
      "# the prompt below is replaced by /mode edit --prompt-file",
      "prompt: |",
      "  Old text.",
      "",
      "# read-only tools while taking notes",
      "tools: [read, grep]",
      "",
    ].join("\n");
    fx.write(fx.paths.cwd, { ".pi/forge/modes/notes.yaml": source, "new.md": "New text,\n  kept exactly.\n" });
    const t = fx.setup({ hasUI: false });
    const out = await t.stderrOf(() => t.run("edit notes --prompt-file new.md"));
    expect(out).toContain("forge: saved .pi/forge/modes/notes.yaml and rebuilt the project bundle");
    const written = fx.read(modeFile("notes"));
    for (const comment of source.split("\n").filter((l) => l.includes("#"))) expect(written).toContain(comment.slice(comment.indexOf("#")));
    expect(
      written
        .split("\n")
        .filter((l) => /^[a-z]+:/.test(l))
        .map((l) => l.split(":")[0]),
    ).toEqual(["label", "description", "strategy", "prompt", "tools"]);
    expect(written).toContain("label: Notes # shown as the section heading\n");
    expect(written).toContain("tools: [read, grep]\n");
    expect(fx.bundleOf(fx.paths.cwd).modes.notes.prompt).toEqual([{ text: "New text,\n  kept exactly." }]);
    expect(t.calls.map((c) => c[0])).toEqual(["source", "build"]);
  });

  it("of an active mode: your own edit is not drift; the selection pins what you wrote at once (source edit)", async () => {
    fx.write(fx.paths.cwd, { ".pi/forge/modes/alpha.yaml": "# my comment\n" + modeYaml("Alpha", "ALPHA v1"), "v2.md": "ALPHA v2\n" });
    await fx.build(fx.paths.cwd);
    const t = fx.setup({ hasUI: false });
    await t.stderrOf(() => t.run("set alpha"));
    expect(await t.prompt()).toContain("ALPHA v1");
    const out = await t.stderrOf(() => t.run("edit alpha --prompt-file v2.md"));
    expect(out).toContain(
      `forge: saved .pi/forge/modes/alpha.yaml and rebuilt the project bundle; "alpha" is active with what you wrote (from the next prompt)`,
    );
    expect(fx.read(modeFile("alpha"))).toMatch(/^# my comment\nlabel: Alpha\n/);
    expect(await t.prompt()).toContain("ALPHA v2");
    expect(states(t.pi).map((s) => s.source)).toEqual(["command", "edit"]);
    expect(states(t.pi).at(-1)!.components.alpha!.digest).toBe(fx.bundleOf(fx.paths.cwd).modes.alpha.digest);
    expect(t.ctx.log.status.at(-1)).toBe("forge: alpha");
  });

  it("under warn too the new text is pinned at once; an inactive mode's edit says nothing about the selection", async () => {
    fx.write(fx.paths.cwd, { ".pi/forge/modes/alpha.yaml": modeYaml("Alpha", "A1"), ".pi/forge/modes/beta.yaml": modeYaml("Beta", "B1") });
    await fx.build(fx.paths.cwd);
    const t = fx.setup({ editor: (_t, prefill) => prefill.replace(/"[AB]1"/, '"changed"') });
    await t.run("set alpha --drift warn");
    await t.run("edit alpha");
    expect(t.last().text).toContain('"alpha" is active with what you wrote');
    expect(await t.prompt()).toContain("changed");
    expect(t.notes()).not.toContain("drift (policy warn)");
    await t.run("edit beta");
    expect(t.last().text).not.toContain("active");
  });

  it("refuses a built-in mode (no source), and --prompt-file for a source whose prompt lives in promptFile", async () => {
    fx.write(fx.paths.cwd, {
      ".pi/forge/modes/filed.yaml": "label: F\ndescription: f\nstrategy: append\npromptFile: ../prompts/f.md\n",
      ".pi/forge/prompts/f.md": "F",
      "n.md": "new",
    });
    await fx.build(fx.paths.cwd);
    const t = fx.setup();
    await t.run("edit review");
    expect(t.last().text).toContain(
      'no source of mode "review" in the project scope ("review" is built in: /mode new review makes your own, which shadows it)',
    );
    await t.run("edit filed --prompt-file n.md");
    expect(t.last().text).toContain("it keeps its prompt in promptFile");
  });
});

describe("/mode delete", () => {
  const project = async () => {
    fx.write(fx.paths.cwd, {
      ".pi/forge/modes/alpha.yaml": modeYaml("Alpha", "ALPHA"),
      ".pi/forge/modes/beta.yaml": modeYaml("Beta", "BETA"),
      ".pi/forge/modes/needy.yaml": modeYaml("Needy", "NEEDY", "requires: [alpha]\n"),
    });
    await fx.build(fx.paths.cwd);
  };

  it("of an inactive mode: asks too, with No first; only Yes deletes, and the state is untouched", async () => {
    await project();
    const keep = fx.setup({ select: (options) => options[0] });
    await keep.run("set beta");
    await keep.run("delete alpha");
    expect(keep.ctx.log.selects).toEqual([["No, keep it", "Yes, delete it"]]);
    expect(keep.last().text).toBe("forge: /mode delete alpha cancelled; nothing deleted");
    expect(existsSync(modeFile("alpha"))).toBe(true);
    const t = fx.setup({ select: (options) => options.find((o) => o.startsWith("Yes")), session: keep.pi.session });
    await t.pi.emit("session_start", { reason: "resume" }, t.ctx);
    await t.run("delete alpha");
    expect(t.last().text).toContain("forge: deleted .pi/forge/modes/alpha.yaml and rebuilt the project bundle; the selection is unchanged");
    expect(existsSync(modeFile("alpha"))).toBe(false);
    expect(fx.bundleOf(fx.paths.cwd).modes.alpha).toBeUndefined();
    expect(states(keep.pi).map((s) => s.source)).toEqual(["command"]);
    expect(states(t.pi)).toEqual([]);
  });

  it("of an active mode: asks; declining changes nothing; confirming persists the remainder with its pins (source delete)", async () => {
    await project();
    const titles: string[] = [];
    const no = fx.setup({ select: () => undefined });
    no.ctx.ui.select = async (title, options) => (titles.push(title), no.ctx.log.selects.push(options), undefined);
    await no.run("set alpha beta");
    await no.run("delete beta");
    expect(titles[0]).toContain('Delete the active mode "beta"?');
    expect(titles[0]).toContain("the selection continues with overlays alpha");
    expect(no.ctx.log.selects[0]![0]).toBe("No, keep it");
    expect(existsSync(modeFile("beta"))).toBe(true);
    const yes = fx.setup({ select: (options) => options[1], session: no.pi.session });
    await yes.pi.emit("session_start", { reason: "resume" }, yes.ctx);
    await yes.run("delete beta");
    expect(existsSync(modeFile("beta"))).toBe(false);
    const [entry] = states(yes.pi);
    const pinned = states(no.pi)[0]!;
    expect(entry).toMatchObject({ base: null, overlays: ["alpha"], preset: null, source: "delete", components: { alpha: pinned.components.alpha } });
    expect(await yes.prompt()).toContain("ALPHA");
    expect(await yes.prompt()).not.toContain("BETA");
  });

  it("refuses when the remainder breaks a contract, and headless needs --confirm", async () => {
    await project();
    const t = fx.setup({ hasUI: false });
    await t.stderrOf(() => t.run("set alpha needy"));
    const refused = await t.stderrOf(() => t.run("delete alpha --confirm"));
    expect(refused).toContain('refused: without "alpha" the active selection breaks its contracts: "needy" requires "alpha"');
    expect(existsSync(modeFile("alpha"))).toBe(true);
    const unconfirmed = await t.stderrOf(() => t.run("delete needy"));
    expect(unconfirmed).toContain("/mode delete needy needs --confirm without a dialog");
    expect(existsSync(modeFile("needy"))).toBe(true);
    await t.stderrOf(() => t.run("delete needy --confirm"));
    expect(existsSync(modeFile("needy"))).toBe(false);
    expect(states(t.pi).at(-1)).toMatchObject({ overlays: ["alpha"], source: "delete" });
  });

  it("a mode a preset uses is refused up front, naming the preset and how to take the mode out of it; nothing is asked", async () => {
    await project();
    fx.write(fx.paths.cwd, { ".pi/forge/presets/duo.yaml": "description: d\noverlays: [alpha, beta]\n" });
    await fx.build(fx.paths.cwd);
    const t = fx.setup({ select: (options) => options[1] });
    const text = fx.read(modeFile("beta"));
    await t.run("delete beta");
    expect(t.ctx.log.selects).toEqual([]);
    expect(t.last()).toMatchObject({
      level: "error",
      text: 'forge: refused: preset duo (.pi/forge/presets/duo.yaml) uses "beta"; take "beta" out of its base or overlays (or /preset delete duo), then delete it; nothing deleted',
    });
    expect(fx.read(modeFile("beta"))).toBe(text);
  });

  it("a deletion the build cannot take is put back", async () => {
    await project();
    // A mode that extends it: the build without it fails (extends_unknown), so the file comes back.
    fx.write(fx.paths.cwd, { ".pi/forge/modes/gamma.yaml": "extends: beta\nlabel: Gamma\nprompt: G\n" });
    await fx.build(fx.paths.cwd);
    const t = fx.setup();
    const text = fx.read(modeFile("beta"));
    await t.run("delete beta --confirm");
    expect(t.last()).toMatchObject({
      level: "error",
      text: expect.stringContaining("not deleted: the build without .pi/forge/modes/beta.yaml fails, so the file was put back"),
    });
    expect(t.last().text).toContain("extends_unknown");
    expect(fx.read(modeFile("beta"))).toBe(text);
  });
});
