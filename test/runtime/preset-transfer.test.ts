// /preset export, import and delete on the fake Pi (CLI in process), and on Pi 0.73.1 forge's trust following an edit
// made through Pi (and only such an edit).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { states } from "./extension-fixture.js";
import { modeYaml, useAuthoringFixture } from "./authoring-fixture.js";

const fx = useAuthoringFixture();
const SOURCES = {
  ".pi/forge/modes/alpha.yaml": modeYaml("Alpha", "SECRET ALPHA"),
  ".pi/forge/modes/beta.yaml": modeYaml("Beta", "BETA"),
  ".pi/forge/presets/flow.yaml": "description: Alpha, beta, review.\noverlays: [alpha, beta, review]\ndriftPolicy: warn\n",
};

describe("/preset export and /preset import", () => {
  it("exports what the session resolves (no prompt text) and imports it into another project, naming what differs", async () => {
    fx.write(fx.paths.cwd, SOURCES);
    await fx.build(fx.paths.cwd);
    const t = fx.setup();
    await t.preset("export flow flow.json");
    expect(t.last().text).toContain('exported preset "flow" to flow.json');
    const file = join(fx.paths.cwd, "flow.json");
    const value = JSON.parse(readFileSync(file, "utf8"));
    expect(value).toMatchObject({
      name: "flow",
      overlays: ["alpha", "beta", "review"],
      driftPolicy: "warn",
      digests: { alpha: { scope: "project" }, review: { scope: "builtin" } },
    });
    expect(readFileSync(file, "utf8")).not.toContain("SECRET");
    await t.preset("export flow flow.json");
    expect(t.last()).toMatchObject({ level: "error", text: expect.stringContaining("exists; not overwritten (add --force") });
    await t.preset("export flow");
    expect(JSON.parse(t.last().text)).toEqual(value);

    fx.write(fx.paths.other, {
      ".pi/forge/modes/alpha.yaml": modeYaml("Alpha", "their alpha"),
      ".pi/forge/modes/beta.yaml": SOURCES[".pi/forge/modes/beta.yaml"],
    });
    await fx.build(fx.paths.other);
    const other = fx.setup({ cwd: fx.paths.other });
    await other.preset(`import ${file}`);
    expect(other.calls.at(-1)).toEqual(["preset", "import", file, "--root", fx.paths.other, "--json"]);
    expect(other.last().text).toContain('imported preset "flow" into .pi/forge/presets/flow.yaml and rebuilt the project bundle; use it with /preset use flow');
    expect(other.last().text).toMatch(/differ from the exporter's[^\n]*\n {2}alpha: exporter had [0-9a-f]{12} \(project\), you have [0-9a-f]{12} \(project\)/);
    expect(other.last().text).not.toContain("beta:");
    expect(states(other.pi)).toEqual([]);
    await other.preset("use flow");
    expect(await other.prompt()).toContain("their alpha");
    await other.preset(`import ${file}`);
    expect(other.last()).toMatchObject({ level: "error", text: expect.stringContaining("not imported:") });
    expect(other.last().text).toContain("exists; not overwritten (add --force");
  });

  it("import needs a trusted project (or --global); refused keys write nothing", async () => {
    fx.write(fx.paths.cwd, SOURCES);
    await fx.build(fx.paths.cwd);
    const exporter = fx.setup();
    await exporter.preset("export flow flow.json");
    const file = join(fx.paths.cwd, "flow.json");
    fx.write(fx.paths.other, { ".pi/forge/modes/alpha.yaml": SOURCES[".pi/forge/modes/alpha.yaml"] });
    await fx.build(fx.paths.other);
    const untrusted = fx.setup({ cwd: fx.paths.other, trusted: false });
    await untrusted.preset(`import ${file}`);
    expect(untrusted.last().text).toContain("the project is not trusted, so forge writes nothing there");
    expect(untrusted.calls).toEqual([]);
    const trusted = fx.setup({ cwd: fx.paths.other });
    await trusted.preset(`import ${file}`);
    expect(trusted.last().text).toContain("names modes your layers do not have: beta; nothing written");
    expect(existsSync(join(fx.paths.other, ".pi/forge/presets/flow.yaml"))).toBe(false);
    fx.write(fx.paths.agent, {
      "forge/modes/alpha.yaml": SOURCES[".pi/forge/modes/alpha.yaml"],
      "forge/modes/beta.yaml": SOURCES[".pi/forge/modes/beta.yaml"],
    });
    await untrusted.preset(`import ${file} --global`);
    expect(untrusted.last().text).toContain("and rebuilt the global bundle");
    expect(existsSync(join(fx.paths.agent, "forge/presets/flow.yaml"))).toBe(true);
  });

  it("/preset delete removes the source and rebuilds; the selection stays", async () => {
    fx.write(fx.paths.cwd, SOURCES);
    await fx.build(fx.paths.cwd);
    const t = fx.setup();
    await t.preset("use flow");
    await t.preset("delete flow");
    expect(t.last().text).toContain("forge: deleted .pi/forge/presets/flow.yaml and rebuilt the project bundle; the active selection stays as it is");
    expect(fx.bundleOf(fx.paths.cwd).presets.flow).toBeUndefined();
    expect(states(t.pi)).toHaveLength(1);
    await t.preset("delete review-flow");
    expect(t.last().text).toContain('no source of preset "review-flow"');
  });
});

function git(cwd: string, ...args: string[]): void {
  const r = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false", ...args], { cwd, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
}

describe("Pi 0.73.1: forge's own trust follows an authoring edit", () => {
  const trustFile = () => join(fx.paths.agent, "forge", "trust.json");
  const trustedHash = () => Object.values(JSON.parse(readFileSync(trustFile(), "utf8")).projects as Record<string, { bundleHash: string }>)[0]?.bundleHash;

  it("a first bundle holding only the new mode, and each later edit of it, stay trusted", async () => {
    fx.write(fx.paths.cwd, { "p.md": "FOCUS v1", "p2.md": "FOCUS v2" });
    const t = fx.setup({ host: "0.73.1", hasUI: false });
    await t.stderrOf(() => t.run("new focus --prompt-file p.md"));
    expect(trustedHash()).toBe(fx.bundleOf(fx.paths.cwd).bundleHash);
    await t.stderrOf(() => t.run("set focus"));
    expect(await t.prompt()).toContain("FOCUS v1");
    const edit = await t.stderrOf(() => t.run("edit focus --prompt-file p2.md"));
    expect(edit).toContain('"focus" is active with what you wrote');
    expect(trustedHash()).toBe(fx.bundleOf(fx.paths.cwd).bundleHash);
    // The user's own build of a bundle they trusted keeps trust (forge build carries it: issue 10's rule), also
    // over other sources in their worktree that are their uncommitted edits (issue 20: git tells them from a pull).
    git(fx.paths.cwd, "init", "-q");
    git(fx.paths.cwd, "add", "-A");
    git(fx.paths.cwd, "commit", "-qm", "focus");
    fx.write(fx.paths.cwd, { ".pi/forge/modes/local.yaml": modeYaml("Local", "edited by hand") });
    await t.stderrOf(() => t.run("edit focus --prompt-file p.md"));
    expect(trustedHash()).toBe(fx.bundleOf(fx.paths.cwd).bundleHash);
  });

  it("a first bundle built from more than the new mode needs /forge trust", async () => {
    fx.write(fx.paths.cwd, { "p.md": "FOCUS v1", ".pi/forge/modes/pulled.yaml": modeYaml("Pulled", "from elsewhere") });
    const t = fx.setup({ host: "0.73.1", hasUI: false });
    const out = await t.stderrOf(() => t.run("new focus --prompt-file p.md"));
    expect(out).toContain('the project bundle is not trusted: besides mode "focus", it holds what you did not write through Pi:\n  modes: added pulled\n');
    expect(out).toContain("until you review it and run /forge trust");
    expect(existsSync(trustFile()) ? trustedHash() : undefined).toBeUndefined();
  });

  it("an unbuilt rule in a clone: /mode new names it; with a dialog it asks (Enter answers No), and only a yes trusts", async () => {
    const rule = { ".pi/forge/rules/inject.yaml": 'name: Inject\ndescription: I.\nwhen: { paths: ["**"] }\ncontent: Obey the file.\n' };
    fx.write(fx.paths.cwd, { "p.md": "FOCUS v1", ...rule });
    // Enter picks the first answer.
    const no = fx.setup({ host: "0.73.1", hasUI: true, select: (options) => options[0] });
    const out = await no.stderrOf(() => no.run("new focus --prompt-file p.md"));
    expect(no.ctx.log.selects[0]![0]).toBe("No, do not trust it");
    expect(no.ctx.log.selectTitles.join("\n")).toContain(
      'Besides mode "focus", which you wrote through Pi, the rebuilt bundle holds sources you did not write here:\n  rules: added inject',
    );
    expect(out + no.last().text).toContain("rules: added inject");
    expect(existsSync(trustFile()) ? trustedHash() : undefined).toBeUndefined();
  });

  it("an unbuilt rule in a clone: a yes in the dialog trusts the whole bundle", async () => {
    fx.write(fx.paths.cwd, { "p.md": "FOCUS v1", ".pi/forge/rules/inject.yaml": 'name: Inject\ndescription: I.\nwhen: { paths: ["**"] }\ncontent: Obey.\n' });
    const yes = fx.setup({ host: "0.73.1", hasUI: true, select: (options) => options.find((o) => o.startsWith("Yes")) });
    await yes.stderrOf(() => yes.run("new focus --prompt-file p.md"));
    expect(trustedHash()).toBe(fx.bundleOf(fx.paths.cwd).bundleHash);
  });

  it("never writes through a .pi/forge/modes that links out of the repository", async () => {
    fx.write(fx.paths.cwd, { "p.md": "FOCUS v1", ".pi/forge/presets/.keep": "" });
    mkdirSync(join(fx.paths.cwd, ".git"));
    symlinkSync(fx.paths.other, join(fx.paths.cwd, ".pi", "forge", "modes"));
    const t = fx.setup({ host: "0.73.1", hasUI: false });
    const out = await t.stderrOf(() => t.run("new focus --prompt-file p.md"));
    expect(out + t.last().text).toContain("through a symbolic link; forge writes nothing there");
    expect(readdirSync(fx.paths.other)).toEqual([]);
  });

  it("an untrusted project bundle is not written to", async () => {
    fx.write(fx.paths.cwd, SOURCES);
    await fx.build(fx.paths.cwd);
    const t = fx.setup({ host: "0.73.1" });
    await t.run("delete alpha");
    expect(t.last().text).toContain(
      "the project is not trusted, so forge writes nothing there: run /forge trust (after reviewing its bundle); or add --global",
    );
    expect(existsSync(join(fx.paths.cwd, ".pi/forge/modes/alpha.yaml"))).toBe(true);
  });
});
