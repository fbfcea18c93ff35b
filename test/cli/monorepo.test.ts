// A monorepo's layers at build time: forge build --all (root layer first), a package's layer compiled against the
// layers above it, --check --all, preview/explain naming each layer, and diff and studio linking the same way.
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStudio } from "../studio/studio-process.js";
import { assertBuilt, makeTempDir, removeTempDirs, runCli, writeTree } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const mode = (label: string, text: string, strategy = "append") => `description: ${label} mode.\nlabel: ${label}\nstrategy: ${strategy}\nprompt: ${text}\n`;

/** repo/.pi/forge (style, tone, preset house) and repo/packages/api/.pi/forge (its own style, preset api using tone). */
function makeMonorepo(): string {
  const repo = makeTempDir("forge-mono-");
  mkdirSync(join(repo, ".git"));
  writeTree(repo, {
    ".pi/forge/modes/style.yaml": mode("House style", "Follow the house style."),
    ".pi/forge/modes/tone.yaml": mode("Tone", "Be kind."),
    ".pi/forge/presets/house.yaml": "description: House rules.\noverlays: [style, tone]\n",
    "packages/api/.pi/forge/modes/style.yaml": mode("API style", "Follow the API style guide."),
    "packages/api/.pi/forge/presets/api.yaml": "description: API work.\noverlays: [tone, style]\n",
    "packages/api/src/index.ts": "export {};\n",
    // Never built by --all: an installed package's own forge root, and a hidden directory.
    "node_modules/some-lib/.pi/forge/modes/x.yaml": mode("X", "x"),
    ".cache/.pi/forge/modes/y.yaml": mode("Y", "y"),
  });
  return repo;
}

const bundleOf = (dir: string) => JSON.parse(readFileSync(join(dir, ".pi", "forge", "bundle.json"), "utf8"));

describe("forge build --all", () => {
  it("builds every forge root under the repository, the root layer first, from any directory in it", () => {
    const repo = makeMonorepo();
    // A symlinked directory is not followed.
    symlinkSync(join(repo, "packages", "api"), join(repo, "packages", "api-link"));
    const r = runCli(["build", "--all"], join(repo, "packages", "api", "src"));
    expect(r.code, r.stderr).toBe(0);
    const headers = r.stdout.split("\n").filter((l) => l.endsWith(".pi/forge/"));
    expect(headers).toEqual(["../../../.pi/forge/", "../.pi/forge/"]);
    // The package's preset uses the root layer's tone, pinned to its digest.
    const root = bundleOf(repo);
    const api = bundleOf(join(repo, "packages", "api"));
    expect(api.presets.api.modeDigests.tone).toBe(root.modes.tone.digest);
    expect(api.modes.tone).toBeUndefined();

    const json = JSON.parse(runCli(["build", "--all", "--check", "--json"], repo).stdout);
    expect(json).toMatchObject({ command: "build", all: true, check: true, exitCode: 0 });
    expect(json.roots.map((r: { path: string; status: string }) => [r.path, r.status])).toEqual([
      [".pi/forge/bundle.json", "fresh"],
      ["packages/api/.pi/forge/bundle.json", "fresh"],
    ]);
  });

  it("--check --all fails when an outer layer's change leaves a package's bundle stale (its pins follow the root)", () => {
    const repo = makeMonorepo();
    expect(runCli(["build", "--all"], repo).code).toBe(0);
    writeTree(repo, { ".pi/forge/modes/tone.yaml": mode("Tone", "Be very kind.") });
    expect(runCli(["build"], repo).code).toBe(0);
    const check = runCli(["build", "--all", "--check"], repo);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain("forge: stale: packages/api/.pi/forge/bundle.json differs from the sources");
    expect(check.stdout).toContain("preset api: changed");
  });

  it("--check --all reports a package that is stale only because the root layer's sources changed (nothing rebuilt yet)", () => {
    const repo = makeMonorepo();
    expect(runCli(["build", "--all"], repo).code).toBe(0);
    writeTree(repo, { ".pi/forge/modes/tone.yaml": mode("Tone", "Be very kind.") });
    const check = runCli(["build", "--all", "--check", "--json"], repo);
    expect(check.code).toBe(1);
    const roots = JSON.parse(check.stdout).roots.map((r: { path: string; status: string }) => [r.path, r.status]);
    expect(roots).toEqual([
      [".pi/forge/bundle.json", "stale"],
      ["packages/api/.pi/forge/bundle.json", "stale"],
    ]);
    // What --check said is what build --all then does: it rewrites both.
    const build = JSON.parse(runCli(["build", "--all", "--json"], repo).stdout);
    expect(build.roots.map((r: { status: string }) => r.status)).toEqual(["written", "written"]);
    expect(runCli(["build", "--all", "--check"], repo).code).toBe(0);
  });

  it("a package's mode that breaks an outer layer's preset is an error naming that layer", () => {
    const repo = makeMonorepo();
    writeTree(repo, { "packages/api/.pi/forge/modes/style.yaml": mode("API style", "Follow the API style guide.", "replace_base") });
    const r = runCli(["build", "--all"], repo);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      'shadowed_preset_broken: mode "style" takes the key of the mode "style" of the layer .pi/forge, and the preset "house" of the layer .pi/forge uses it',
    );
  });

  it("--all with no forge root under the repository, or with --watch, is refused", () => {
    const empty = makeTempDir("forge-mono-");
    mkdirSync(join(empty, ".git"));
    const none = runCli(["build", "--all"], empty);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain("no forge sources: no .pi/forge/ directory under ./");
    expect(runCli(["build", "--all", "--watch"], empty).code).toBe(2);
  });
});

