// End-to-end: the README's examples/library walk (build the library, npm install it into the project, build, bump
// the library, --check and forge diff name the upgrade, rebuild), with Pi composing library modes on both hosts.
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
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
  readJson,
  seedProjectTrust,
} from "./harness/forge-project.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, REPO_ROOT } from "../../scripts/demo/pi-host.js";
import { bareEnv } from "../support/home-guard.js";

const suite = forgeSuite();
const EXAMPLE = join(REPO_ROOT, "examples", "library");
const LIB = "@acme/forge-house";

const REVIEW_V1 =
  "Review every change against ACME's checklist:\n1. it has tests;\n2. errors are handled, not swallowed.\nAnswer in plain sentences; no preamble.\n";
const REVIEW_V2 = REVIEW_V1.replace("not swallowed.", "not swallowed;\n3. logs carry no secrets.");
const BILLING = "Amounts are integers in cents; flag any float.";

interface Cli {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The real forge CLI (Node 20) in `cwd`, without the build cache so each step compiles. */
function forge(cwd: string, args: string[]): Cli {
  const r = forgeSync([...args], {
    cwd,
    env: bareEnv({ FORGE_NO_CACHE: "1", NO_COLOR: "1" }),
    encoding: "utf8",
    timeout: 30_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `npm install` as a user runs it: offline (a file: dependency needs no registry), no scripts, an isolated cache. */
function npmInstall(env: PiEnv): void {
  const r = spawnSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--cache", join(env.root, "npm-cache")], {
    cwd: env.cwd,
    env: bareEnv({ HOME: env.home }),
    encoding: "utf8",
    timeout: 120_000,
  });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: a forge library", (_id, host) => {
  let env: PiEnv;
  let library: string;
  const run = (args: string[]) => forgePrint(host, env, suite.server, ["--no-session", ...args]);

  beforeAll(async () => {
    // The example's layout: the library beside the project, which depends on it as file:../forge-house.
    env = await suite.env();
    library = join(env.root, "forge-house");
    cpSync(join(EXAMPLE, "forge-house"), library, { recursive: true });
    cpSync(join(EXAMPLE, "app"), env.cwd, { recursive: true, filter: (src) => !src.includes("node_modules") });
  });

  it("1-2. builds the library, installs it with npm, and the committed project bundle is current", () => {
    const lib = forge(library, ["build", "--library", "--check"]);
    expect(lib.code, lib.stdout + lib.stderr).toBe(0);
    // Not installed yet: the build says how to install it.
    const missing = forge(env.cwd, ["build", "--check"]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`npm install ${LIB}`);
    npmInstall(env);
    const check = forge(env.cwd, ["build", "--check"]);
    expect(check.code, check.stdout + check.stderr).toBe(0);
    const bundle = readJson(join(env.cwd, ".pi", "forge", "bundle.json"));
    expect(bundle.lock[0]).toMatchObject({ name: LIB, version: "1.0.0" });
    expect(bundle.modes["house-review"].library).toBe(LIB);
  });

  it("Pi composes a carried library mode and a mode that extends it, with no library access at runtime", async () => {
    seedProjectTrust(host, env);
    const native = await nativePrompt(host, env, suite.server);
    expectSamePrompt(onlyPrompt(await run(["--mode=house-review", "hello"])), native + overlayTail(["house-review", "House review", REVIEW_V1]));
    // The preset: the library's replace_base base (Pi's own --system-prompt bytes) plus the inheriting overlay.
    const base = await nativePrompt(host, env, suite.server, ["--system-prompt", `You are an engineer at ACME. You work in ${env.cwd}.`]);
    const billing = `${REVIEW_V1.trimEnd()}\n\n${BILLING}`;
    expectSamePrompt(onlyPrompt(await run(["--preset", "billing", "hello"])), base + overlayTail(["billing-review", "Billing review", billing]));
  });

  it("3-4. a bumped library fails --check, naming it and its changed components, and forge diff shows what it changes", () => {
    const mode = join(library, ".pi", "forge", "modes", "house-review.yaml");
    writeFileSync(
      mode,
      readFileSync(mode, "utf8").replace("  2. errors are handled, not swallowed.\n", "  2. errors are handled, not swallowed;\n  3. logs carry no secrets.\n"),
    );
    const pkg = join(library, "package.json");
    writeFileSync(pkg, readFileSync(pkg, "utf8").replace('"version": "1.0.0"', '"version": "1.1.0"'));
    expect(forge(library, ["build", "--library"]).code).toBe(0);
    const check = forge(env.cwd, ["build", "--check"]);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`library ${LIB}: 1.0.0 -> 1.1.0`);
    expect(check.stdout).toContain("modes changed: house-review; presets changed: house");
    const diff = forge(env.cwd, ["diff"]);
    expect(diff.code).toBe(1);
    expect(diff.stdout).toContain(`library ${LIB}: 1.0.0 -> 1.1.0`);
    expect(diff.stdout).toContain("+3. logs carry no secrets.");
    expect(diff.stdout).toContain("inherits from house-review (changed)");
    expect(diff.stdout).toMatch(/preset billing: affected by mode billing-review \(changed\)/);
  });

  it("5. after a rebuild Pi composes the upgraded text", async () => {
    const build = forge(env.cwd, ["build"]);
    expect(build.code, build.stdout + build.stderr).toBe(0);
    expect(forge(env.cwd, ["build", "--check"]).code).toBe(0);
    // The bundle changed, so 0.73.1 asks for trust again (1.x follows the host's project trust).
    seedProjectTrust(host, env);
    const native = await nativePrompt(host, env, suite.server);
    expectSamePrompt(onlyPrompt(await run(["--mode=house-review", "hello"])), native + overlayTail(["house-review", "House review", REVIEW_V2]));
  });
});
