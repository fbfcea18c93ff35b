// Helpers for runtime e2e tests: write forge YAML sources, build them with the real CLI, run Pi with dist/extension.js.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { runBuiltCli } from "../../support/cli-worker-client.js";
import { expect, inject } from "vitest";
import { readTrustStore, withTrust, writeTrustStore } from "../../../io/trust-store.js";
import { systemPromptOf, type FakeServer } from "../../../scripts/demo/fake-server.js";
import { piSuite, type PiSuite } from "./pi-suite.js";
import type { PiEnv, PiEnvOptions } from "../../../scripts/demo/pi-env.js";
import { assertPrintOk, REPO_ROOT, runPrint, type PiHost, type PrintResult } from "../../../scripts/demo/pi-host.js";
import { createNativePromptCache } from "./native-prompts.js";
import { withoutDate } from "./probe.js";
import type { RpcClient } from "../../../scripts/demo/rpc-client.js";
import { bareEnv } from "../../support/home-guard.js";

/** The built extension; FORGE_E2E_EXTENSION points the tests at another build (e.g. a mutant, to check the tests fail). */
export const FORGE_EXTENSION = process.env.FORGE_E2E_EXTENSION || join(REPO_ROOT, "dist/extension.js");
export const FORGE_CLI = join(REPO_ROOT, "dist/cli.js");

/** Project rules every test env carries, so replace_base can be seen keeping Pi's project context. */
export const AGENTS_MD = "# Project rules\n\nAnswer in haiku.";

export type ForgeSuite = PiSuite;

/** The file's fake server and envs whose cwd carries AGENTS.md (see piSuite). */
export function forgeSuite(): ForgeSuite {
  return piSuite({ "AGENTS.md": AGENTS_MD });
}

export type Strategy = "append" | "replace_base" | "replace_final";

export interface ModeSource {
  label: string;
  strategy: Strategy;
  prompt: string;
  description?: string;
  requires?: readonly string[];
  conflictsWith?: readonly string[];
  /** Preferences applied on activation. */
  tools?: readonly string[];
  model?: string;
  thinking?: string;
}

export interface PresetSource {
  description?: string;
  base?: string;
  overlays?: readonly string[];
  driftPolicy?: "block" | "warn" | "allow";
}

/** A YAML document; JSON scalars and flow sequences are valid YAML, so every value is written as JSON. */
function toYaml(comment: string, fields: Record<string, unknown>): string {
  const lines = [`# ${comment}`];
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) lines.push(`${key}: ${JSON.stringify(value)}`);
  return `${lines.join("\n")}\n`;
}

/** The forge source root: `<project>/.pi/forge`, or `<agent dir>/forge` for the global scope. */
export function projectForgeDir(cwd: string): string {
  return join(cwd, ".pi", "forge");
}
export function globalForgeDir(agentDir: string): string {
  return join(agentDir, "forge");
}

