// Runs a documentation page's marked command blocks as a reader would: in order, in one new git repository with
// forge installed as a devDependency (node_modules/pi-forge-modes, as `npm install --save-dev /path/to/forge` links
// it), a temporary HOME, agent dir and cache, and for a block that names hosts, `pi` on PATH as that host, its models
// pointing at the fake provider. Used by test/e2e/doc-commands.e2e.test.ts.
import { spawn, spawnSync } from "node:child_process";
import { chmodSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { onTestFinished } from "vitest";
import { type CommandBlock, type HostId, outputMismatch } from "../../../scripts/docs/command-blocks.js";
import { createPiEnv, FAKE_MODEL, FAKE_PROVIDER } from "../../../scripts/demo/pi-env.js";
import { HOSTS } from "../../../scripts/demo/pi-host.js";

const REPO = join(import.meta.dirname, "..", "..", "..");

export interface BlockRun {
  block: CommandBlock;
  host: HostId | null;
  output: string;
  /** What went wrong: the exit status or the shown output; null when the block ran as the page says. */
  problem: string | null;
}

/** Runs the blocks of one page for one pass (blocks naming other hosts are left out); stops at the first problem. */
export async function runDocPage(blocks: readonly CommandBlock[], host: HostId | null, baseUrl = "http://127.0.0.1:9/v1"): Promise<BlockRun[]> {
  const env = await createPiEnv({ baseUrl, settings: { defaultProvider: FAKE_PROVIDER, defaultModel: FAKE_MODEL } });
  onTestFinished(() => env.cleanup());
  const bin = join(env.root, "bin");
  mkdirSync(bin);
  const piHost = HOSTS.find((h) => h.id === host);
  if (piHost) {
    writeFileSync(join(bin, "pi"), `#!/bin/sh\nexec "${piHost.node()}" "${piHost.cli}" "$@"\n`);
    chmodSync(join(bin, "pi"), 0o755);
  }
  const cwd = env.cwd;
  git(cwd, ["init", "-q"]);
  writeFileSync(
    join(cwd, "package.json"),
    `${JSON.stringify({ name: "doc-page", private: true, devDependencies: { "pi-forge-modes": `file:${REPO}` } }, null, 2)}\n`,
  );
  mkdirSync(join(cwd, "node_modules", ".bin"), { recursive: true });
  symlinkSync(REPO, join(cwd, "node_modules", "pi-forge-modes"));
  symlinkSync(join("..", "pi-forge-modes", "dist", "cli.js"), join(cwd, "node_modules", ".bin", "forge"));
  const vars = {
    ...env.vars,
    PATH: `${bin}:${process.env.PATH}`,
    FORGE_CACHE_DIR: join(env.root, "cache"),
    GIT_AUTHOR_NAME: "Doc Reader",
    GIT_AUTHOR_EMAIL: "reader@example.com",
    GIT_COMMITTER_NAME: "Doc Reader",
    GIT_COMMITTER_EMAIL: "reader@example.com",
    npm_config_update_notifier: "false",
  };
  const runs: BlockRun[] = [];
  for (const block of blocks) {
    if (block.hosts.length > 0 && (host === null || !block.hosts.includes(host))) continue;
    const r = await runScript(block.script, cwd, vars);
    const output = r.output;
    const problem =
      r.status !== block.exit
        ? `exited with ${r.status ?? r.signal} (the page expects ${block.exit})`
        : block.output !== undefined
          ? outputMismatch(block.output, output)
          : null;
    runs.push({ block, host, output, problem });
    if (problem !== null) break;
  }
  return runs;
}

/** Runs a block with bash -e, its stderr into its stdout; asynchronously, so a fake provider in this process answers Pi. */
function runScript(script: string, cwd: string, env: NodeJS.ProcessEnv): Promise<{ output: string; status: number | null; signal: string | null }> {
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-e", "-c", `exec 2>&1\n${script}`], { cwd, env, stdio: ["ignore", "pipe", "pipe"], timeout: 180_000 });
    const chunks: Buffer[] = [];
    child.stdout.on("data", (c: Buffer) => chunks.push(c));
    child.stderr.on("data", (c: Buffer) => chunks.push(c));
    child.on("error", reject);
    child.on("close", (status, signal) => resolve({ output: Buffer.concat(chunks).toString("utf8"), status, signal }));
  });
}

function git(cwd: string, args: string[]): void {
  const r = spawnSync("git", args, { cwd, encoding: "utf8", env: { PATH: process.env.PATH, HOME: cwd, TMPDIR: process.env.TMPDIR } });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
}

/** One line per block that did not run as its page says, with what it printed. */
export function describeRun(run: BlockRun): string {
  return `${run.block.file}:${run.block.line}${run.host ? ` (${run.host})` : ""}: ${run.problem}\n${run.output}`;
}
