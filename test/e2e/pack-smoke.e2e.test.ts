// Installed-artifact smoke test: npm pack, install the tarball offline, build with the installed CLI, load it in both real Pi hosts.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectSamePrompt, forgePrint, forgeSuite, lastStatus, nativePrompt, onlyPrompt, overlayTail, trustProjectIfLegacy } from "./harness/forge-project.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, REPO_ROOT, type PiHost } from "../../scripts/demo/pi-host.js";
import { installOffline, packForge, type PackedForge } from "./harness/packed-forge.js";
import { bareEnv } from "../support/home-guard.js";

const suite = forgeSuite();
const PKG = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8"));
const ALPHA = "Alpha from the installed artifact.";

let packed: PackedForge;
let installed: string;
let packedFiles: string[];

beforeAll(() => {
  expect(existsSync(join(REPO_ROOT, "dist/extension.js")), "run node scripts/build.mjs first").toBe(true);
  packed = packForge();
  packedFiles = packed.files;
  const project = join(packed.work, "project");
  mkdirSync(project);
  writeFileSync(join(project, "package.json"), JSON.stringify({ name: "forge-smoke", version: "1.0.0", private: true }));
  // Offline: the package must install with no registry at all (no runtime dependencies).
  installOffline(packed, [], project);
  installed = join(project, "node_modules", PKG.name);
});
afterAll(() => packed?.cleanup());

