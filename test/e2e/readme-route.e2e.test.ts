// The README's "Using forge in a project" route for a user with several repositories, on both real Pi hosts: the
// extension installed once per user (`npm install -g` of the package, `pi install` of it), forge as a devDependency in
// two repositories and an npm-workspaces monorepo, one repository pinning its own copy with `pi install -l`. Pi starts
// in every directory, exactly one copy is active, and the second copy says so once, naming both. Every command hint
// forge init prints on the way (and its scaffolded files' comments) is run as written and must do what it says.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readTrustStore, withTrust, writeTrustStore } from "../../io/trust-store.js";
import { forgePrint, forgeSuite, lastStatus, onlyPrompt, readJson } from "./harness/forge-project.js";
import { installOffline, packForge, type PackedForge } from "./harness/packed-forge.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, type PiHost } from "../../scripts/demo/pi-host.js";

const suite = forgeSuite();
const PKG = "pi-forge-modes";
const SMALL_STEPS = "<forge-small-steps>\n# Small steps\n\nYou are working in";
const NOTICE = "forge: two copies of the forge extension are loaded";

let packed: PackedForge;
/** The user's global copy: `npm install -g` put it here. */
let globalCopy: string;
let repos: { web: string; api: string; mono: string; app: string };

/** `npx --no-install forge ...` in a directory, as the README says. */
function forge(cwd: string, ...args: string[]): string {
  const r = spawnSync("npx", ["--no-install", "forge", ...args], { cwd, env: { ...packed.env, NO_COLOR: "1" }, encoding: "utf8", timeout: 60_000 });
  expect(r.status, `forge ${args.join(" ")} in ${cwd}\n${r.stdout}${r.stderr}`).toBe(0);
  return r.stdout + r.stderr;
}

/**
 * Every command hint in `text` (`npx --no-install forge ...` in backquotes: forge's printed hints and the comments of
 * the files init scaffolds), run as written by a shell in `cwd`; each must do what it says (exit 0).
 */
