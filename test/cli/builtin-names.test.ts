// Names that clash with the built-in library: imports keep built-in presets intact, a shadow that would break one is a
// build error, and preview/explain never guess between a preset and a mode of one name.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

// A real-world shape: a Roo file whose slugs are the built-in plan and implement.
const ROOMODES = JSON.stringify({
  customModes: [
    { slug: "plan", name: "Plan", roleDefinition: "You plan work.", groups: ["read"] },
    { slug: "implement", name: "Implement", roleDefinition: "You implement.", groups: ["read", "edit"] },
  ],
});

describe("built-in keys", () => {
  it("forge import renames modes away from built-in keys, so the built-in careful-change preset still works", () => {
    const root = makeTempDir();
    writeTree(root, { ".roomodes": ROOMODES });
    const r = runCli(["import", "roo", ".roomodes"], root);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(root, ".pi/forge/modes/plan-roo.yaml"))).toBe(true);
    expect(existsSync(join(root, ".pi/forge/modes/implement-roo.yaml"))).toBe(true);
    expect(r.stderr).toContain('it is imported as "plan-roo"');
    const explain = runCli(["explain", "careful-change"], root);
    expect(explain.code, explain.stdout + explain.stderr).toBe(0);
  });

  it("--rename onto a built-in key that breaks a built-in preset is refused before anything is written", () => {
    const root = makeTempDir();
    writeTree(root, { ".roomodes": ROOMODES });
    const r = runCli(["import", "roo", ".roomodes", "--rename", "plan=plan"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("shadowed_preset_broken");
    expect(r.stderr).toContain('the built-in preset "careful-change" uses it');
    expect(existsSync(join(root, ".pi/forge/modes/plan.yaml"))).toBe(false);
  });

  it("forge build refuses a hand-written shadow that breaks a built-in preset, naming the preset", () => {
    const root = makeTempDir();
    writeTree(root, { ".pi/forge/modes/plan.yaml": "label: Plan\ndescription: Ours.\nstrategy: replace_base\nprompt: You plan.\n" });
    const r = runCli(["build"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^\.pi\/forge\/modes\/plan\.yaml:1:1 error shadowed_preset_broken: .*"careful-change"/m);
  });
});

describe("preview and explain name a preset or modes explicitly", () => {
  const PROJECT = {
    ".pi/forge/presets/plan.yaml": "description: Pi's example plan preset, imported.\noverlays: [review]\n",
  };

  it("a bare name that is both a preset and a mode is an error listing both choices", () => {
    const root = makeTempDir();
    writeTree(root, PROJECT);
    for (const command of ["preview", "explain"]) {
      const r = runCli([command, "plan"], root);
      expect(r.code).toBe(1);
      expect(r.stderr + r.stdout).toContain(
        '"plan" is both a preset (project, presets/plan.yaml) and a mode (builtin, modes/plan.yaml); say which: --preset plan or --modes plan',
      );
    }
  });

  it("--preset and --modes pick one", () => {
    const root = makeTempDir();
    writeTree(root, PROJECT);
    const preset = runCli(["preview", "--preset", "plan"], root);
    expect(preset.code, preset.stderr).toBe(0);
    expect(preset.stderr).toContain("forge preview: preset plan");
    const modes = runCli(["explain", "--modes", "plan,review", "--json"], root);
    expect(modes.code, modes.stderr).toBe(0);
    expect(JSON.parse(modes.stdout).selection).toEqual({ preset: null, base: null, overlays: ["plan", "review"] });
  });

  it("--preset with names, or with --modes, is a usage error", () => {
    const root = makeTempDir();
    writeTree(root, PROJECT);
    expect(runCli(["preview", "--preset", "plan", "review"], root).code).toBe(2);
    expect(runCli(["explain", "--preset", "plan", "--modes", "review"], root).code).toBe(2);
    expect(runCli(["import", "roo", ".roomodes", "--rename", "Plan=x"], root).code).toBe(2);
  });
});
