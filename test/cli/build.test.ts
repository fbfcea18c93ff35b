// forge build through the real dist/cli.js: writing, no-op rebuilds, errors, determinism, root discovery, global scope.
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, assertBuilt, cleanEnv, makeProject, makeTempDir, removeTempDirs, runCli, snapshot, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

describe("forge build", () => {
  it("writes a canonical bundle.json and reports it", () => {
    const root = makeTempDir();
    const bundlePath = makeProject(root);
    const r = runCli(["build"], root);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/wrote \.pi\/forge\/bundle\.json \(2 modes, 1 preset/);
    const text = readFileSync(bundlePath, "utf8");
    const bundle = JSON.parse(text);
    expect(bundle.generated).toBe("by forge build, do not edit");
    expect(bundle.scope).toBe("project");
    expect(Object.keys(bundle.modes)).toEqual(["plan", "review"]);
    expect(Object.keys(bundle.presets)).toEqual(["daily"]);
    expect(text.endsWith("\n")).toBe(true);
    expect(text).not.toContain(root);
  });

  it("leaves an unchanged bundle's bytes and mtime alone on a second build", async () => {
    const root = makeTempDir();
    const bundlePath = makeProject(root);
    expect(runCli(["build"], root).code).toBe(0);
    const before = snapshot(bundlePath);
    // Coarse-mtime filesystems: make sure a rewrite would show.
    await new Promise((r) => setTimeout(r, 20));
    const r = runCli(["build"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/unchanged/);
    expect(snapshot(bundlePath)).toEqual(before);
  });

  it("writes nothing when there are errors and keeps the last good bundle", () => {
    const root = makeTempDir();
    const bundlePath = makeProject(root);
    expect(runCli(["build"], root).code).toBe(0);
    const good = snapshot(bundlePath);
    writeTree(root, { ".pi/forge/modes/plan.yaml": "label: [Plan\n" });
    const r = runCli(["build"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/modes\/plan\.yaml:\d+:\d+/);
    expect(r.stderr).toContain("yaml_syntax_error");
    expect(r.stdout).toMatch(/build failed with 1 error/);
    expect(snapshot(bundlePath)).toEqual(good);
  });

  it("writes no bundle at all when the first build has errors", () => {
    const root = makeTempDir();
    const bundlePath = makeProject(root, { ".pi/forge/presets/daily.yaml": "description: x\noverlays: [nope]\n" });
    const r = runCli(["build"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("unknown_mode");
    expect(existsSync(bundlePath)).toBe(false);
  });

  it("produces byte-identical bundles from two checkouts at different absolute paths", () => {
    const a = join(makeTempDir("forge-a-"), "deep", "checkout");
    const b = makeTempDir("forge-b-other-");
    const pa = makeProject(a);
    const pb = makeProject(b);
    expect(runCli(["build"], a).code).toBe(0);
    expect(runCli(["build"], b).code).toBe(0);
    expect(readFileSync(pa, "utf8")).toBe(readFileSync(pb, "utf8"));
  });

  it("finds the nearest ancestor with .pi/forge/ when run from a subdirectory", () => {
    const root = makeTempDir();
    const bundlePath = makeProject(root);
    const sub = join(root, "src", "deep");
    mkdirSync(sub, { recursive: true });
    const r = runCli(["build"], sub);
    expect(r.code).toBe(0);
    expect(existsSync(bundlePath)).toBe(true);
    expect(existsSync(join(sub, ".pi"))).toBe(false);
  });

  it("honours --root", () => {
    const root = makeTempDir();
    const bundlePath = makeProject(join(root, "proj"));
    const r = runCli(["build", "--root", "proj"], root);
    expect(r.code).toBe(0);
    expect(existsSync(bundlePath)).toBe(true);
  });

  it("builds the global scope from $PI_CODING_AGENT_DIR/forge with --global", () => {
    const agent = join(makeTempDir(), "agent");
    writeTree(agent, { "forge/modes/terse.yaml": "label: Terse\ndescription: Short answers.\nstrategy: append\nprompt: Be terse.\n" });
    const cwd = makeTempDir();
    const r = runCli(["build", "--global", "--json"], cwd, cleanEnv({ PI_CODING_AGENT_DIR: agent }));
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    // Relative to the current directory, as every printed path; the absolute one beside it.
    expect(report).toMatchObject({
      status: "written",
      scope: "global",
      path: relative(cwd, join(agent, "forge", "bundle.json")),
      absolutePath: join(agent, "forge", "bundle.json"),
    });
    const bundle = JSON.parse(readFileSync(join(agent, "forge", "bundle.json"), "utf8"));
    expect(bundle.scope).toBe("global");
    expect(Object.keys(bundle.modes)).toEqual(["terse"]);
  });

  it("lets project presets reference built-in modes", () => {
    const root = makeTempDir();
    makeProject(root, { ".pi/forge/presets/mixed.yaml": "description: x\noverlays: [plan, explain]\n" });
    const r = runCli(["build", "--json"], root);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.status).toBe("written");
    const bundle = JSON.parse(readFileSync(join(root, ".pi/forge/bundle.json"), "utf8"));
    const builtin = JSON.parse(readFileSync(join(REPO, "presets", "bundle.json"), "utf8"));
    expect(bundle.presets.mixed.modeDigests.explain).toBe(builtin.modes.explain.digest);
  });

  it("reports a promptFile symlink that escapes the forge root and writes nothing", () => {
    const root = makeTempDir();
    const outside = join(makeTempDir(), "secret.md");
    writeFileSync(outside, "outside text\n");
    const bundlePath = makeProject(root, {
      ".pi/forge/modes/leak.yaml": "label: Leak\ndescription: x\nstrategy: append\npromptFile: ../prompts/leak.md\n",
    });
    mkdirSync(join(root, ".pi/forge/prompts"), { recursive: true });
    symlinkSync(outside, join(root, ".pi/forge/prompts/leak.md"));
    const r = runCli(["build", "--json"], root);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.status).toBe("errors");
    const codes = report.diagnostics.map((d: { code: string }) => d.code);
    expect(codes).toContain("path_escapes_root");
    expect(JSON.stringify(report)).not.toContain("outside text");
    expect(existsSync(bundlePath)).toBe(false);
  });

  it("says clearly when there are no sources", () => {
    const root = makeTempDir();
    const r = runCli(["build"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/no forge sources: .* is not a directory; run `npx --no-install forge init`/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it("reports an I/O error as one clear line and exit 1, not a stack trace", () => {
    // A directory where bundle.json should be: reading it fails with EISDIR even for root.
    const root = makeTempDir();
    const bundlePath = makeProject(root);
    mkdirSync(bundlePath);
    const r = runCli(["build"], root);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^forge: EISDIR/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    const j = runCli(["build", "--json"], root);
    expect(j.code).toBe(1);
    expect(JSON.parse(j.stdout)).toMatchObject({ command: "build", status: "failed" });
  });

  it("colors output only when FORCE_COLOR asks for it (pipes and NO_COLOR get plain text)", () => {
    const root = makeTempDir();
    makeProject(root, { ".pi/forge/modes/plan.yaml": "label: Plan\ndescription: x\nstrategy: sideways\nprompt: p\n" });
    const ESC = "\u001b[";
    const plain = runCli(["build"], root);
    expect(plain.code).toBe(1);
    expect(plain.stdout + plain.stderr).not.toContain(ESC);
    const env = cleanEnv({ FORCE_COLOR: "1" });
    delete env.NO_COLOR;
    const piped = { ...env };
    delete piped.FORCE_COLOR;
    const noTty = runCli(["build"], root, piped);
    expect(noTty.stdout + noTty.stderr).not.toContain(ESC);
    const forced = runCli(["build"], root, env);
    expect(forced.code).toBe(1);
    expect(forced.stdout).toContain(ESC);
    expect(forced.stderr).toContain(ESC);
  });
});
