// /preset export, import and delete on the fake Pi (CLI in process), and on Pi 0.73.1 forge's trust following an edit
// made through Pi (and only such an edit).
import { existsSync, readFileSync } from "node:fs";
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
    expect(value).toMatchObject({ name: "flow", overlays: ["alpha", "beta", "review"], driftPolicy: "warn", digests: { alpha: { scope: "project" }, review: { scope: "builtin" } } });
    expect(readFileSync(file, "utf8")).not.toContain("SECRET");
    await t.preset("export flow flow.json");
    expect(t.last()).toMatchObject({ level: "error", text: expect.stringContaining("exists; not overwritten (add --force") });
    await t.preset("export flow");
    expect(JSON.parse(t.last().text)).toEqual(value);

    fx.write(fx.paths.other, { ".pi/forge/modes/alpha.yaml": modeYaml("Alpha", "their alpha"), ".pi/forge/modes/beta.yaml": SOURCES[".pi/forge/modes/beta.yaml"] });
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
    fx.write(fx.paths.agent, { "forge/modes/alpha.yaml": SOURCES[".pi/forge/modes/alpha.yaml"], "forge/modes/beta.yaml": SOURCES[".pi/forge/modes/beta.yaml"] });
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

describe("Pi 0.73.1: forge's own trust follows an authoring edit", () => {
  const trustFile = () => join(fx.paths.agent, "forge", "trust.json");
  const trustedHash = () => Object.values(JSON.parse(readFileSync(trustFile(), "utf8")).projects as Record<string, { bundleHash: string }>)[0]?.bundleHash;

  it("a first bundle holding only the new mode, and each later edit of it, stay trusted", async () => {
    fx.write(fx.paths.cwd, { "p.md": "FOCUS v1", "p2.md": "FOCUS v2" });
    const t = fx.setup({ host: "0.73.1", hasUI: false });
    await t.stderrOf(() => t.run("new focus --prompt-file p.md"));
    expect(trustedHash()).toBe(fx.bundleOf(fx.paths.cwd).bundleHash);
    await t.stderrOf(() => t.run("set focus"));
    expect((await t.prompt())).toContain("FOCUS v1");
    const edit = await t.stderrOf(() => t.run("edit focus --prompt-file p2.md"));
    expect(edit).toContain('"focus" is active: its new definition is drift (policy block');
    expect(trustedHash()).toBe(fx.bundleOf(fx.paths.cwd).bundleHash);
    // The user's own build of a bundle they trusted keeps trust (forge build carries it: issue 10's rule), also
    // over other sources in their worktree; only a bundle that arrives built (a pull of bundle.json) is asked about.
    fx.write(fx.paths.cwd, { ".pi/forge/modes/local.yaml": modeYaml("Local", "edited by hand") });
    await t.stderrOf(() => t.run("edit focus --prompt-file p.md"));
    expect(trustedHash()).toBe(fx.bundleOf(fx.paths.cwd).bundleHash);
  });

  it("a first bundle built from more than the new mode needs /forge trust", async () => {
    fx.write(fx.paths.cwd, { "p.md": "FOCUS v1", ".pi/forge/modes/pulled.yaml": modeYaml("Pulled", "from elsewhere") });
    const t = fx.setup({ host: "0.73.1", hasUI: false });
    const out = await t.stderrOf(() => t.run("new focus --prompt-file p.md"));
    expect(out).toContain('the rebuilt project bundle changed beyond mode "focus" (other sources changed too): review it, then /forge trust');
    expect(existsSync(trustFile()) ? trustedHash() : undefined).toBeUndefined();
  });

  it("an untrusted project bundle is not written to", async () => {
    fx.write(fx.paths.cwd, SOURCES);
    await fx.build(fx.paths.cwd);
    const t = fx.setup({ host: "0.73.1" });
    await t.run("delete alpha");
    expect(t.last().text).toContain("the project is not trusted, so forge writes nothing there: run /forge trust (after reviewing its bundle); or add --global");
    expect(existsSync(join(fx.paths.cwd, ".pi/forge/modes/alpha.yaml"))).toBe(true);
  });
});