function writeFile(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** Writes (or overwrites) `<forgeDir>/modes/<key>.yaml`. */
export function writeMode(forgeDir: string, key: string, mode: ModeSource): void {
  writeFile(join(forgeDir, "modes", `${key}.yaml`), toYaml(`Test mode ${key}.`, { description: `The ${key} test mode.`, ...mode }));
}

export function writePreset(forgeDir: string, key: string, preset: PresetSource): void {
  writeFile(join(forgeDir, "presets", `${key}.yaml`), toYaml(`Test preset ${key}.`, { description: `The ${key} test preset.`, ...preset }));
}

/**
 * The bundled forge CLI with spawnSync's options and answer (status, stdout, stderr): run in the test process's CLI
 * worker (test/support/cli-worker-client.ts; spawned with FORGE_TEST_SPAWN_CLI=1), the same code dist/cli.js runs.
 */
export function forgeSync(
  args: string[],
  options: { cwd?: string; env?: NodeJS.ProcessEnv; encoding?: "utf8"; timeout?: number } = {},
): { status: number | null; stdout: string; stderr: string } {
  const r = runBuiltCli(args, options.cwd ?? process.cwd(), options.env ?? process.env, options.timeout);
  return { status: r.code, stdout: r.stdout, stderr: r.stderr };
}

/** Runs the real `forge build` (project root, or --global with the env's agent dir); fails the test on errors. */
export function forgeBuild(target: { root: string; agentDir?: string } | { globalAgentDir: string }): void {
  const args = "root" in target ? ["build", "--root", target.root] : ["build", "--global"];
  // A project build without agentDir is someone else's build (a pulled bundle): an empty HOME, so the user's trust
  // store is out of reach. With agentDir it is the user's own rebuild, which carries their trust. Either way it has the
  // run's build cache, as a user has theirs: the same bundle bytes (test/cli/cache.test.ts,
  // test/compiler/token-count-cache.test.ts), and the token counts an earlier build made instead of the tokenizer.
  const env = bareEnv({ FORGE_CACHE_DIR: process.env.FORGE_CACHE_DIR, NO_COLOR: "1" });
  if ("globalAgentDir" in target) env.PI_CODING_AGENT_DIR = target.globalAgentDir;
  else if (target.agentDir) env.PI_CODING_AGENT_DIR = target.agentDir;
  // The bundled CLI in the test process's CLI worker (spawned with FORGE_TEST_SPAWN_CLI=1): the same code and answers.
  const r = runBuiltCli(args, "root" in target ? target.root : target.globalAgentDir, env);
  if (r.code !== 0) throw new Error(`forge build failed (${r.code})\n${r.stdout}\n${r.stderr}`);
}

/**
 * Commits everything under `cwd` (a git repository from then on): the sources as a clone's HEAD holds them, so a later
 * edit is the user's own uncommitted one, the only kind forge build keeps 0.73.1 trust across (compiler/io/trust-carry.ts).
 */
export function commitProject(cwd: string, message = "baseline"): void {
  const git = (...args: string[]) => {
    const r = spawnSync("git", ["-c", "user.name=forge-e2e", "-c", "user.email=e2e@forge.invalid", "-c", "commit.gpgsign=false", ...args], {
      cwd,
      encoding: "utf8",
      env: bareEnv(),
    });
    if (r.status !== 0) throw new Error(`git ${args.join(" ")} failed\n${r.stderr}`);
  };
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", message, "--allow-empty");
}

/** Writes the modes and presets under `<cwd>/.pi/forge` and builds the project bundle. */
export function buildProject(cwd: string, modes: Record<string, ModeSource>, presets: Record<string, PresetSource> = {}): string {
  const dir = projectForgeDir(cwd);
  for (const [key, mode] of Object.entries(modes)) writeMode(dir, key, mode);
  for (const [key, preset] of Object.entries(presets)) writePreset(dir, key, preset);
  forgeBuild({ root: cwd });
  return join(dir, "bundle.json");
}

export function readJson(file: string): any {
  return JSON.parse(readFileSync(file, "utf8"));
}

/** `# Label\n\ntext` inside `<forge-key>` tags, joined to the prompt with a blank line: how both hosts render an overlay. */
export function overlayTail(...overlays: Array<[key: string, label: string, text: string]>): string {
  return overlays.map(([key, label, text]) => `\n\n<forge-${key}>\n# ${label}\n\n${text}\n</forge-${key}>`).join("");
}

/** The two append overlays several e2e files select (alpha, then beta): texts, sources and the tail they render. */
export const ALPHA = "Alpha: cite files.";
export const BETA = "Beta: be brief.";
export const ALPHA_BETA_MODES = {
  alpha: { label: "Alpha", strategy: "append", prompt: ALPHA },
  beta: { label: "Beta", strategy: "append", prompt: BETA },
} as const;
export const ALPHA_BETA_TAIL = overlayTail(["alpha", "Alpha", ALPHA], ["beta", "Beta", BETA]);

export interface ForgeRun {
  result: PrintResult;
  /** The system prompt of every completion request of this run, in order. */
  prompts: string[];
  stderr: string;
}

export interface ForgePrintOptions {
  /** Load dist/extension.js (default true); false gives Pi's own native prompt. */
  forge?: boolean;
  extraEnv?: Record<string, string>;
  extensions?: string[];
}

/** One `pi -p ...messages` run with forge loaded; the shared server log is reset first (files run their tests in order). */
export async function forgePrint(host: PiHost, env: PiEnv, server: FakeServer, messages: string[], options: ForgePrintOptions = {}): Promise<ForgeRun> {
  server.reset();
  const extensions = options.extensions ?? (options.forge === false ? [] : [FORGE_EXTENSION]);
  const result = await runPrint(host, messages, { env, extensions, extraEnv: options.extraEnv, timeoutMs: 60_000 });
  assertPrintOk(result);
  expect(result.stderr).not.toContain("forge: extension failed");
  return { result, prompts: server.completions().map((r) => systemPromptOf(r)), stderr: result.stderr };
}

/** The single system prompt of a run that made exactly one model request. */
export function onlyPrompt(run: ForgeRun): string {
  expect(run.prompts).toHaveLength(1);
  return run.prompts[0]!;
}

// Shared by the run's e2e files through the run's own directory (test/support/global-setup.ts).
const nativePrompts = createNativePromptCache(inject("nativePromptDir"));

/** Pi's native prompt for this env: a run without the extension (same cwd, same agent dir), reused for identical inputs. */
export async function nativePrompt(host: PiHost, env: PiEnv, server: FakeServer, args: string[] = []): Promise<string> {
  return nativePrompts.get(host, env, args, async () => onlyPrompt(await forgePrint(host, env, server, ["--no-session", ...args, "hello"], { forge: false })));
}

/** Every `/mode status --json` (or `/mode preview --json`) line in a text, parsed, in order. */
export function statusLines(text: string): any[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith('{"') && line.includes('"v":1'))
    .map((line) => JSON.parse(line));
}

