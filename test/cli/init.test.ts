// forge init: scaffolds a forge root that builds cleanly, points editors at the schema, and never overwrites.
import { existsSync, mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, assertBuilt, cleanEnv, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const FILES = [".pi/forge/modes/small-steps.yaml", ".pi/forge/presets/example.yaml", ".pi/forge/partials/small-steps.md", ".pi/forge/tests/example.yaml"];

describe("forge init", () => {
  it("scaffolds an example mode, preset, partial and test that build with no diagnostics; the preset previews by its name, the test passes", () => {
    const root = makeTempDir();
    const init = runCli(["init"], root);
    expect(init.code).toBe(0);
    for (const f of FILES) expect(init.stdout).toContain(`created ${f}`);
    // Every command it prints runs the repo's own forge, never an unrelated npm package called "forge".
    expect(init.stdout).toContain("`npx --no-install forge build`");
    const modeText = readFileSync(join(root, FILES[0]!), "utf8");
    expect(modeText).toContain("npx --no-install forge build");
    expect(modeText).not.toMatch(/`npx forge/);
    const build = runCli(["build", "--json"], root);
    expect(build.code).toBe(0);
    const report = JSON.parse(build.stdout);
    expect(report.status).toBe("written");
    expect(report.diagnostics).toEqual([]);
    expect(report.counts).toEqual({ modes: 1, presets: 1 });
    const preview = runCli(["preview", "example"], root);
    expect(preview.code, preview.stderr).toBe(0);
    expect(preview.stderr).toContain("forge preview: preset example");
    // The example test passes once its snapshots are written (and only then: it asserts one).
    expect(runCli(["test"], root).stdout).toContain("no snapshot yet; run `npx --no-install forge test --update` to write it");
    expect(runCli(["test", "--update"], root).code).toBe(0);
    const test = runCli(["test"], root);
    expect(test.code, test.stdout).toBe(0);
    expect(test.stdout).toContain("forge test: 2 passed (1 test, 2 results; pure tier)");
  });

  it("says how to install forge when the repository does not have it in node_modules", () => {
    const root = makeTempDir();
    const r = runCli(["init"], root);
    expect(r.stdout).toContain("forge: note: forge is not installed in this repository: add it as a devDependency");
    expect(r.stdout).toContain("npm install --save-dev pi-forge-modes");
    expect(JSON.parse(runCli(["init", "--json"], makeTempDir()).stdout).installed).toBe(false);
  });

  it("points $schema through the repository's node_modules when forge is installed there, symlink included", () => {
    const root = makeTempDir();
    writeTree(root, { "package.json": "{}" });
    mkdirSync(join(root, "node_modules"));
    // What `npm install <dir>` leaves: a symlink to the checkout.
    symlinkSync(REPO, join(root, "node_modules", "pi-forge-modes"));
    const r = runCli(["init"], root);
    expect(r.stdout).not.toContain("not installed");
    const first = readFileSync(join(root, ".pi/forge/modes/small-steps.yaml"), "utf8").split("\n")[0];
    expect(first).toBe("# yaml-language-server: $schema=../../../node_modules/pi-forge-modes/schema/mode.schema.json");
    expect(readFileSync(join(root, ".pi/forge/presets/example.yaml"), "utf8").split("\n")[0]).toBe(
      "# yaml-language-server: $schema=../../../node_modules/pi-forge-modes/schema/preset.schema.json",
    );
  });

  it("in a monorepo package, finds forge in the repository root's node_modules (never above the repository)", () => {
    const repo = makeTempDir();
    writeTree(repo, { "package.json": "{}", "packages/api/package.json": "{}" });
    mkdirSync(join(repo, ".git"));
    mkdirSync(join(repo, "node_modules"));
    symlinkSync(REPO, join(repo, "node_modules", "pi-forge-modes"));
    const pkg = join(repo, "packages", "api");
    const r = runCli(["init"], pkg);
    expect(r.code).toBe(0);
    expect(r.stdout).not.toContain("not installed");
    expect(readFileSync(join(pkg, ".pi/forge/modes/small-steps.yaml"), "utf8").split("\n")[0]).toBe(
      "# yaml-language-server: $schema=../../../../../node_modules/pi-forge-modes/schema/mode.schema.json",
    );
    // A forge installed above the repository root is not this repository's.
    const outer = makeTempDir();
    mkdirSync(join(outer, "node_modules"));
    symlinkSync(REPO, join(outer, "node_modules", "pi-forge-modes"));
    const inner = join(outer, "repo");
    mkdirSync(join(inner, ".git"), { recursive: true });
    expect(JSON.parse(runCli(["init", "--json"], inner).stdout).installed).toBe(false);
  });

  it("starts each YAML file with a $schema line through the project's node_modules, also before forge is installed there", () => {
    // This forge runs from a checkout (or a global install): its own path is this machine's, never committed.
    const root = makeTempDir();
    writeTree(root, { "package.json": "{}" });
    const r = runCli(["init"], root);
    expect(r.code).toBe(0);
    for (const [file, schema] of [
      ["modes", "mode"],
      ["presets", "preset"],
      ["tests", "test"],
    ] as const) {
      const first = readFileSync(join(root, ".pi/forge", file, file === "modes" ? "small-steps.yaml" : "example.yaml"), "utf8").split("\n")[0]!;
      expect(first).toBe(`# yaml-language-server: $schema=../../../node_modules/pi-forge-modes/schema/${schema}.schema.json`);
      expect(first).not.toContain(REPO);
    }
    // And it says so: the line works once forge is installed as the note says.
    expect(r.stdout).toContain("$schema lines already point through node_modules/pi-forge-modes");
  });

  it("never overwrites existing files and reports them as skipped", () => {
    const root = makeTempDir();
    writeTree(root, { ".pi/forge/modes/small-steps.yaml": "# mine\n" });
    const r = runCli(["init", "--json"], root);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.skipped).toEqual([".pi/forge/modes/small-steps.yaml"]);
    expect(report.created).toEqual([".pi/forge/presets/example.yaml", ".pi/forge/partials/small-steps.md", ".pi/forge/tests/example.yaml"]);
    expect(readFileSync(join(root, ".pi/forge/modes/small-steps.yaml"), "utf8")).toBe("# mine\n");
    const again = runCli(["init"], root);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/nothing to do/);
  });

  it("scaffolds the global scope with --global", () => {
    const agent = join(makeTempDir(), "agent");
    const env = cleanEnv({ PI_CODING_AGENT_DIR: agent });
    expect(runCli(["init", "--global"], makeTempDir(), env).code).toBe(0);
    expect(readFileSync(join(agent, "forge/modes/small-steps.yaml"), "utf8")).toContain("label: Small steps");
    // Prompt tests are a project's: none in the global scope.
    expect(existsSync(join(agent, "forge/tests"))).toBe(false);
    expect(runCli(["build", "--global"], makeTempDir(), env).code).toBe(0);
  });

  it("in a package under a repository that has a forge root, says which root answered and how to start a layer here", () => {
    const repo = makeTempDir();
    mkdirSync(join(repo, ".git"));
    writeTree(repo, { "package.json": "{}", "packages/api/package.json": "{}" });
    expect(runCli(["init"], repo).code).toBe(0);
    const pkg = join(repo, "packages", "api");
    const again = runCli(["init"], pkg);
    expect(again.stdout).toContain("forge: nothing to do; ../../.pi/forge/ already has the example files\n");
    const hint = /run `(npx --no-install forge init[^`]*)`/.exec(again.stdout)?.[1];
    expect(hint, again.stdout).toBe("npx --no-install forge init --root .");
    // Followed as printed from the package: the package's own layer, which then builds against the root's.
    const followed = runCli(hint!.split(" ").slice(3), pkg);
    expect(followed.stdout).toContain("created .pi/forge/modes/small-steps.yaml");
    expect(followed.stdout).not.toContain("nearest forge root above");
    expect(existsSync(join(pkg, ".pi/forge/presets/example.yaml"))).toBe(true);
    expect(runCli(["build", "--all"], repo).code).toBe(0);
    expect(existsSync(join(pkg, ".pi/forge/bundle.json"))).toBe(true);
    // From inside a forge root there is no other layer to start.
    expect(runCli(["init"], join(pkg, ".pi/forge/modes")).stdout).not.toContain("nearest forge root above");
  });
});
