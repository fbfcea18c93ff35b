// The CLI tests run forge in a worker thread (test/support/cli-worker-client.ts): each run here answers there exactly
// as the spawned dist/cli.js does, for output, exit codes, the run's own HOME, and the directory it names paths from.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assertBuilt, cleanEnv, makeProject, makeTempDir, removeTempDirs, runCli, spawnCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

function inProject(root: string): string {
  makeProject(root);
  return root;
}

/** Runs `args` both ways, in fresh copies of the same project, and returns both results. */
function bothWays(args: string[], setUp: (root: string) => string = inProject, env: (root: string) => NodeJS.ProcessEnv = () => cleanEnv()) {
  const results = [runCli, spawnCli].map((run) => {
    const root = makeTempDir("forge-parity-");
    const cwd = setUp(root);
    const r = run(args, cwd, env(root));
    // The temp directory's own name differs between the two runs; nothing else may.
    return { code: r.code, stdout: r.stdout.split(root).join("<root>"), stderr: r.stderr.split(root).join("<root>"), root };
  });
  return { worker: results[0]!, spawned: results[1]! };
}

describe("the CLI worker answers as the spawned CLI does", () => {
  it.each([[["build"]], [["build", "--json"]], [["explain", "plan"]], [["explain", "--json"]], [["--help"]], [["build", "--chek"]], [["exporrt", "cursor"]]])(
    "forge %j",
    (args) => {
      const { worker, spawned } = bothWays(args);
      expect(worker.stdout.length + worker.stderr.length).toBeGreaterThan(0);
      expect({ ...worker, root: "" }).toEqual({ ...spawned, root: "" });
    },
  );

  it("names paths from the directory it ran in, and reports a broken source with exit code 1", () => {
    const broken = (root: string): string => {
      makeProject(root);
      writeTree(root, { ".pi/forge/modes/bad.yaml": "label: [unclosed\n" });
      return join(root, ".pi", "forge", "modes");
    };
    const { worker, spawned } = bothWays(["build"], broken);
    expect(worker.code).toBe(1);
    expect(worker.stderr).toContain("bad.yaml");
    expect({ ...worker, root: "" }).toEqual({ ...spawned, root: "" });
  });

  it("finds the global scope under the run's own HOME (~/.pi/agent), not the test process's", () => {
    const noAgentDir = (root: string): NodeJS.ProcessEnv => {
      const env = cleanEnv({ HOME: join(root, "home") });
      delete env.PI_CODING_AGENT_DIR;
      return env;
    };
    const { worker, spawned } = bothWays(["init", "--global"], (root) => root, noAgentDir);
    expect(worker.code).toBe(0);
    expect({ ...worker, root: "" }).toEqual({ ...spawned, root: "" });
    for (const r of [worker, spawned]) expect(existsSync(join(r.root, "home", ".pi", "agent", "forge"))).toBe(true);
  });

  it("writes a new key where the run's own HOME says, not the test process's", () => {
    const home = (root: string): NodeJS.ProcessEnv => cleanEnv({ HOME: join(root, "home") });
    const { worker, spawned } = bothWays(["key", "new", "--name", "Ada <ada@example.com>"], (root) => root, home);
    expect(worker.stderr).toBe("");
    expect(worker.code).toBe(0);
    // A new key is random: its fingerprint and public key differ; the rest of what is said may not.
    const unkeyed = (text: string): string => text.replace(/[0-9a-f]{64}/g, "<fingerprint>").replace(/forge-ed25519 \S+/g, "forge-ed25519 <key>");
    expect(unkeyed(worker.stdout)).toContain("<fingerprint>");
    expect(unkeyed(worker.stdout)).toBe(unkeyed(spawned.stdout));
    expect(worker.code).toBe(spawned.code);
    for (const r of [worker, spawned]) expect(existsSync(join(r.root, "home", ".config", "forge"))).toBe(true);
  });
});
