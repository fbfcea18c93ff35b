// `forge explain`: the resolved composition of a preset or mode list, human and --json, through the real CLI.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join, relative } from "node:path";
import { REPO, assertBuilt, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";
import { describeUpdateDelivery } from "../../compiler/review/explain.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const SOURCES = {
  ".pi/forge/modes/architect.yaml":
    "label: Architect\ndescription: Design first.\nstrategy: replace_base\nprompt: You are an architect on {{os}}.\nmodel: acme/big-model\nthinking: high\ntools: [read, grep, bash]\n",
  ".pi/forge/modes/focus.yaml":
    "label: Focus\ndescription: One thing at a time.\nstrategy: append\nprompt: Today is {{date}}. Work in {{cwd}}.\nbefore: [ship]\nconflictsWith: [wander]\ntools: [read, bash]\n",
  ".pi/forge/modes/ship.yaml":
    "label: Ship\ndescription: End with evidence.\nstrategy: append\nprompt: It is {{time}}. Show the test output.\nrequires: [focus]\nthinking: medium\n",
  ".pi/forge/modes/wander.yaml": "label: Wander\ndescription: Explore.\nstrategy: append\nprompt: Explore freely.\n",
  ".pi/forge/presets/deliver.yaml":
    "description: Design, focus, ship.\nbase: architect\noverlays: [focus, ship]\ndriftPolicy: warn\nsystemUpdates:\n  - id: freeze\n    name: Code freeze\n    description: Only fixes.\n    modelCallable: true\n    content: Only bug fixes until {{date}}.\n",
};

function project(): string {
  const root = makeTempDir();
  writeTree(root, SOURCES);
  return root;
}

