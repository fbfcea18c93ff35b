// Forge libraries you can keep current: the lock records each library's signers, forge.yaml's signedBy refuses a library
// no listed key signed, build --check says what to run when the installed library moved, and forge outdated lists the
// locked, installed and latest versions with the presets an update changes (offline too).
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateCliReport } from "../../generated/report-validators.js";
import { loadBuiltinBundle, resolveTarget } from "../../compiler/io/forge-target.js";
import { studioSources } from "../../compiler/studio/server/studio-sources.js";
import { assertBuilt, CLI, cleanEnv, makeTempDir, removeTempDirs, runCli, writeTree, type CliResult } from "./helpers.js";

beforeAll(assertBuilt);
afterAll(removeTempDirs);

const LIB = "@acme/forge-house";

function writeLibrary(dir: string, version: string, reviewText = "Check tests and error handling."): void {
  writeTree(dir, {
    "package.json": JSON.stringify({ name: LIB, version, forge: { bundle: "forge-bundle.json" } }, null, 2),
    ".pi/forge/modes/house-review.yaml": `label: House review\ndescription: The house checklist.\nstrategy: append\nprompt: ${reviewText}\n`,
    ".pi/forge/modes/house-base.yaml": "label: ACME\ndescription: House base.\nstrategy: replace_base\nprompt: You work at ACME.\n",
    ".pi/forge/presets/house.yaml": "description: House setup.\nbase: house-base\noverlays: [house-review]\n",
    ".pi/forge/presets/plain.yaml": "description: The base alone.\nbase: house-base\n",
  });
}

/** Builds the library (signed with `key`, when given) and copies it into the project's node_modules, as npm installs it. */
function install(libDir: string, project: string, key?: string): void {
  const r = runCli(["build", "--library", "--root", libDir, ...(key ? ["--sign", "--key", key] : [])], libDir);
  expect(r.code, r.stderr + r.stdout).toBe(0);
  const target = join(project, "node_modules", ...LIB.split("/"));
  rmSync(target, { recursive: true, force: true });
  mkdirSync(join(target, ".."), { recursive: true });
  cpSync(libDir, target, { recursive: true });
}

function writeProject(root: string, config = `libraries: ["${LIB}"]\n`): void {
  writeTree(root, {
    ".pi/forge/forge.yaml": config,
    ".pi/forge/modes/billing-review.yaml": "extends: house-review\nlabel: Billing review\nprompt: Amounts are integers in cents.\n",
    ".pi/forge/presets/billing.yaml": "description: House base, billing review.\nbase: house-base\noverlays: [billing-review]\n",
    ".pi/forge/presets/solo.yaml": "description: Billing review alone.\noverlays: [billing-review]\n",
  });
}

function newKey(home: string, name: string): { file: string; fingerprint: string } {
  const file = join(home, `${name}.pem`);
  const r = runCli(["key", "new", "--out", file, "--name", name, "--json"], home, cleanEnv({ HOME: home }));
  expect(r.code, r.stderr).toBe(0);
  return { file, fingerprint: JSON.parse(r.stdout).fingerprint };
}

function setup(key?: string): { lib: string; project: string } {
  const top = makeTempDir("forge-libsign-");
  const lib = join(top, "forge-house");
  const project = join(top, "app");
  writeLibrary(lib, "1.0.0");
  writeProject(project);
  install(lib, project, key);
  return { lib, project };
}