describe("the packed package", () => {
  it("has no runtime dependencies, ships dist/, schema/ and presets/, and declares the Pi extension", () => {
    const pkg = JSON.parse(readFileSync(join(installed, "package.json"), "utf8"));
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.files).toEqual(expect.arrayContaining(["dist/", "schema/", "presets/"]));
    expect(pkg.pi).toEqual({ extensions: ["./dist/extension.js"] });
    expect(pkg.keywords).toContain("pi-package");
    expect(packedFiles).toEqual(
      expect.arrayContaining([
        "package.json",
        "dist/cli.js",
        "dist/extension.js",
        "dist/on-demand.js",
        "presets/bundle.json",
        "schema/bundle.schema.json",
        "schema/mode.schema.json",
      ]),
    );
    expect(packedFiles.filter((f) => /^(test|runtime|compiler|common|bench|scripts|node_modules)\//.test(f))).toEqual([]);
    for (const f of ["dist/cli.js", "dist/extension.js", "presets/bundle.json", "schema/bundle.schema.json"])
      expect(existsSync(join(installed, f)), f).toBe(true);
    expect(existsSync(join(installed, "node_modules"))).toBe(false);
  });
});

/** A sample project built by the installed CLI (not the repo's). */
async function sampleProject(host: PiHost): Promise<PiEnv> {
  const env = await suite.env();
  const forgeDir = join(env.cwd, ".pi", "forge", "modes");
  mkdirSync(forgeDir, { recursive: true });
  writeFileSync(join(forgeDir, "alpha.yaml"), `# Sample mode.\nlabel: Alpha\ndescription: A sample overlay.\nstrategy: append\nprompt: |-\n  ${ALPHA}\n`);
  const r = spawnSync(process.execPath, [join(installed, "dist/cli.js"), "build", "--root", env.cwd], {
    env: bareEnv({ FORGE_NO_CACHE: "1", NO_COLOR: "1" }),
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  expect(existsSync(join(env.cwd, ".pi", "forge", "bundle.json"))).toBe(true);
  await trustProjectIfLegacy(host, env, suite.server, join(installed, "dist/extension.js"));
  return env;
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: the installed artifact", (_id, host) => {
  it("-e node_modules/<pkg>/dist/extension.js composes the project mode and a built-in one from the installed presets", async () => {
    const env = await sampleProject(host);
    const native = await nativePrompt(host, env, suite.server);
    const r = await forgePrint(host, env, suite.server, ["--no-session", "--mode=alpha,plan", "hello", "/mode status --json"], {
      extensions: [join(installed, "dist/extension.js")],
    });
    // The built-in plan mode comes from the installed presets/bundle.json (plain text segments: no template slots).
    const builtin = JSON.parse(readFileSync(join(installed, "presets", "bundle.json"), "utf8"));
    const plan = builtin.modes.plan;
    expect(plan.prompt.every((s: { text?: string }) => typeof s.text === "string")).toBe(true);
    const planText = plan.prompt.map((s: { text: string }) => s.text).join("");
    expectSamePrompt(onlyPrompt(r), native + overlayTail(["alpha", "Alpha", ALPHA], ["plan", plan.label, planText]));
    const status = lastStatus(r.stderr);
    expect(status.bundles.builtin).toMatchObject({ file: join(installed, "presets", "bundle.json"), status: "ok" });
    expect(status.components.map((c: any) => [c.key, c.currentScope])).toEqual([
      ["alpha", "project"],
      ["plan", "builtin"],
    ]);
  });

  it("pi install <installed package dir> (local path, offline) loads forge through the package's pi manifest", async () => {
    const env = await sampleProject(host);
    const native = await nativePrompt(host, env, suite.server);
    const install = spawnSync(host.node(), [host.cli, "install", installed], { cwd: env.cwd, env: env.vars, encoding: "utf8", timeout: 60_000, input: "" });
    expect(install.status, `${install.stdout}${install.stderr}`).toBe(0);
    expect(JSON.parse(readFileSync(join(env.agentDir, "settings.json"), "utf8")).packages).toHaveLength(1);
    const r = await forgePrint(host, env, suite.server, ["--no-session", "--mode=alpha", "hello", "/mode status --json"], { extensions: [] });
    expectSamePrompt(onlyPrompt(r), native + overlayTail(["alpha", "Alpha", ALPHA]));
    // The forge that ran is the installed one: its built-in bundle lives in the installed package.
    expect(lastStatus(r.stderr).bundles.builtin.file).toBe(join(installed, "presets", "bundle.json"));
  });
});

/** The README's route into a fresh repository, as written: install the tarball, then `npx --no-install forge ...`. */
function readmeRoute(repo: string): { run: (args: string[]) => { code: number | null; out: string } } {
  writeFileSync(join(repo, "package.json"), JSON.stringify({ name: "fresh-repo", version: "1.0.0", private: true }));
  installOffline(packed, ["--save-dev"], repo);
  const env: NodeJS.ProcessEnv = { ...packed.env, NO_COLOR: "1", FORGE_NO_CACHE: "1" };
  return {
    run: (args) => {
      const r = spawnSync("npx", ["--no-install", "forge", ...args], { cwd: repo, env, encoding: "utf8", timeout: 60_000 });
      return { code: r.status, out: `${r.stdout}${r.stderr}` };
    },
  };
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: the README's route in a fresh repository", (_id, host) => {
  it("npm install --save-dev <tarball>, npx --no-install forge init/build/--check/preview, then Pi with the preset", async () => {
    const env = await suite.env();
    const forge = readmeRoute(env.cwd);
    const init = forge.run(["init"]);
    expect(init.code, init.out).toBe(0);
    expect(init.out).not.toContain("not installed");
    // The committed $schema line goes through the repo's own node_modules, never an absolute path of this machine.
    const modeFile = readFileSync(join(env.cwd, ".pi/forge/modes/small-steps.yaml"), "utf8");
    expect(modeFile.split("\n")[0]).toBe(`# yaml-language-server: $schema=../../../node_modules/${PKG.name}/schema/mode.schema.json`);
    expect(existsSync(join(env.cwd, ".pi/forge/modes", "../../../node_modules", PKG.name, "schema/mode.schema.json"))).toBe(true);
    expect(forge.run(["build"]).code).toBe(0);
    const check = forge.run(["build", "--check"]);
    expect(check.code, check.out).toBe(0);
    expect(check.out).toContain("up to date");
    const preview = forge.run(["preview", "example"]);
    expect(preview.code, preview.out).toBe(0);
    expect(preview.out).toContain("forge preview: preset example");

    const extension = join(env.cwd, "node_modules", PKG.name, "dist/extension.js");
    await trustProjectIfLegacy(host, env, suite.server, extension);
    const run = await forgePrint(host, env, suite.server, ["--no-session", "--preset", "example", "hello"], { extensions: [extension] });
    expect(onlyPrompt(run)).toContain("<forge-small-steps>\n# Small steps\n\nYou are working in");
  });
});