describe("forge explain", () => {
  it("--json reports order, origins, contracts, digests, sizes, cache-sensitive slots and preferences", () => {
    const root = project();
    const r = runCli(["explain", "deliver", "--json"], root);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.status).toBe("ok");
    expect(report.selection).toEqual({ preset: "deliver", base: "architect", overlays: ["focus", "ship"] });
    expect(report.preset).toMatchObject({ key: "deliver", scope: "project", source: ".pi/forge/presets/deliver.yaml", driftPolicy: "warn" });
    expect(report.preset.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(report.layout).toEqual([
      { part: "mode", key: "architect", role: "base" },
      { part: "host", description: expect.stringContaining("context files") },
      { part: "mode", key: "focus", role: "overlay" },
      { part: "mode", key: "ship", role: "overlay" },
    ]);
    expect(report.components.map((c: { key: string; source: string; position: number }) => [c.position, c.key, c.source])).toEqual([
      [1, "architect", ".pi/forge/modes/architect.yaml"],
      [2, "focus", ".pi/forge/modes/focus.yaml"],
      [3, "ship", ".pi/forge/modes/ship.yaml"],
    ]);
    for (const c of report.components) {
      expect(c.digest).toMatch(/^[0-9a-f]{64}$/);
      expect(c.estimatedTokens).toBe(Math.ceil(c.chars / 4));
    }
    // The overlay's size includes its "# Focus" heading.
    const focus = report.components[1];
    expect(focus.chars).toBe(`# Focus\n\nToday is ${"x".repeat(10)}. Work in ${root}.`.length);
    expect(report.contracts).toEqual([
      { declaredBy: "focus", kind: "conflictsWith", other: "wander", status: "not-applicable", detail: "focus conflicts with wander: not selected" },
      { declaredBy: "focus", kind: "before", other: "ship", status: "held", detail: "focus (overlay 1) before ship (overlay 2)" },
      { declaredBy: "ship", kind: "requires", other: "focus", status: "held", detail: "ship requires focus: selected" },
    ]);
    expect(report.preferences).toEqual({
      model: { value: "acme/big-model", from: ["architect"] },
      thinking: { value: "medium", from: ["ship"] },
      tools: { value: ["bash", "read"], from: ["architect", "focus"] },
    });
    expect(report.cacheSensitive).toEqual([
      { component: "focus", slot: "date", volatility: "daily", offset: "# Focus\n\nToday is ".length },
      { component: "ship", slot: "time", volatility: "per-request", offset: "# Ship\n\nIt is ".length },
    ]);
    expect(report.systemUpdates).toEqual([
      expect.objectContaining({
        id: "freeze",
        name: "Code freeze",
        modelCallable: true,
        slots: [expect.objectContaining({ slot: "date", cacheSensitive: true })],
      }),
    ]);
    expect(report.updateDelivery).toMatch(
      /^Pi 1\.x with a model that has mid-conversation system messages .*: a prompt section per update.*any other model, and Pi 0\.73\.1: tagged <system_update> messages/,
    );
    expect(report.size.forgeChars).toBe(report.components.reduce((n: number, c: { chars: number }) => n + c.chars, 0));
    expect(report.size.chars).toBeGreaterThan(report.size.forgeChars);
  });

  it("prints the same in human form", () => {
    const r = runCli(["explain", "deliver"], project());
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/^preset deliver \(project, \.pi\/forge\/presets\/deliver\.yaml, digest [0-9a-f]{12}\)/);
    expect(r.stdout).toContain("drift policy: warn");
    expect(r.stdout).toMatch(/1\. +base +architect \(replace_base, "Architect"\)/);
    expect(r.stdout).toMatch(/2\. +host +Pi's envelope/);
    // One token figure per component: the one the bundle counted (o200k_base), as the tokens section lists it.
    const counted = /from project \.pi\/forge\/modes\/ship\.yaml, digest [0-9a-f]{12}, \d+ chars, (\d+) tokens\n/.exec(r.stdout);
    expect(counted, r.stdout).not.toBeNull();
    expect(r.stdout).toMatch(new RegExp(`\\n    overlay ship +${counted![1]} `));
    expect(r.stdout).not.toMatch(/chars ~\d+ tokens/);
    expect(r.stdout).toContain("held     ship requires focus: selected");
    expect(r.stdout).toContain("model     acme/big-model (from architect)");
    expect(r.stdout).toContain("tools     bash, read (from architect ∩ focus; may switch on read, grep, find, ls only; see tools below)");
    expect(r.stdout).toMatch(/\{\{time\}\} in ship at char \d+: changes every minute/);
    expect(r.stdout).toContain("stable slots: {{os}} in architect, {{cwd}} in focus");
    expect(r.stdout).toMatch(/freeze +"Code freeze", model-callable/);
    expect(r.stdout).toContain("  delivery: Pi 1.x with a model that has mid-conversation system messages");
    expect(r.stdout).toMatch(/size: \d+ chars against a sample host prompt; forge's components: \d+ chars\n/);
  });

  it("explains modes given in order, built-ins with their package path, and says when nothing is cache-sensitive", () => {
    const root = project();
    const r = runCli(["explain", "wander", "review", "--json"], root);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.preset).toBeNull();
    expect(report.components.map((c: { key: string; scope: string; source: string }) => [c.key, c.scope, c.source])).toEqual([
      ["wander", "project", ".pi/forge/modes/wander.yaml"],
      // A built-in's source in the forge package, from the current directory.
      ["review", "builtin", relative(root, join(REPO, "presets", "modes", "review.yaml"))],
    ]);
    expect(report.cacheSensitive).toEqual([]);
    expect(report.preferences).toEqual({ model: null, thinking: null, tools: null });
    const human = runCli(["explain", "wander"], project()).stdout;
    expect(human).toContain("none: forge's part of the prompt is byte-stable across requests");
    expect(human).toContain("none: the current model, thinking level and tools stay");
  });

  it("marks violated contracts and exits 1 without composing", () => {
    const root = project();
    const r = runCli(["explain", "ship", "focus", "--json"], root);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.status).toBe("refused");
    expect(report.reason).toMatch(/^contracts: /);
    expect(report.size).toBeNull();
    expect(report.contracts).toContainEqual({
      declaredBy: "focus",
      kind: "before",
      other: "ship",
      status: "violated",
      detail: "focus (overlay 2) before ship (overlay 1)",
    });
    const human = runCli(["explain", "ship", "focus", "wander"], root);
    expect(human.code).toBe(1);
    expect(human.stdout).toContain("VIOLATED focus conflicts with wander, which is selected");
  });

  it("refuses unknown names and broken sources with exit 1, with no names too; preview needs a name (exit 2)", () => {
    const root = project();
    const unknown = runCli(["explain", "delivr"], root);
    expect(unknown.code).toBe(1);
    expect(unknown.stdout).toMatch(/explain refused: .*delivr/);
    writeTree(root, { ".pi/forge/modes/wander.yaml": "label: Wander\n" });
    const broken = runCli(["explain", "deliver"], root);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain("missing_field");
    expect(broken.stdout).toContain("the sources have errors");
    // With no names explain lists everything the sources offer (explain-overview.test.ts): broken sources refuse it too.
    const everything = runCli(["explain"], root);
    expect([everything.code, everything.stdout]).toEqual([1, "forge: explain refused: the sources have errors; fix them first\n"]);
    expect(runCli(["preview"], root).code).toBe(2);
  });
});

describe("explain: system-update delivery rule", () => {
  it("names the forced-prompt case apart", () => {
    expect(describeUpdateDelivery(true)).toMatch(/^this selection forces the prompt \(replace_final\).*tagged <system_update> messages/);
    expect(describeUpdateDelivery(false)).toContain("/system-update status shows the current model's delivery");
  });
});