function followHints(cwd: string, text: string): string[] {
  const hints = [...text.matchAll(/`(npx --no-install forge [^`]*)`/g)].map((m) => m[1]!);
  for (const hint of hints) {
    const r = spawnSync("sh", ["-c", hint], { cwd, env: { ...packed.env, NO_COLOR: "1" }, encoding: "utf8", timeout: 60_000 });
    expect(r.status, `${hint} in ${cwd}\n${r.stdout}${r.stderr}`).toBe(0);
  }
  return hints;
}

/** What forge init wrote and printed in a layer: its output and the scaffolded files' comments. */
function initTexts(root: string, printed: string): string {
  const forgeDir = join(root, ".pi", "forge");
  return [printed, readFileSync(join(forgeDir, "modes", "small-steps.yaml"), "utf8"), readFileSync(join(forgeDir, "presets", "example.yaml"), "utf8")].join(
    "\n",
  );
}

function writeJson(file: string, value: unknown): void {
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, JSON.stringify(value, null, 2));
}

function mode(label: string, text: string): string {
  return `label: ${label}\ndescription: ${label} for this test.\nstrategy: append\nprompt: ${JSON.stringify(text)}\n`;
}

/** A git repository with a package.json (more fields merged in), forge installed as a devDependency. */
function repository(dir: string, pkg: Record<string, unknown> = {}): string {
  mkdirSync(join(dir, ".git"), { recursive: true });
  writeJson(join(dir, "package.json"), { name: dir.split("/").pop(), version: "1.0.0", private: true, ...pkg });
  installOffline(packed, ["--save-dev"], dir);
  return dir;
}

beforeAll(() => {
  packed = packForge();
  // Once per user: the extension in npm's global root (as `pi install npm:pi-forge-modes` would put it there).
  installOffline(packed, ["-g"], packed.work);
  globalCopy = join(packed.globalPrefix, "lib", "node_modules", PKG);
  // Each hint init prints (and its files' comments) is followed as written: it builds the bundle, previews the preset.
  const web = repository(join(packed.work, "web"));
  expect(followHints(web, initTexts(web, forge(web, "init")))).toEqual([
    "npx --no-install forge build",
    "npx --no-install forge build",
    "npx --no-install forge preview --preset example",
  ]);
  expect(existsSync(join(web, ".pi", "forge", "bundle.json"))).toBe(true);
  const api = repository(join(packed.work, "api"));
  forge(api, "init");
  writeFileSync(join(api, ".pi", "forge", "modes", "api-rules.yaml"), mode("API rules", "Validate input first."));
  forge(api, "build");
  // A monorepo: forge installed at the root, a house layer there and a package's own layer, built with --all.
  const mono = repository(join(packed.work, "mono"), { workspaces: ["packages/*"] });
  const app = join(mono, "packages", "app");
  writeJson(join(app, "package.json"), { name: "app", version: "1.0.0" });
  forge(mono, "init");
  // A new layer in the package: a plain init there finds the root layer above (the nearest .pi/forge/), changes
  // nothing and prints the command for a layer here, --root . Its own hint repeats --root, so following it builds this
  // layer, not the root's.
  const nearest = forge(app, "init");
  expect(nearest).toContain("forge: nothing to do; ../../.pi/forge/ already has the example files");
  const initHere = [...nearest.matchAll(/`(npx --no-install forge [^`]*)`/g)].map((m) => m[1]!);
  expect(initHere).toEqual(["npx --no-install forge init --root ."]);
  const appInit = forge(app, ...initHere[0]!.split(" ").slice(3));
  expect(appInit).not.toContain("not installed");
  expect(followHints(app, appInit)).toEqual(["npx --no-install forge build --root ."]);
  expect(existsSync(join(app, ".pi", "forge", "bundle.json"))).toBe(true);
  writeFileSync(join(app, ".pi", "forge", "modes", "app-notes.yaml"), mode("App notes", "Keep the changelog."));
  forge(mono, "build", "--all");
  repos = { web, api, mono, app };
});
afterAll(() => packed?.cleanup());

/** The env with Pi started in `cwd` instead. */
function at(env: PiEnv, cwd: string): PiEnv {
  return Object.assign(Object.create(Object.getPrototypeOf(env)), env, { cwd }) as PiEnv;
}

/** 0.73.1 trust for a layer, recorded as `/forge trust` records it (runtime-trust tests drive the command itself). */
function trustLayer(env: PiEnv, root: string): void {
  const file = join(env.agentDir, "forge", "trust.json");
  writeTrustStore(file, withTrust(readTrustStore(file), realpathSync(root), readJson(join(root, ".pi", "forge", "bundle.json")), new Date()));
}

