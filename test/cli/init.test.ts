// forge init: scaffolds a forge root that builds cleanly, points editors at the schema, and never overwrites.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPO, assertBuilt, cleanEnv, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const FILES = [".pi/forge/modes/example.yaml", ".pi/forge/presets/example.yaml", ".pi/forge/partials/example.md"];

describe("forge init", () => {
  it("scaffolds an example mode, preset and partial that build with no diagnostics", () => {
    const root = makeTempDir();
    const init = runCli(["init"], root);
    expect(init.code).toBe(0);
    for (const f of FILES) expect(init.stdout).toContain(`created ${f}`);
    const build = runCli(["build", "--json"], root);
    expect(build.code).toBe(0);
    const report = JSON.parse(build.stdout);
    expect(report.status).toBe("written");
    expect(report.diagnostics).toEqual([]);
    expect(report.counts).toEqual({ modes: 1, presets: 1 });
  });

  it("starts each YAML file with a yaml-language-server $schema line pointing at the shipped schema", () => {
    const root = makeTempDir();
    expect(runCli(["init"], root).code).toBe(0);
    for (const [file, schema] of [["modes", "mode"], ["presets", "preset"]] as const) {
      const first = readFileSync(join(root, ".pi/forge", file, "example.yaml"), "utf8").split("\n")[0]!;
      const m = /^# yaml-language-server: \$schema=(\S+)$/.exec(first);
      expect(m).not.toBeNull();
      // This checkout is not inside node_modules, so the reference is an absolute file URL.
      expect(fileURLToPath(m![1]!)).toBe(join(REPO, "schema", `${schema}.schema.json`));
    }
  });

  it("never overwrites existing files and reports them as skipped", () => {
    const root = makeTempDir();
    writeTree(root, { ".pi/forge/modes/example.yaml": "# mine\n" });
    const r = runCli(["init", "--json"], root);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.skipped).toEqual([".pi/forge/modes/example.yaml"]);
    expect(report.created).toEqual([".pi/forge/presets/example.yaml", ".pi/forge/partials/example.md"]);
    expect(readFileSync(join(root, ".pi/forge/modes/example.yaml"), "utf8")).toBe("# mine\n");
    const again = runCli(["init"], root);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(/nothing to do/);
  });

  it("scaffolds the global scope with --global", () => {
    const agent = join(makeTempDir(), "agent");
    const env = cleanEnv({ PI_CODING_AGENT_DIR: agent });
    expect(runCli(["init", "--global"], makeTempDir(), env).code).toBe(0);
    expect(readFileSync(join(agent, "forge/modes/example.yaml"), "utf8")).toContain("label: Example");
    expect(runCli(["build", "--global"], makeTempDir(), env).code).toBe(0);
  });
});
