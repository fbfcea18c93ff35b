// Helpers for the CLI tests: temp forge repos, running the built CLI (in the CLI worker, or spawned), and file snapshots.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { runBuiltCli, spawnBuiltCli } from "../support/cli-worker-client.js";

export const REPO = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const CLI = join(REPO, "dist", "cli.js");

/** The tests exercise the real bundled CLI: `node scripts/build.mjs` must have run (npm test does). */
export function assertBuilt(): void {
  if (!existsSync(CLI)) throw new Error(`${CLI} is missing: run \`node scripts/build.mjs\` first`);
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** One build cache for this test process, outside the user's home. */
export const TEST_CACHE_DIR = mkdtempSync(join(tmpdir(), "forge-test-cache-"));

/** An environment with no color and an isolated agent dir, so the user's ~/.pi never leaks in. */
export function cleanEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.FORCE_COLOR;
  delete env.FORGE_NO_CACHE;
  return {
    ...env,
    NO_COLOR: "1",
    PI_CODING_AGENT_DIR: join(tmpdir(), "forge-test-no-agent"),
    FORGE_CACHE_DIR: TEST_CACHE_DIR,
    ...extra,
  };
}

/**
 * One forge run: the bundled CLI's own function in this process's CLI worker (the chunks dist/cli.js runs), or a spawned
 * dist/cli.js with FORGE_TEST_SPAWN_CLI=1. Tests that need a process of their own (signals, a long run) use startCli.
 */
export function runCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = cleanEnv()): CliResult {
  return runBuiltCli(args, cwd, env);
}

/** One forge run as its own Node process, as a user's shell starts it. */
export function spawnCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = cleanEnv()): CliResult {
  return spawnBuiltCli(args, cwd, env);
}

export function startCli(args: string[], cwd: string, env: NodeJS.ProcessEnv = cleanEnv()): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], { cwd, env, stdio: ["ignore", "pipe", "pipe"] });
}

const made: string[] = [];

export function makeTempDir(prefix = "forge-cli-"): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
  rmSync(TEST_CACHE_DIR, { recursive: true, force: true });
}

/** Writes files (posix paths relative to `root`), creating directories. */
export function writeTree(root: string, files: Record<string, string>): void {
  for (const [rel, text] of Object.entries(files)) {
    const abs = join(root, ...rel.split("/"));
    mkdirSync(dirname(abs), { recursive: true });
    writeFileSync(abs, text);
  }
}

export const MODE_PLAN = `label: Plan
description: Plan before editing.
strategy: append
prompt: |
  Think first. {{> shared}}
`;

export const MODE_REVIEW = `label: Review
description: Review the change.
strategy: append
prompt: Review carefully.
`;

export const PRESET_DAILY = `description: Plan then review.
overlays: [plan, review]
`;

/** A small valid project: two modes, one preset, one partial, under `<root>/.pi/forge/`. */
export function makeProject(root: string, overrides: Record<string, string> = {}): string {
  writeTree(root, {
    ".pi/forge/modes/plan.yaml": MODE_PLAN,
    ".pi/forge/modes/review.yaml": MODE_REVIEW,
    ".pi/forge/presets/daily.yaml": PRESET_DAILY,
    ".pi/forge/partials/shared.md": "Keep it short.\n",
    ...overrides,
  });
  return join(root, ".pi", "forge", "bundle.json");
}

export interface FileSnapshot {
  bytes: string;
  mtimeMs: number;
}

export function snapshot(path: string): FileSnapshot {
  return { bytes: readFileSync(path, "utf8"), mtimeMs: statSync(path).mtimeMs };
}

/** Collects a child's output and resolves once `predicate` holds (or rejects after `timeoutMs`). */
export function outputWatcher(child: ChildProcess) {
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  return {
    text: () => out,
    waitFor(predicate: (all: string) => boolean, what: string, timeoutMs = 20_000): Promise<void> {
      return new Promise((resolve, reject) => {
        const started = Date.now();
        const tick = (): void => {
          if (predicate(out)) return resolve();
          if (Date.now() - started > timeoutMs) return reject(new Error(`timed out waiting for ${what}; output:\n${out}`));
          setTimeout(tick, 25);
        };
        tick();
      });
    },
  };
}

/** Polls until `predicate` holds or the timeout passes. */
export async function waitUntil(predicate: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const started = Date.now();
  while (!predicate()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