describe("preview and explain in a package", () => {
  it("compose across the layers, the deepest winning per key, and name each component's layer", () => {
    const repo = makeMonorepo();
    expect(runCli(["build", "--all"], repo).code).toBe(0);
    const api = join(repo, "packages", "api");
    const preview = runCli(["preview", "house"], api);
    expect(preview.code, preview.stderr).toBe(0);
    // The root layer's preset uses the package's own style (it shadows the key) and the root's tone.
    expect(preview.stdout).toContain("Follow the API style guide.");
    expect(preview.stdout).toContain("Be kind.");
    expect(preview.stderr).toMatch(/overlay style \(append, project layer \., [0-9a-f]{12}\)/);
    // Every path relative to the current directory, however far up.
    expect(preview.stderr).toContain("overlay tone (append, project layer ../.., ");
    const explain = JSON.parse(runCli(["explain", "api", "--json"], api).stdout);
    expect(explain.components.map((c: { key: string; source: string }) => [c.key, c.source])).toEqual([
      ["tone", "../../.pi/forge/modes/tone.yaml"],
      ["style", ".pi/forge/modes/style.yaml"],
    ]);
  });
});

describe("diff and studio in a package", () => {
  it("forge diff builds the worktree against the layers above, as forge build does", () => {
    const repo = makeMonorepo();
    expect(runCli(["build", "--all"], repo).code).toBe(0);
    const api = join(repo, "packages", "api");
    const same = runCli(["diff", "--json"], api);
    expect(same.code, same.stderr).toBe(0);
    expect(JSON.parse(same.stdout)).toMatchObject({ a: { kind: "file" }, b: { kind: "worktree" }, semantic: false });
    // An outer layer's edit re-pins the package's preset: the package's worktree differs from its built bundle.
    writeTree(repo, { ".pi/forge/modes/tone.yaml": mode("Tone", "Be very kind.") });
    expect(runCli(["build"], repo).code).toBe(0);
    const stale = runCli(["diff", "--json"], api);
    expect(stale.code, stale.stderr).toBe(1);
    const report = JSON.parse(stale.stdout);
    expect(report.semantic).toBe(true);
    expect(report.presets.changed.map((c: { key: string }) => c.key)).toEqual(["api"]);
  });

  it("forge studio lists the layers above, composes across them, and opens only the package's own files", async () => {
    const repo = makeMonorepo();
    expect(runCli(["build", "--all"], repo).code).toBe(0);
    const studio = await startStudio(join(repo, "packages", "api"));
    try {
      const api = async (path: string): Promise<any> => (await fetch(`${studio.origin}${path}${path.includes("?") ? "&" : "?"}token=${studio.token}`)).json();
      const state = await api("/api/state");
      expect(state.status).toBe("ok");
      expect(state.library.layers.map((l: { scope: string; origin: string }) => [l.scope, l.origin.replace(/ \(.*/, "")])).toEqual([
        ["builtin", "the built-in library"],
        ["project", "the layer ../../.pi/forge"],
        ["project", ".pi/forge/"],
      ]);
      const tone = state.library.entries.find((e: { key: string }) => e.key === "tone");
      expect(tone.source).toEqual({ scope: "project", display: "../../.pi/forge/modes/tone.yaml", file: null, line: null });
      const styles = state.library.entries.filter((e: { key: string; kind: string }) => e.key === "style" && e.kind === "mode");
      expect(
        styles.map((e: { source: { display: string; file: string | null }; shadowedBy: string | null }) => [e.source.display, e.source.file, e.shadowedBy]),
      ).toEqual([
        ["../../.pi/forge/modes/style.yaml", null, "project"],
        [".pi/forge/modes/style.yaml", "modes/style.yaml", null],
      ]);
      expect(state.presets).toEqual(expect.arrayContaining(["api", "house"]));
      const composed = await api("/api/compose?names=house&as=preset");
      expect(composed.status).toBe("ok");
      expect(composed.components.map((c: { key: string; source: { display: string } }) => [c.key, c.source.display.replace(/:\d+$/, "")])).toEqual([
        ["style", ".pi/forge/modes/style.yaml"],
        ["tone", "../../.pi/forge/modes/tone.yaml"],
      ]);
      expect(composed.prompt.text).toContain("Follow the API style guide.");
      expect(composed.preset.source).toMatchObject({ display: "../../.pi/forge/presets/house.yaml", file: null });
      // The root layer's files are named, never served.
      expect((await fetch(`${studio.origin}/api/source?file=../../.pi/forge/modes/tone.yaml&token=${studio.token}`)).status).toBe(404);
    } finally {
      await studio.stop();
    }
  });
});
