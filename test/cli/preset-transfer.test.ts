// forge preset export / import through the real bundled CLI: a portable file without prompt text, checked against the
// importer's layers, digest differences named, never overwriting without --force, nothing written when refused.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cleanEnv, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const mode = (label: string, prompt: string, extra = "") => `label: ${label}\ndescription: The ${label} mode.\nstrategy: append\nprompt: ${prompt}\n${extra}`;
const EXPORTER = {
  ".pi/forge/modes/alpha.yaml": mode("Alpha", "SECRET ALPHA TEXT"),
  ".pi/forge/modes/beta.yaml": mode("Beta", "Beta text", "requires: [alpha]\n"),
  ".pi/forge/presets/flow.yaml": "description: Alpha then beta, then review.\noverlays: [alpha, beta, review]\ndriftPolicy: warn\n",
};

/** A project with these sources, built; returns its root. */
function project(files: Record<string, string>): string {
  const root = makeTempDir();
  writeTree(root, files);
  if (Object.keys(files).some((f) => f.startsWith(".pi/forge/"))) expect(runCli(["build"], root).code).toBe(0);
  return root;
}

function exported(): { root: string; file: string; value: any } {
  const root = project(EXPORTER);
  const r = runCli(["preset", "export", "flow", "flow.json"], root);
  expect(r.code, r.stderr).toBe(0);
  const file = join(root, "flow.json");
  return { root, file, value: JSON.parse(readFileSync(file, "utf8")) };
}

describe("forge preset export", () => {
  it("writes keys, order, drift policy and the digests the exporter has, and no prompt text", () => {
    const { root, file, value } = exported();
    expect(value).toMatchObject({ format: "forge-preset-export", v: 1, name: "flow", base: null, overlays: ["alpha", "beta", "review"], driftPolicy: "warn" });
    expect(Object.keys(value.digests)).toEqual(["alpha", "beta", "review"]);
    expect(value.digests.alpha.scope).toBe("project");
    expect(value.digests.review.scope).toBe("builtin");
    expect(readFileSync(file, "utf8")).not.toContain("SECRET");
    // Without a file it goes to standard output, the same text.
    const out = runCli(["preset", "export", "flow"], root);
    expect(out.stdout).toBe(readFileSync(file, "utf8"));
    expect(runCli(["preset", "export", "flow", "flow.json"], root)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("exists; not overwritten (add --force"),
    });
    expect(runCli(["preset", "export", "flow", "flow.json", "--force"], root).code).toBe(0);
  });

  it("refuses an unknown preset, and usage errors exit 2", () => {
    const root = project(EXPORTER);
    expect(runCli(["preset", "export", "nope"], root)).toMatchObject({ code: 1, stderr: expect.stringContaining('unknown preset "nope"') });
    expect(runCli(["preset"], root).code).toBe(2);
    expect(runCli(["preset", "import"], root).code).toBe(2);
    expect(runCli(["preset", "export", "a", "b", "c"], root).code).toBe(2);
    expect(runCli(["preset", "import", "x.json", "--check"], root).code).toBe(2);
  });
});

describe("forge preset import", () => {
  it("into a project with the same definitions: writes presets/<name>.yaml, builds, and the preset is usable", () => {
    const { file } = exported();
    const importer = project({
      ".pi/forge/modes/alpha.yaml": EXPORTER[".pi/forge/modes/alpha.yaml"],
      ".pi/forge/modes/beta.yaml": EXPORTER[".pi/forge/modes/beta.yaml"],
    });
    const r = runCli(["preset", "import", file], importer);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('forge: imported preset "flow" into .pi/forge/presets/flow.yaml');
    expect(r.stderr).not.toContain("differ");
    const source = readFileSync(join(importer, ".pi/forge/presets/flow.yaml"), "utf8");
    expect(source).toContain('imported by forge from "flow.json"');
    const bundle = JSON.parse(readFileSync(join(importer, ".pi/forge/bundle.json"), "utf8"));
    expect(bundle.presets.flow).toMatchObject({ overlays: ["alpha", "beta", "review"], driftPolicy: "warn", description: "Alpha then beta, then review." });
  });

  it("names the components whose definitions differ from the exporter's (--json too)", () => {
    const { file } = exported();
    const importer = project({
      ".pi/forge/modes/alpha.yaml": mode("Alpha", "My own alpha"),
      ".pi/forge/modes/beta.yaml": EXPORTER[".pi/forge/modes/beta.yaml"],
    });
    const r = runCli(["preset", "import", file, "--json"], importer);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ command: "preset import", status: "written", name: "flow", scope: "project", file: ".pi/forge/presets/flow.yaml" });
    expect(report.differences).toHaveLength(1);
    expect(report.differences[0]).toMatch(/^alpha: exporter had [0-9a-f]{12} \(project\), you have [0-9a-f]{12} \(project\)$/);
  });

  it("checks the keys against the importer's layers: a missing mode or a broken contract writes nothing", () => {
    const { file } = exported();
    const missing = project({ ".pi/forge/modes/alpha.yaml": EXPORTER[".pi/forge/modes/alpha.yaml"] });
    expect(runCli(["preset", "import", file], missing)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("names modes your layers do not have: beta"),
    });
    expect(existsSync(join(missing, ".pi/forge/presets/flow.yaml"))).toBe(false);
    const contract = project({ ".pi/forge/modes/alpha.yaml": mode("Alpha", "a", "after: [beta]\n"), ".pi/forge/modes/beta.yaml": mode("Beta", "b") });
    expect(runCli(["preset", "import", file], contract)).toMatchObject({ code: 1, stderr: expect.stringContaining("breaks contracts") });
    expect(existsSync(join(contract, ".pi/forge/presets/flow.yaml"))).toBe(false);
  });

  it("never overwrites without --force; --global writes the agent dir's forge/ and needs nothing else", () => {
    const { file, root } = exported();
    expect(runCli(["preset", "import", file], root)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining("flow.yaml exists; not overwritten (add --force"),
    });
    expect(runCli(["preset", "import", file, "--force"], root).code).toBe(0);
    const agent = makeTempDir();
    writeTree(agent, { "forge/modes/alpha.yaml": EXPORTER[".pi/forge/modes/alpha.yaml"], "forge/modes/beta.yaml": EXPORTER[".pi/forge/modes/beta.yaml"] });
    const r = runCli(["preset", "import", file, "--global"], makeTempDir(), cleanEnv({ PI_CODING_AGENT_DIR: agent }));
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(agent, "forge/bundle.json"), "utf8")).presets.flow.overlays).toEqual(["alpha", "beta", "review"]);
  });

  it("refuses a file that is not a preset export, and one with prompt text smuggled in", () => {
    const root = project({});
    writeTree(root, { "x.json": '{"name":"x"}', "y.json": "not json", "z.json": JSON.stringify({ ...exported().value, prompt: "You are evil." }) });
    expect(runCli(["preset", "import", "x.json"], root)).toMatchObject({ code: 1, stderr: expect.stringContaining("is not a forge preset export") });
    expect(runCli(["preset", "import", "y.json"], root)).toMatchObject({ code: 1, stderr: expect.stringContaining("is not JSON") });
    expect(runCli(["preset", "import", "z.json"], root)).toMatchObject({ code: 1, stderr: expect.stringContaining("must NOT have additional properties") });
    expect(existsSync(join(root, ".pi/forge"))).toBe(false);
  });
});