/** The CLI without blocking this process (the fake registry answers from it). */
function runAsync(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("signed libraries", () => {
  it("the lock records the library's signers; signedBy accepts its key and refuses another's, and an unsigned library", () => {
    const home = makeTempDir("forge-libsign-keys-");
    const ada = newKey(home, "Ada");
    const eve = newKey(home, "Eve");
    const { lib, project } = setup(ada.file);
    writeProject(project, `libraries: ["${LIB}"]\nsignedBy:\n  "${LIB}": ["${ada.fingerprint}"]\n`);
    expect(runCli(["build"], project).code).toBe(0);
    const lock = JSON.parse(readFileSync(join(project, ".pi/forge/bundle.json"), "utf8")).lock;
    expect(lock[0].signers).toEqual([{ fingerprint: ada.fingerprint, name: "Ada" }]);
    writeProject(project, `libraries: ["${LIB}"]\nsignedBy:\n  "${LIB}": ["${eve.fingerprint}"]\n`);
    const refused = runCli(["build"], project);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`.pi/forge/forge.yaml:3:`);
    expect(refused.stderr).toContain(
      `library_signer_required: forge library "${LIB}" must be signed by the key ${eve.fingerprint.slice(0, 16)} (signedBy in forge.yaml), but its installed bundle is signed only by ${ada.fingerprint.slice(0, 16)} (claimed name "Ada")`,
    );

    // Eve signs the same release too: the lock's signers change, so --check names the change of signers.
    install(lib, project, eve.file);
    const resigned = runCli(["build", "--check"], project);
    expect(resigned.code, resigned.stdout + resigned.stderr).toBe(1);
    const both = [ada, eve]
      .sort((x, y) => (x.fingerprint < y.fingerprint ? -1 : 1))
      .map((k) => `${k.fingerprint.slice(0, 16)} (claimed name "${k === ada ? "Ada" : "Eve"}")`);
    expect(resigned.stdout).toContain(`signed by: ${ada.fingerprint.slice(0, 16)} (claimed name "Ada") -> ${both.join(", ")}`);

    expect(runCli(["build"], project).code).toBe(0);

    // The same library built unsigned (a release nobody signed): refused while signedBy names a key.
    const unsignedLib = join(makeTempDir(), "forge-house");
    writeLibrary(unsignedLib, "1.0.0");
    install(unsignedLib, project);
    writeProject(project, `libraries: ["${LIB}"]\nsignedBy:\n  "${LIB}": ["${ada.fingerprint}"]\n`);
    expect(runCli(["build"], project).stderr).toContain("but its installed bundle is unsigned");

    // A library whose signature was tampered with is refused as invalid, signedBy or not.
    install(lib, project, ada.file);
    const installed = join(project, "node_modules", ...LIB.split("/"), "forge-bundle.json");
    const bundle = JSON.parse(readFileSync(installed, "utf8"));
    bundle.signatures[0].signedAt = "2030-01-01T00:00:00.000Z";
    writeFileSync(installed, JSON.stringify(bundle));
    writeProject(project);
    const tampered = runCli(["build"], project);
    expect(tampered.stderr).toContain("library_invalid");
    expect(tampered.stderr).toMatch(/tampered: signature 1 \(by [0-9a-f]{16} \(claimed name "(Ada|Eve)"\)\)/);
  });

  it("a signedBy entry for a package libraries does not list is a warning with the nearest name", () => {
    const { project } = setup();
    writeProject(project, `libraries: ["${LIB}"]\nsignedBy:\n  "@acme/forge-hose": ["${"ab".repeat(32)}"]\n`);
    const r = runCli(["build"], project);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(
      `signed_by_unknown_library: signedBy names "@acme/forge-hose", which libraries does not list, so it requires nothing (did you mean "${LIB}"?)`,
    );
  });
});

