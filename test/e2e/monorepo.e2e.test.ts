// End-to-end: a monorepo on both real Pi hosts. Pi runs in a package whose .pi/forge shadows a key of the repository
// root's layer; the root's preset composes the package's mode, the package's preset the root's; each layer is trusted
// on its own (forge's trust store on 0.73.1, Pi's project trust on 1.x).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  expectSamePrompt,
  forgeSync,
  forgePrint,
  forgeSuite,
  nativePrompt,
  onlyPrompt,
  overlayTail,
  projectForgeDir,
  trustProjectIfLegacy,
  writeMode,
  writePreset,
} from "./harness/forge-project.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { bareEnv } from "../support/home-guard.js";
import { onlyPooledPrompt, pooledTurns } from "./harness/pooled-turns.js";
import { rpcPool } from "./harness/rpc-pool.js";

const suite = forgeSuite();
const HOUSE_STYLE = "Follow the house style.";
const API_STYLE = "Follow the API style guide.";
const TONE = "Be kind.";
const style = (text: string) => overlayTail(["style", "Style", text]);
const tone = overlayTail(["tone", "Tone", TONE]);

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: a monorepo's layers", (_id, host) => {
  let env: PiEnv;
  /** The same isolated env, with Pi started in the repository root instead of the package. */
  let atRoot: PiEnv;
  let native: string;
  const fresh = (messages: string[], where: PiEnv = env) => forgePrint(host, where, suite.server, ["--no-session", ...messages]);
  // The two layer tests need no start-up of their own: sessions of one RPC Pi per host in the package, the preset
  // chosen by /preset use (a new session loads forge and its trust store afresh).
  const pool = rpcPool();
  const turns = (messages: string[]) => pooledTurns(pool, host, env, suite.server, messages);

  beforeAll(async () => {
    // env.root is the repository (it holds .git); env.cwd, where Pi runs, is the package.
    env = await suite.env();
    atRoot = Object.assign(Object.create(Object.getPrototypeOf(env)), env, { cwd: env.root }) as PiEnv;
    mkdirSync(join(env.root, ".git"));
    const root = projectForgeDir(env.root);
    writeMode(root, "style", { label: "Style", strategy: "append", prompt: HOUSE_STYLE });
    writeMode(root, "tone", { label: "Tone", strategy: "append", prompt: TONE });
    writePreset(root, "house", { overlays: ["style", "tone"] });
    const pkg = projectForgeDir(env.cwd);
    writeMode(pkg, "style", { label: "Style", strategy: "append", prompt: API_STYLE });
    writePreset(pkg, "api", { overlays: ["tone", "style"] });
    const build = forgeSync(["build", "--all"], {
      cwd: env.root,
      env: bareEnv({ HOME: env.home, FORGE_NO_CACHE: "1" }),
      encoding: "utf8",
    });
    expect(build.status, build.stdout + build.stderr).toBe(0);
    native = await nativePrompt(host, env, suite.server);
  });

  if (host.id === "legacy") {
    it("0.73.1: trusting the root layer offers its modes only; the package's layer waits for its own trust", async () => {
      await trustProjectIfLegacy(host, atRoot, suite.server);
      const r = await fresh(["--preset=house", "hello", "/forge status"]);
      // The package's style is withheld, so the root's preset composes the root's own style.
      expectSamePrompt(onlyPrompt(r), native + style(HOUSE_STYLE) + tone);
      expect(r.stderr).toContain(`forge: project bundle ${join(projectForgeDir(env.cwd), "bundle.json")} is not trusted`);
      expect(r.stderr).toContain(`project layer ${env.root}: ok (`);
      expect(r.stderr).toMatch(new RegExp(`project layer ${env.cwd}: ok \\([0-9a-f]{12}\\), trusted: false`));
      await trustProjectIfLegacy(host, env, suite.server);
    });
  }

  it("the root's preset composes the package's style (the deeper layer wins the key) and the root's tone", async () => {
    expectSamePrompt(onlyPooledPrompt(await turns(["/preset use house", "hello"])), native + style(API_STYLE) + tone);
  });

  it("the package's preset uses the root's tone, and /mode status names each component's layer", async () => {
    const r = await turns(["/preset use api", "hello", "/mode status --json"]);
    expectSamePrompt(onlyPooledPrompt(r), native + tone + style(API_STYLE));
    const status = JSON.parse(
      r.said
        .split("\n")
        .filter((l) => l.startsWith('{"'))
        .at(-1)!,
    );
    expect(status.components.map((c: { key: string; currentLayer: string }) => [c.key, c.currentLayer])).toEqual([
      ["tone", env.root],
      ["style", env.cwd],
    ]);
    expect(status.layers.map((l: { root: string; trusted: boolean }) => [l.root, l.trusted])).toEqual([
      [env.root, true],
      [env.cwd, true],
    ]);
  });
});