/** The last status JSON of a text; fails when there is none. */
export function lastStatus(text: string): any {
  const all = statusLines(text);
  expect(all.length, `no status JSON in:\n${text}`).toBeGreaterThan(0);
  return all[all.length - 1];
}

/** Legacy-date-insensitive equality, with a readable diff. */
export function expectSamePrompt(actual: string, expected: string): void {
  expect(withoutDate(actual)).toBe(withoutDate(expected));
}

/** On the legacy host project bundles need `/forge trust` (bound to the bundleHash); 1.x trusts an empty project itself. */
export async function trustProjectIfLegacy(host: PiHost, env: PiEnv, server: FakeServer, extension = FORGE_EXTENSION): Promise<void> {
  if (host.id !== "legacy") return;
  const run = await forgePrint(host, env, server, ["--no-session", "/forge trust"], { extensions: [extension] });
  expect(run.stderr).toContain("forge: trusted project bundle");
  expect(run.prompts).toHaveLength(0);
}

/**
 * Records trust in the 0.73.1 trust store exactly as `/forge trust` does (the runtime's own io/trust-store.ts), for
 * tests whose subject is not trust. The command itself runs in real Pi in runtime-trust, hostile-repo, monorepo,
 * pack-smoke and system-updates-trust (trustProjectIfLegacy); seeding here saves a Pi start per test.
 */
export function seedProjectTrust(host: PiHost, env: PiEnv): void {
  if (host.id !== "legacy") return;
  const file = join(env.agentDir, "forge", "trust.json");
  const bundle = readJson(join(projectForgeDir(env.cwd), "bundle.json"));
  writeTrustStore(file, withTrust(readTrustStore(file), realpathSync(env.cwd), bundle, new Date()));
}

/** A fresh env whose project holds these sources, built (and trusted on 0.73.1), plus the native prompt Pi sends there. */
export async function projectEnv(
  suite: ForgeSuite,
  host: PiHost,
  modes: Record<string, ModeSource>,
  presets: Record<string, PresetSource> = {},
  options: Omit<PiEnvOptions, "baseUrl"> = {},
): Promise<{ env: PiEnv; native: string }> {
  const env = await suite.env(options);
  buildProject(env.cwd, modes, presets);
  seedProjectTrust(host, env);
  return { env, native: await nativePrompt(host, env, suite.server) };
}

/** The text of every notify the RPC client received from `from` on. */
export function notices(rpc: RpcClient, from = 0): string[] {
  return rpc.records
    .slice(from)
    .filter((r) => r?.type === "extension_ui_request" && r.method === "notify")
    .map((r) => String(r.message));
}

/** Sends an extension command over RPC and waits for the notify that contains `expected`. */
export async function rpcCommand(rpc: RpcClient, text: string, expected: string): Promise<string> {
  const from = rpc.records.length;
  const response = await rpc.send({ type: "prompt", message: text });
  expect(response.success).toBe(true);
  const notice = await rpc.waitFor((r) => r?.type === "extension_ui_request" && r.method === "notify" && String(r.message).includes(expected), {
    from,
    timeoutMs: 20_000,
  });
  return String(notice.message);
}

/** A command's one notice without its optional parts (` · keeps ... of the cached prompt`, a price): what changed. */
export function noticeHead(notice: string): string {
  return notice.split(" · ")[0]!;
}

/** `/mode status --json` over RPC: the parsed report. */
export async function rpcStatus(rpc: RpcClient): Promise<any> {
  return JSON.parse(await rpcCommand(rpc, "/mode status --json", '"v":1'));
}
