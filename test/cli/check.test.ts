// forge build --check exit codes and change lists, --json output shape, and usage errors (exit 2).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, makeProject, makeTempDir, removeTempDirs, runCli, snapshot, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

function builtProject(): { root: string; bundlePath: string } {
  const root = makeTempDir();
  const bundlePath = makeProject(root);
  expect(runCli(["build"], root).code).toBe(0);
  return { root, bundlePath };
}

describe("forge build --check", () => {
  it("exits 0 when bundle.json is fresh, writing nothing", () => {
    const { root, bundlePath } = builtProject();
    const before = snapshot(bundlePath);
    const r = runCli(["build", "--check"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/up to date/);
    expect(snapshot(bundlePath)).toEqual(before);
  });

  it("exits 1 with a per-component change list when stale, writing nothing", () => {
    const { root, bundlePath } = builtProject();
    const before = snapshot(bundlePath);
    const oldHash = JSON.parse(before.bytes).bundleHash;
    writeTree(root, {
      ".pi/forge/modes/review.yaml": "label: Review\ndescription: Review the change.\nstrategy: append\nprompt: Review twice.\n",
      ".pi/forge/modes/extra.yaml": "label: Extra\ndescription: x\nstrategy: append\nprompt: More.\n",
    });
    const r = runCli(["build", "--check"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/stale/);
    expect(r.stdout).toContain("mode extra: added");
    expect(r.stdout).toContain("mode review: changed");
    // The preset uses review, so its digest changes too; plan is untouched.
    expect(r.stdout).toContain("preset daily: changed");
    expect(r.stdout).not.toContain("mode plan");
    expect(r.stdout).toContain(`bundleHash: ${oldHash} -> `);
    expect(snapshot(bundlePath)).toEqual(before);
  });

  it("reports removed components", () => {
    const { root } = builtProject();
    writeTree(root, { ".pi/forge/presets/daily.yaml": "description: Plan only.\noverlays: [plan]\n" });
    const r = runCli(["build", "--check", "--json"], root);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.changes.presets).toEqual({ added: [], removed: [], changed: ["daily"] });
    expect(report.changes.modes).toEqual({ added: [], removed: [], changed: [] });
  });

  it("exits 1 when bundle.json is missing, and does not create it", () => {
    const root = makeTempDir();
    const bundlePath = makeProject(root);
    const r = runCli(["build", "--check"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/missing/);
    expect(existsSync(bundlePath)).toBe(false);
  });

  it("exits 1 when the sources have errors", () => {
    const { root, bundlePath } = builtProject();
    const before = snapshot(bundlePath);
    writeTree(root, { ".pi/forge/modes/plan.yaml": "label: Plan\n" });
    const r = runCli(["build", "--check"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("modes/plan.yaml");
    expect(snapshot(bundlePath)).toEqual(before);
  });

  it("treats a bundle hand-edited without a digest change as stale", () => {
    const { root, bundlePath } = builtProject();
    writeFileSync(bundlePath, JSON.stringify(JSON.parse(readFileSync(bundlePath, "utf8"))));
    const r = runCli(["build", "--check", "--json"], root);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).changes.otherChanges).toBe(true);
  });

  it("ignores a different forgeVersion alone: the version is outside every hash", () => {
    const { root, bundlePath } = builtProject();
    const text = readFileSync(bundlePath, "utf8");
    const bumped = text.replace(/"forgeVersion": "[^"]*"/, '"forgeVersion": "0.0.1-older"');
    expect(bumped).not.toBe(text);
    writeFileSync(bundlePath, bumped);
    expect(runCli(["build", "--check"], root).code).toBe(0);
    expect(runCli(["build"], root).stdout).toMatch(/unchanged/);
    expect(readFileSync(bundlePath, "utf8")).toBe(bumped);
  });
});

describe("--json", () => {
  it("prints the build report with the same data as the human output", () => {
    const root = makeTempDir();
    makeProject(root, { ".pi/forge/modes/clock.yaml": "label: Clock\ndescription: x\nstrategy: append\nprompt: Now {{time}}.\n" });
    const r = runCli(["build", "--json"], root);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe("");
    const report = JSON.parse(r.stdout);
    expect(Object.keys(report)).toEqual([
      "command",
      "check",
      "status",
      "scope",
      "path",
      "absolutePath",
      "bundleHash",
      "counts",
      "changes",
      "summary",
      "diagnostics",
    ]);
    expect(report).toMatchObject({
      command: "build",
      check: false,
      status: "written",
      scope: "project",
      path: ".pi/forge/bundle.json",
      counts: { modes: 3, presets: 1 },
      summary: { errors: 0, warnings: 1, infos: 0 },
    });
    expect(report.bundleHash).toMatch(/^[0-9a-f]{64}$/);
    expect(report.changes.modes.added).toEqual(["clock", "plan", "review"]);
    // Every printed path is relative to the current directory (here the project root), --json included.
    expect(report.absolutePath).toBe(join(root, ".pi", "forge", "bundle.json"));
    expect(report.diagnostics[0]).toMatchObject({ code: "volatile_time", severity: "warning", file: ".pi/forge/modes/clock.yaml" });
    const again = JSON.parse(runCli(["build", "--json"], root).stdout);
    expect(again).toMatchObject({ status: "unchanged", changes: null, bundleHash: report.bundleHash });
    expect(again.diagnostics).toEqual(report.diagnostics);
  });

  it("reports errors with positions and a null bundleHash", () => {
    const root = makeTempDir();
    makeProject(root, { ".pi/forge/modes/plan.yaml": "label: Plan\ndescription: x\nstrategy: sideways\nprompt: p\n" });
    const r = runCli(["build", "--json"], root);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report).toMatchObject({ status: "errors", bundleHash: null, counts: null, changes: null });
    expect(report.summary.errors).toBeGreaterThan(0);
    const d = report.diagnostics.find((x: { file: string }) => x.file === ".pi/forge/modes/plan.yaml");
    expect(d.start).toEqual({ line: 3, column: expect.any(Number) });
  });
});

describe("usage errors", () => {
  const root = () => makeTempDir();
  it.each([
    [["build", "--frobnicate"]],
    [["build", "--check", "--watch"]],
    [["build", "--root"]],
    [["build", "--root", "x", "--global"]],
    [["build", "extra"]],
    [["init", "--check"]],
    [["unknown"]],
    [[]],
    [["preview"]],
    [["preview", "audit", "--check"]],
  ])("forge %j exits 2 with a usage line: the command's own, or every command's", (args) => {
    const r = runCli(args, root());
    expect(r.code).toBe(2);
    // A recognized command's errors show its usage; an unknown or missing command, every command's (build's first).
    const command = ["build", "init", "preview"].includes(args[0] ?? "") ? args[0] : "build";
    expect(r.stderr).toMatch(new RegExp(`usage: forge ${command}`));
    if (command === "build" && args[0] !== "build") expect(r.stderr).toContain("forge preset import");
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("suggests the nearest command and option, and names only what the command takes", () => {
    const chek = runCli(["build", "--chek"], root());
    expect(chek.code).toBe(2);
    expect(chek.stderr).toContain("forge: unknown option '--chek'; did you mean '--check'?");
    // The command's own usage, not every command's.
    expect(chek.stderr).toContain("usage: forge build [--check]");
    expect(chek.stderr).not.toContain("forge preset import");
    const biuld = runCli(["biuld"], root());
    expect(biuld.code).toBe(2);
    expect(biuld.stderr).toContain("forge: unknown command 'biuld'; did you mean 'build'?");
    expect(runCli(["explain", "plan", "--paht", "x"], root()).stderr).toContain("did you mean '--path'?");
    expect(runCli(["init", "--check"], root()).stderr).toContain("'forge init' does not take --check; it takes --root, --global and --json");
    expect(runCli(["build", "--root"], root()).stderr).toContain("forge: --root needs a value, e.g. --root DIR");
  });

  it("forge <command> --help prints that command's usage and options", () => {
    const h = runCli(["build", "--help"], root());
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/^usage: forge build \[--check\]/);
    expect(h.stdout).toContain("--library");
    expect(h.stdout).not.toContain("forge preview");
    expect(h.stdout).not.toContain("--port N");
    const studio = runCli(["studio", "-h"], root());
    expect(studio.stdout).toMatch(/^usage: forge studio/);
    expect(studio.stdout).toContain("--port N");
    expect(studio.stdout).not.toContain("--json");
  });

  it("no error names a flag the help does not document", () => {
    const help = runCli(["--help"], root()).stdout;
    const errors = [
      ["build", "--root", "x", "--global"],
      ["build", "--library", "--global"],
      ["build", "--all", "--global"],
      ["build", "--all", "--watch"],
    ].map((a) => runCli(a, root()).stderr);
    for (const text of errors) {
      for (const flag of text.split("\n")[0]!.match(/--[a-z-]+/g) ?? []) expect(help, `${flag} in: ${text}`).toContain(flag);
    }
    expect(errors.join("\n")).not.toContain("--builtin");
  });

  it("prints help and the version", () => {
    const h = runCli(["--help"], root());
    expect(h.code).toBe(0);
    expect(h.stdout).toMatch(/usage: forge build/);
    const v = runCli(["--version"], root());
    expect(v.code).toBe(0);
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(v.stdout.trim()).toBe(pkg.version);
  });
});