describe("keeping libraries current", () => {
  let registry: Server;
  let port = 0;
  beforeAll(async () => {
    registry = createServer((req, res) => {
      if (decodeURIComponent(req.url ?? "") === `/${LIB}`) {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(
          JSON.stringify({
            name: LIB,
            "dist-tags": { latest: "1.2.0" },
            versions: Object.fromEntries(["1.0.0", "1.1.0", "1.2.0"].map((v) => [v, { name: LIB, version: v }])),
          }),
        );
      } else {
        res.writeHead(404, { "content-type": "application/json" });
        res.end('{"error":"Not found"}');
      }
    });
    await new Promise<void>((r) => registry.listen(0, "127.0.0.1", r));
    port = (registry.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((r) => registry.close(() => r())));

  const npmEnv = (registryUrl: string) => {
    const home = makeTempDir("forge-npm-home-");
    return cleanEnv({ HOME: home, npm_config_cache: join(home, "cache"), npm_config_registry: registryUrl, npm_config_update_notifier: "false" });
  };

  it("an installed newer library: outdated lists it with the presets it changes, and build --check says what to run", async () => {
    const { lib, project } = setup();
    expect(runCli(["build"], project).code).toBe(0);
    const current = await runAsync(["outdated", "--offline", "--json"], project, npmEnv("http://127.0.0.1:1/"));
    expect(current.code).toBe(0);
    expect(JSON.parse(current.stdout)).toMatchObject({
      status: "current",
      registry: "skipped",
      libraries: [{ name: LIB, locked: "1.0.0", installed: "1.0.0", differsFromLock: false, presets: [] }],
    });

    writeLibrary(lib, "1.1.0", "Check tests, error handling and logging.");
    install(lib, project);
    const offline = await runAsync(["outdated", "--offline", "--json"], project, npmEnv("http://127.0.0.1:1/"));
    expect(offline.code).toBe(1);
    const report = JSON.parse(offline.stdout);
    expect(validateCliReport(report), JSON.stringify(validateCliReport.errors)).toBe(true);
    // house-review changed: the library's house preset, the project's billing and solo (through billing-review); plain did not.
    expect(report.libraries[0]).toMatchObject({
      name: LIB,
      locked: "1.0.0",
      installed: "1.1.0",
      latest: null,
      latestStatus: "skipped",
      differsFromLock: true,
      presets: ["billing", "house", "solo"],
      modes: ["billing-review", "house-review"],
    });
    const human = await runAsync(["outdated", "--offline"], project, npmEnv("http://127.0.0.1:1/"));
    expect(human.stdout).toMatch(new RegExp(`${LIB.replace("/", "\\/")}\\s+1\\.0\\.0\\s+1\\.1\\.0\\s+\\(offline\\)`));
    expect(human.stdout).toContain(
      `${LIB}: the installed 1.1.0 differs from the lock (1.0.0); it changes presets: billing, house, solo (modes: billing-review, house-review)`,
    );
    expect(human.stdout).toContain("take it: npx --no-install forge build");

    const check = runCli(["build", "--check"], project);
    expect(check.code).toBe(1);
    expect(check.stdout).toContain(`library ${LIB}: 1.0.0 -> 1.1.0`);
    expect(check.stdout).toContain(`the installed ${LIB} 1.1.0 differs from the lock in bundle.json: to take it, run \`npx --no-install forge build\``);
    expect(check.stdout).toContain(`to keep what the lock pins, run \`npm ci\` (or npm install ${LIB}@1.0.0)`);

    // With the registry reachable: its latest is listed as newer than what is installed.
    const online = await runAsync(["outdated", "--json"], project, npmEnv(`http://127.0.0.1:${port}/`));
    expect(JSON.parse(online.stdout)).toMatchObject({ registry: "ok", libraries: [{ latest: "1.2.0", latestStatus: "ok", newerOnRegistry: true }] });
    const onlineHuman = await runAsync(["outdated"], project, npmEnv(`http://127.0.0.1:${port}/`));
    expect(onlineHuman.stdout).toContain(`${LIB}: 1.2.0 is on the registry: npm install ${LIB}@1.2.0`);
  });

  it("offline (the registry unreachable) says so and still compares the locked and installed versions", async () => {
    const { project } = setup();
    expect(runCli(["build"], project).code).toBe(0);
    const r = await runAsync(["outdated"], project, npmEnv("http://127.0.0.1:1/"));
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1\.0\.0\s+1\.0\.0\s+\(unreachable\)/);
    expect(r.stdout).toContain(
      "forge outdated: the npm registry is unreachable (offline?): latest versions are unknown; locked and installed versions are still compared",
    );
  });
});

describe("explain and the studio show signers and trust", () => {
  it("each bundle's and library's signers, whether the bundle on disk is current, and this user's trust of it", () => {
    const home = makeTempDir("forge-libsign-view-");
    const ada = newKey(home, "Ada");
    const { project } = setup(ada.file);
    writeProject(project, `libraries: ["${LIB}"]\nsignedBy:\n  "${LIB}": ["${ada.fingerprint}"]\n`);
    writeTree(project, { ".pi/forge/signers": `${ada.fingerprint} Ada\n` });
    expect(runCli(["build", "--sign", "--key", ada.file], project).code).toBe(0);
    const agent = join(home, "agent");
    const env = cleanEnv({ PI_CODING_AGENT_DIR: agent });
    const untrusted = JSON.parse(runCli(["explain", "billing", "--json"], project, env).stdout);
    expect(validateCliReport(untrusted), JSON.stringify(validateCliReport.errors)).toBe(true);
    const adaSigner = { fingerprint: ada.fingerprint, name: "Ada" };
    expect(untrusted.trust).toEqual({
      bundle: { path: ".pi/forge/bundle.json", status: "ok", bundleHash: expect.any(String), current: true, signers: [adaSigner], problem: null },
      trust: { state: "untrusted", signer: null, setting: "host", revokedSigners: [] },
      repositorySigners: [adaSigner],
      libraries: [{ name: LIB, version: "1.0.0", signers: [adaSigner], signedBy: [ada.fingerprint] }],
    });
    // The user trusts Ada's key (as /forge trust --key records it) and asks for forge's own trust everywhere.
    writeTree(agent, {
      "forge/trust.json": JSON.stringify({ v: 1, projects: {}, signers: { [ada.fingerprint]: { name: "Ada", trustedAt: "2026-12-01T00:00:00.000Z" } } }),
      "forge/forge.yaml": "trust: forge\n",
    });
    const human = runCli(["explain", "billing"], project, env).stdout;
    expect(human).toContain("bundle, signers and trust:");
    expect(human).toContain(
      `.pi/forge/bundle.json: bundleHash ${untrusted.trust.bundle.bundleHash.slice(0, 12)}, current, signed by ${ada.fingerprint.slice(0, 16)} (claimed name "Ada")`,
    );
    expect(human).toContain(
      `trust: trusted: signed by ${ada.fingerprint.slice(0, 16)} (claimed name "Ada"), a key you trust; forge's own trust decides on both hosts (trust: forge)`,
    );
    expect(human).toContain(
      `library ${LIB}@1.0.0: signed by ${ada.fingerprint.slice(0, 16)} (claimed name "Ada"); signedBy requires ${ada.fingerprint.slice(0, 16)}`,
    );
    // The studio's state carries the same view (its Library panel renders these lines).
    const target = resolveTarget({ root: project }, env, project);
    const sources = studioSources(target, env, loadBuiltinBundle());
    sources.refresh();
    expect(sources.state().trustLines).toContain(
      `library ${LIB}@1.0.0: signed by ${ada.fingerprint.slice(0, 16)} (claimed name "Ada"); signedBy requires ${ada.fingerprint.slice(0, 16)}`,
    );
    expect(sources.state().trust).toMatchObject({
      bundle: { signers: [adaSigner], current: true },
      trust: { state: "signer", signer: adaSigner },
      libraries: [{ name: LIB, signers: [adaSigner] }],
    });
  });
});
