// The two Pi hosts (CLI path + the Node that runs it) and print-mode runs with bounded time and no leftover processes.
// Shared by tests, benches and the demo: it must not import vitest (a bench runs outside the test runner).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { appendFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { PiEnv } from "./pi-env.js";

export const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface PiHost {
  /** Short id for test names. */
  readonly id: "legacy" | "modern";
  readonly packageName: string;
  /** The host's CLI script, called by path (both packages declare a `pi` bin, so one shadows the other). */
  readonly cli: string;
  /** The Node major the host must run on. */
  readonly nodeMajor: 20 | 22;
  /** The Node binary to spawn (resolved lazily: finding Node 20 may spawn candidates). */
  node(): string;
}

const versionCache = new Map<string, number | null>();

/** The major version of a Node binary, or null when it cannot run. */
export function nodeMajorOf(nodePath: string): number | null {
  if (!versionCache.has(nodePath)) {
    const out = spawnSync(nodePath, ["-p", "process.versions.node"], { encoding: "utf8", timeout: 10_000 });
    const major = out.status === 0 ? Number.parseInt(out.stdout.trim().split(".")[0] ?? "", 10) : Number.NaN;
    versionCache.set(nodePath, Number.isFinite(major) ? major : null);
  }
  return versionCache.get(nodePath) ?? null;
}

/** Node 20 for the legacy host: the Node running the tests, else the one that runs npm, else the system one. */
function findNode20(): string {
  const candidates = [process.execPath, process.env.npm_node_execpath, "/usr/bin/node", "/usr/local/bin/node"];
  for (const candidate of candidates) {
    if (candidate && existsSync(candidate) && nodeMajorOf(candidate) === 20) return candidate;
  }
  throw new Error(`no Node 20 found for the legacy host (tried ${candidates.filter(Boolean).join(", ")})`);
}

export const LEGACY_HOST: PiHost = {
  id: "legacy",
  packageName: "@mariozechner/pi-coding-agent",
  cli: `${REPO_ROOT}node_modules/@mariozechner/pi-coding-agent/dist/cli.js`,
  nodeMajor: 20,
  node: findNode20,
};

export const MODERN_HOST: PiHost = {
  id: "modern",
  packageName: "@earendil-works/pi-coding-agent",
  cli: `${REPO_ROOT}node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js`,
  nodeMajor: 22,
  node: () => `${REPO_ROOT}node_modules/node/bin/node`,
};

export const HOSTS: readonly PiHost[] = [LEGACY_HOST, MODERN_HOST];

export interface SpawnPiOptions {
  env: PiEnv;
  /** Extension files, each passed as `-e <path>`. */
  extensions?: string[];
  /** Variables added to the isolated environment (e.g. PI_MODE). */
  extraEnv?: Record<string, string>;
  /** Kill the process after this long (default 45 s). */
  timeoutMs?: number;
}

export interface PrintResult {
  stdout: string;
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  timedOut: boolean;
}

const live = new Set<ChildProcess>();

/** Kill every Pi process the harness started that is still running (for afterAll). */
export function killLeftoverPi(): void {
  for (const child of live) child.kill("SIGKILL");
  live.clear();
}

/** What names the caller of a Pi process in the spawn log: the current test (test/support/spawn-log-setup.ts), else nothing. */
export type SpawnLabel = () => { test?: string; name?: string };
let spawnLabel: SpawnLabel = () => ({});

/** The test setup names each spawn's test this way; benches and the demo leave it unnamed. */
export function labelPiSpawns(label: SpawnLabel): void {
  spawnLabel = label;
}

/** FORGE_E2E_SPAWN_LOG=<file>: one JSON line per Pi process (test file, host, args, milliseconds), to see where e2e time goes. */
function logSpawn(label: ReturnType<SpawnLabel>, host: PiHost, args: string[], ms: number): void {
  const file = process.env.FORGE_E2E_SPAWN_LOG;
  if (!file) return;
  appendFileSync(file, JSON.stringify({ ...label, host: host.id, args: args.slice(5), ms }) + "\n");
}

/** Spawns a host's CLI with the env's isolation; stdin is a pipe the caller owns. Tracked until exit. */
export function spawnPi(host: PiHost, args: string[], options: SpawnPiOptions, stdin: "pipe" | "ignore"): ChildProcess {
  const extensionArgs = (options.extensions ?? []).flatMap((path) => ["-e", path]);
  const fullArgs = [host.cli, "--provider", options.env.provider, "--model", options.env.model, ...extensionArgs, ...args];
  const child = spawn(host.node(), fullArgs, {
    cwd: options.env.cwd,
    env: { ...options.env.vars, ...options.extraEnv },
    stdio: [stdin, "pipe", "pipe"],
  });
  live.add(child);
  const started = Date.now();
  const label = process.env.FORGE_E2E_SPAWN_LOG ? spawnLabel() : {};
  child.once("exit", () => {
    live.delete(child);
    logSpawn(label, host, fullArgs, Date.now() - started);
  });
  return child;
}

/** `pi -p <args>`: runs to completion (stdin closed) and returns the output; never hangs past timeoutMs. */
export function runPrint(host: PiHost, args: string[], options: SpawnPiOptions): Promise<PrintResult> {
  const child = spawnPi(host, ["-p", ...args], options, "ignore");
  let stdout = "";
  let stderr = "";
  child.stdout?.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr?.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, options.timeoutMs ?? 45_000);
  return new Promise((resolve, reject) => {
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ stdout, stderr, code, signal, timedOut });
    });
  });
}

/** Fails with the process output when a print run did not exit cleanly. */
export function assertPrintOk(result: PrintResult): void {
  if (result.code === 0 && !result.timedOut) return;
  const why = result.timedOut ? "timed out" : `exited with ${result.code ?? result.signal}`;
  throw new Error(`pi ${why}\n--- stdout\n${result.stdout}\n--- stderr\n${result.stderr}`);
}
