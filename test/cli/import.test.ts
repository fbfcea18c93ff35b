// forge import through the real bundled CLI: writes sources then builds, never overwrites without --force, dry runs, refusals.
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cleanEnv, makeProject, makeTempDir, removeTempDirs, runCli, snapshot, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const FIXTURES = join(import.meta.dirname, "..", "fixtures", "import");
const fixtureInput = (name: string, file: string): string => readFileSync(join(FIXTURES, name, "input", file), "utf8");

const PRESETS_JSON = JSON.stringify({
  plan: {
    provider: "anthropic",
    model: "claude-sonnet-4-5",
    thinkingLevel: "high",
    tools: ["read", "grep"],
    instructions: "Plan first. Work in {{cwd}} literally.",
  },
  fast: { provider: "anthropic", model: "claude-haiku-4-5" },
});

interface ImportJson {
  status: string;
  written: string[];
  overwritten: string[];
  planned: string[];
  contents?: Record<string, string>;
  diagnostics: { code: string; severity: string; file: string | null }[];
  build: { status: string; counts: { modes: number; presets: number } | null } | null;
}

describe("forge import", () => {
  it("writes the imported sources, prints each path, builds the bundle and exits 0", () => {
    const root = makeTempDir();
    writeTree(root, { "presets.json": PRESETS_JSON });
    const r = runCli(["import", "pi-presets", "presets.json"], root);
    expect(r.code, r.stderr).toBe(0);
    for (const f of ["modes/plan-mode.yaml", "modes/fast-mode.yaml", "presets/plan.yaml", "presets/fast.yaml"]) {
      expect(r.stdout).toContain(`wrote .pi/forge/${f}`);
      expect(existsSync(join(root, ".pi/forge", f))).toBe(true);
    }
    expect(r.stdout).toContain("forge: wrote .pi/forge/bundle.json (2 modes, 2 presets");
    // read and grep are read-only built-ins: forge switches them on exactly as Pi's preset did, so nothing to say.
    expect(r.stderr).not.toContain("import_tools_narrow_only");
    expect(r.stderr).toContain("import_no_prompt");
    const bundle = JSON.parse(readFileSync(join(root, ".pi/forge/bundle.json"), "utf8"));
    expect(bundle.presets.plan.overlays).toEqual(["plan-mode"]);
    expect(bundle.modes["plan-mode"]).toMatchObject({ model: "anthropic/claude-sonnet-4-5", thinking: "high", tools: ["grep", "read"] });
    // Imported text is literal: {{cwd}} is not a template variable here.
    expect(bundle.modes["plan-mode"].prompt).toEqual([{ text: "Plan first. Work in {{cwd}} literally." }]);
  });

  it("--json prints one report with what was written and the build report", () => {
    const root = makeTempDir();
    writeTree(root, {
      "modes/lean.json": fixtureInput("pi-modes-original", "lean.json"),
      "modes/writer.json": fixtureInput("pi-modes-original", "writer.json"),
    });
    const r = runCli(["import", "pi-modes", "modes", "--json"], root);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as ImportJson;
    expect(report.status).toBe("written");
    expect(report.written).toEqual([".pi/forge/modes/lean.yaml", ".pi/forge/modes/writer.yaml"]);
    expect(report.build).toMatchObject({ status: "written", counts: { modes: 2, presets: 0 } });
    expect(report.diagnostics.find((d) => d.code === "import_unsupported_field")).toMatchObject({ severity: "warning", file: "modes/lean.json" });
  });

  it("refuses to overwrite existing sources without --force, naming every file; --force overwrites", () => {
    const root = makeTempDir();
    writeTree(root, { "presets.json": PRESETS_JSON });
    expect(runCli(["import", "pi-presets", "presets.json"], root).code).toBe(0);
    const planMode = join(root, ".pi/forge/modes/plan-mode.yaml");
    writeTree(root, { ".pi/forge/modes/plan-mode.yaml": readFileSync(planMode, "utf8").replace("Plan first.", "Plan first, edited by hand.") });
    const before = snapshot(planMode);
    const bundleBefore = snapshot(join(root, ".pi/forge/bundle.json"));

    const refused = runCli(["import", "pi-presets", "presets.json"], root);
    expect(refused.code).toBe(1);
    for (const f of ["modes/plan-mode.yaml", "modes/fast-mode.yaml", "presets/plan.yaml", "presets/fast.yaml"]) {
      expect(refused.stderr).toContain(`.pi/forge/${f} error import_file_exists`);
    }
    expect(refused.stderr).toContain("pass --force to overwrite them");
    expect(snapshot(planMode)).toEqual(before);
    expect(snapshot(join(root, ".pi/forge/bundle.json"))).toEqual(bundleBefore);

    const forced = runCli(["import", "pi-presets", "presets.json", "--force", "--json"], root);
    expect(forced.code, forced.stderr).toBe(0);
    const report = JSON.parse(forced.stdout) as ImportJson;
    expect(report.overwritten).toContain(".pi/forge/modes/plan-mode.yaml");
    expect(readFileSync(planMode, "utf8")).not.toContain("edited by hand");
  });

  it("--dry-run prints what would be written (with --json, the contents) and writes nothing", () => {
    const root = makeTempDir();
    writeTree(root, { ".roomodes": fixtureInput("roo-overlay", ".roomodes") });
    const human = runCli(["import", "roo", ".", "--overlay", "--dry-run"], root);
    expect(human.code, human.stderr).toBe(0);
    expect(human.stdout).toContain("would write .pi/forge/modes/docs-writer.yaml");
    expect(human.stdout).toContain("nothing was written");
    const json = runCli(["import", "roo", ".roomodes", "--overlay", "--dry-run", "--json"], root);
    expect(json.code).toBe(0);
    const report = JSON.parse(json.stdout) as ImportJson;
    expect(report.status).toBe("dry-run");
    expect(report.written).toEqual([]);
    expect(report.build).toBeNull();
    expect(report.contents?.[".pi/forge/modes/translator.yaml"]).toContain("strategy: append");
    expect(existsSync(join(root, ".pi"))).toBe(false);
  });

  it("reports unreadable input with a coded error, exits 1 and writes nothing", () => {
    const root = makeTempDir();
    writeTree(root, {
      "modes/broken.json": fixtureInput("pi-modes-unreadable", "broken.json"),
      "modes/plan.json": fixtureInput("pi-modes-unreadable", "plan.json"),
    });
    const r = runCli(["import", "pi-modes", "modes"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("modes/broken.json:5:1 error import_unreadable");
    expect(r.stderr).toContain("nothing was written");
    const missing = runCli(["import", "roo", "nowhere/.roomodes", "--json"], root);
    expect(missing.code).toBe(1);
    expect((JSON.parse(missing.stdout) as ImportJson).diagnostics.map((d) => d.code)).toEqual(["import_unreadable"]);
    expect(existsSync(join(root, ".pi"))).toBe(false);
  });

  it("refuses key collisions in the input, writing nothing", () => {
    const root = makeTempDir();
    writeTree(root, {
      "m/a-focus.json": fixtureInput("pi-modes-collision", "a-focus.json"),
      "m/b-focus.json": fixtureInput("pi-modes-collision", "b-focus.json"),
    });
    const r = runCli(["import", "pi-modes", "m", "--json"], root);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as ImportJson;
    expect(report.status).toBe("input-errors");
    expect(report.diagnostics.filter((d) => d.severity === "error").map((d) => d.code)).toEqual(["import_key_collision"]);
    expect(existsSync(join(root, ".pi"))).toBe(false);
  });

  it("writes nothing when the imported sources clash with existing ones (modes/focus.json vs modes/focus.yaml)", () => {
    const root = makeTempDir();
    const bundlePath = makeProject(root);
    writeTree(root, { ".pi/forge/modes/focus.json": '{ "label": "Focus", "description": "x", "strategy": "append", "prompt": "p" }' });
    expect(runCli(["build"], root).code).toBe(0);
    const bundleBefore = snapshot(bundlePath);
    writeTree(root, { "focus.json": JSON.stringify({ key: "focus", label: "Focus", opener: "Stay on the task." }) });
    const r = runCli(["import", "pi-modes", "focus.json"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(".pi/forge/modes/focus.yaml:1:1 error duplicate_definition");
    expect(r.stderr).toContain("would not compile together with the existing ones");
    expect(existsSync(join(root, ".pi/forge/modes/focus.yaml"))).toBe(false);
    expect(snapshot(bundlePath)).toEqual(bundleBefore);
  });

  it("imports into the global scope with --global", () => {
    const agent = join(makeTempDir(), "agent");
    const cwd = makeTempDir();
    writeTree(cwd, { "custom_modes.yaml": fixtureInput("roo-yaml", "custom_modes.yaml") });
    const r = runCli(["import", "roo", "custom_modes.yaml", "--global"], cwd, cleanEnv({ PI_CODING_AGENT_DIR: agent }));
    expect(r.code, r.stderr).toBe(0);
    // Named relative to the current directory (a sibling temp dir here), so the path opens from where forge ran.
    expect(r.stdout).toContain(`wrote ${relative(cwd, agent)}/forge/modes/security-audit.yaml`);
    expect(existsSync(join(agent, "forge/bundle.json"))).toBe(true);
  });

  it("rejects a missing or unknown format, a missing path, extra arguments and foreign flags with exit 2", () => {
    const cwd = makeTempDir();
    const cases: Array<[string[], string]> = [
      [["import"], "'forge import' needs a format (pi-modes, pi-presets, roo, claude-rules, cursor, rulesync) and a path"],
      [["import", "cline", "x.json"], "unknown import format 'cline'; expected one of pi-modes, pi-presets, roo, claude-rules, cursor, rulesync"],
      [["import", "roo"], "'forge import roo' needs the path of a file or directory to import"],
      [["import", "roo", "a", "b"], "unexpected argument 'b' for 'forge import'"],
      [["import", "roo", "a", "--check"], "'forge import' does not take --check"],
      [["build", "--overlay"], "'forge build' does not take --overlay"],
    ];
    for (const [args, message] of cases) {
      const r = runCli(args, cwd);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr).toContain(message);
    }
    expect(existsSync(join(cwd, ".pi"))).toBe(false);
  });

  it("finds Roo's legacy custom_modes.json in a directory, and names what a directory should hold when it has none", () => {
    const root = makeTempDir();
    const roo = JSON.stringify({ customModes: [{ slug: "docs", name: "Docs", roleDefinition: "You write docs.", groups: ["read"] }] });
    writeTree(root, { "roo-settings/custom_modes.json": roo, "empty/notes.txt": "x" });
    const r = runCli(["import", "roo", "roo-settings", "--overlay"], root);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(root, ".pi/forge/modes/docs.yaml"))).toBe(true);
    const none = runCli(["import", "roo", "empty"], root);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("the directory empty holds no .roomodes, custom_modes.yaml or custom_modes.json");
  });

  it("names every path relative to the current directory when run from a subfolder", () => {
    const root = makeTempDir();
    writeTree(root, { ".pi/forge/modes/.keep": "", "sub/presets.json": PRESETS_JSON });
    const r = runCli(["import", "pi-presets", "presets.json", "--root", ".."], join(root, "sub"));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain("wrote ../.pi/forge/modes/plan-mode.yaml");
    expect(r.stderr).toContain("presets.json:");
  });
});
