// forge preview: the composed prompt of a preset or of modes in order, from in-memory compiled sources.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { assertBuilt, makeProject, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

describe("forge preview", () => {
  it("prints a project preset's composition (overlays in order after the sample host prompt) and writes nothing", () => {
    const root = makeTempDir();
    const bundle = makeProject(root);
    const r = runCli(["preview", "daily"], root);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/preset daily/);
    const plan = r.stdout.indexOf("<forge-plan>\n# Plan\n\nThink first. Keep it short.");
    const review = r.stdout.indexOf("<forge-review>\n# Review\n\nReview carefully.\n</forge-review>");
    expect(plan).toBeGreaterThan(0);
    expect(review).toBeGreaterThan(plan);
    expect(r.stdout.startsWith("<Pi's native system prompt")).toBe(true);
    expect(existsSync(bundle)).toBe(false);
  });

  it("composes modes in the order given, including built-in modes", () => {
    const root = makeTempDir();
    makeProject(root);
    const r = runCli(["preview", "review", "plan", "--json"], root);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.selection).toEqual({ preset: null, base: null, overlays: ["review", "plan"] });
    expect(report.components.map((c: { key: string; scope: string }) => `${c.key}:${c.scope}`)).toEqual(["review:project", "plan:project"]);
    expect(report.prompt.indexOf("<forge-review>")).toBeLessThan(report.prompt.indexOf("<forge-plan>"));
    expect(report.size.chars).toBe(report.prompt.length);
    const builtin = JSON.parse(runCli(["preview", "minimal", "explain", "--json"], root).stdout);
    expect(builtin.components[0]).toMatchObject({ key: "minimal", role: "base", strategy: "replace_base", scope: "builtin" });
    // replace_base keeps the host's project context and cwd after the custom text.
    expect(builtin.prompt).toMatch(/# Project Context[\s\S]*Current working directory: /);
    expect(builtin.prompt.startsWith("<Pi's native")).toBe(false);
  });

  it("prints replace_final bytes exactly", () => {
    const root = makeTempDir();
    makeProject(root, { ".pi/forge/modes/exact.yaml": 'label: Exact\ndescription: d\nstrategy: replace_final\nprompt: "ONLY THIS"\n' });
    const r = runCli(["preview", "exact", "--json"], root);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).prompt).toBe("ONLY THIS");
  });

  it("refuses broken contracts and unknown names with exit 1, and reports source errors", () => {
    const root = makeTempDir();
    makeProject(root, { ".pi/forge/modes/solo.yaml": "label: Solo\ndescription: d\nstrategy: append\nprompt: x\nconflictsWith: [plan]\n" });
    const conflict = runCli(["preview", "plan", "solo"], root);
    expect(conflict.code).toBe(1);
    expect(conflict.stderr).toMatch(/conflicts with/);
    expect(conflict.stdout).toBe("");
    const unknown = JSON.parse(runCli(["preview", "nope", "--json"], root).stdout);
    expect(unknown).toMatchObject({ status: "refused", prompt: null });
    expect(unknown.reason).toMatch(/unknown mode "nope".*presets: .*daily/);
    // A typo of a preset or a mode name gets the nearest one, from the same helper as the slash commands.
    expect(runCli(["preview", "dialy"], root).stderr).toContain('unknown mode "dialy", and no preset of that name (did you mean the preset "daily"?)');
    expect(runCli(["preview", "--preset", "dialy"], root).stderr).toContain('unknown preset "dialy" (did you mean "daily"?)');
    const explain = runCli(["explain", "reveiw"], root);
    expect(explain.stdout + explain.stderr).toContain('(did you mean the mode "review"?)');
    writeTree(root, { ".pi/forge/modes/bad.yaml": "label: Bad\nstrategy: nope\n" });
    const broken = runCli(["preview", "daily"], root);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/modes\/bad\.yaml:\d+:\d+ error/);
    expect(existsSync(join(root, ".pi/forge/bundle.json"))).toBe(false);
  });
});