function pi(host: PiHost, env: PiEnv, args: string[]) {
  const r = spawnSync(host.node(), [host.cli, ...args], { cwd: env.cwd, env: env.vars, encoding: "utf8", timeout: 60_000, input: "" });
  expect(r.status, `pi ${args.join(" ")}\n${r.stdout}${r.stderr}`).toBe(0);
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: one extension, several repositories", (_id, host) => {
  let env: PiEnv;
  const run = (cwd: string, messages: string[]) =>
    forgePrint(host, at(env, cwd), suite.server, ["--no-session", ...messages, "/mode status --json"], { extensions: [] });

  beforeAll(async () => {
    env = await suite.env();
    // The README's order: the user's copy once, then (in one repository) the project's pinned copy.
    pi(host, at(env, env.home), ["install", globalCopy]);
    rmSync(join(repos.api, ".pi", "settings.json"), { force: true });
    pi(host, at(env, repos.api), ["install", "-l", `./node_modules/${PKG}`]);
    expect(readJson(join(env.agentDir, "settings.json")).packages).toHaveLength(1);
    expect(readJson(join(repos.api, ".pi", "settings.json")).packages).toEqual([`../node_modules/${PKG}`]);
  });
  // 0.73.1: the layers are trusted after the first test, which reads the notices an untrusted monorepo gets.
  let trusted = false;
  const trustAll = () => {
    if (host.id === "legacy" && !trusted) for (const root of [repos.web, repos.api, repos.mono, repos.app]) trustLayer(env, root);
    trusted = true;
  };

  // Pi 1.x decides project trust itself (its notice names /trust and --approve): the test exists only for 0.73.1.
  if (host.id === "legacy")
    it("untrusted, in a monorepo package: each layer's notice names a review of that layer, which runs as printed", async () => {
      const r = await run(repos.app, ["hello"]);
      // The notices as printed (each once, root first), not the copies /mode status --json carries.
      const reviews = [...r.stderr.matchAll(/^forge: project bundle .* review the bundle first \((npx --no-install forge [^)]*)\)/gm)].map((m) => m[1]!);
      expect(reviews).toEqual([`npx --no-install forge explain --root ${repos.mono}`, "npx --no-install forge explain"]);
      const shown = reviews.map((hint) => {
        const out = spawnSync("sh", ["-c", hint], { cwd: repos.app, env: { ...packed.env, NO_COLOR: "1" }, encoding: "utf8", timeout: 60_000 });
        expect(out.status, `${hint}\n${out.stdout}${out.stderr}`).toBe(0);
        expect(out.stdout).toContain("trust: not trusted by you (/forge trust in Pi)");
        return out.stdout;
      });
      expect(shown[0]).toContain("what the project sources offer (../../.pi/forge/bundle.json):");
      expect(shown[1]).toContain("what the project sources offer (.pi/forge/bundle.json):");
      expect(shown[1]).toContain('  app-notes (append, "App notes") .pi/forge/modes/app-notes.yaml');
    });

  it("a repository without a pinned copy: the user's copy composes its preset, with no notice", async () => {
    trustAll();
    const r = await run(repos.web, ["--preset", "example", "hello"]);
    expect(onlyPrompt(r)).toContain(SMALL_STEPS);
    expect(lastStatus(r.stderr).bundles.builtin.file).toBe(join(globalCopy, "presets", "bundle.json"));
    expect(r.stderr).not.toContain(NOTICE);
  });

  it("the repository that pinned its copy with pi install -l: that copy is active, the user's says so once", async () => {
    trustAll();
    // Pi 1.x loads a project's packages only in a trusted project (.pi/settings.json makes it ask): the user's yes.
    const trust = host.id === "modern" ? ["--approve"] : [];
    const r = await run(repos.api, [...trust, "--mode=api-rules", "hello"]);
    expect(onlyPrompt(r)).toContain("<forge-api-rules>\n# API rules\n\nValidate input first.\n</forge-api-rules>");
    const installed = join(repos.api, "node_modules", PKG);
    expect(lastStatus(r.stderr).bundles.builtin.file).toBe(join(installed, "presets", "bundle.json"));
    expect(r.stderr.split(NOTICE)).toHaveLength(2);
    expect(r.stderr).toContain(`used: ${join(installed, "dist", "extension.js")} (forge `);
    expect(r.stderr).toContain(`passive: ${join(globalCopy, "dist", "extension.js")} (forge `);
  });

  it("a monorepo, at its root and in a package: the user's copy composes across the layers", async () => {
    trustAll();
    const root = await run(repos.mono, ["--preset", "example", "hello"]);
    expect(onlyPrompt(root)).toContain(SMALL_STEPS);
    const inPackage = await run(repos.app, ["--mode=small-steps,app-notes", "hello"]);
    expect(onlyPrompt(inPackage)).toContain("<forge-app-notes>\n# App notes\n\nKeep the changelog.\n</forge-app-notes>");
    const status = lastStatus(inPackage.stderr);
    expect(status.layers.map((l: { root: string }) => l.root)).toEqual([repos.mono, repos.app]);
    for (const r of [root, inPackage]) {
      expect(r.stderr).not.toContain(NOTICE);
      expect(lastStatus(r.stderr).bundles.builtin.file).toBe(join(globalCopy, "presets", "bundle.json"));
    }
  });
});
