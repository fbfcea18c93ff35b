// `npm run demo`: builds examples/demo with forge, runs its prompt tests (forge test, then --pi), then drives real Pi
// (both hosts) against a local fake model.
// Offline, no API key: the model is a fake OpenAI-compatible server on 127.0.0.1 that records what Pi sends.
import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { colorEnabled, makePainter } from "../compiler/output/painter.js";
import { startFakeServer, systemMessagesOf, systemPromptOf, type FakeServer } from "./demo/fake-server.js";
import { createPiEnv } from "./demo/pi-env.js";
import { LEGACY_HOST, MODERN_HOST, REPO_ROOT, type PiHost } from "./demo/pi-host.js";
import { startRpc, type RpcClient } from "./demo/rpc-client.js";

const EXAMPLE = join(REPO_ROOT, "examples", "demo");
const CLI = join(REPO_ROOT, "dist", "cli.js");
const EXTENSION = join(REPO_ROOT, "dist", "extension.js");

// Bold headings on a terminal only: NO_COLOR, FORCE_COLOR and a piped stdout are honored, as the CLI does.
const painter = makePainter(colorEnabled(process.stdout, process.env));

function heading(text: string): void {
  process.stdout.write(`\n${painter.paint("bold", `== ${text} ==`)}\n`);
}

/**
 * The demo's user: a temp HOME and agent dir for every forge and Pi process it starts, so it reads and writes
 * nothing of the real user's (no ~/.cache/forge, no ~/.pi/agent); removed at the end.
 */
const DEMO_USER = mkdtempSync(join(tmpdir(), "forge-demo-"));
const DEMO_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  HOME: DEMO_USER,
  PI_CODING_AGENT_DIR: join(DEMO_USER, "agent"),
  FORGE_CACHE_DIR: join(DEMO_USER, "cache"),
  NO_COLOR: "1",
};

function readTree(dir: string, root = dir): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) Object.assign(files, readTree(path, root));
    else files[relative(root, path)] = readFileSync(path, "utf8");
  }
  return files;
}

function indent(text: string): string {
  return (
    text
      .split("\n")
      .map((line) => `  | ${line}`)
      .join("\n") + "\n"
  );
}

/** Sends a slash command, then prints forge's dialogs (with the demo's answer) and notices in the order they came. */
async function command(rpc: RpcClient, text: string, explain?: string): Promise<void> {
  process.stdout.write(`> ${text}\n`);
  const from = rpc.records.length;
  const response = await rpc.send({ type: "prompt", message: text });
  if (!response.success) throw new Error(`${text} failed: ${JSON.stringify(response)}`);
  await new Promise((resolve) => setTimeout(resolve, 150));
  for (const record of rpc.records.slice(from)) {
    if (record.type !== "extension_ui_request") continue;
    if (record.method === "notify") process.stdout.write(indent(String(record.message)));
    else if (record.method === "confirm") process.stdout.write(`  [dialog] ${String(record.title ?? record.message)} -> yes\n`);
  }
  if (explain) process.stdout.write(`  (${explain})\n`);
}

/** The completion requests Pi sent for one prompt; a clear error when none reached the fake model server. */
async function promptAndCapture(rpc: RpcClient, server: FakeServer, text: string) {
  server.reset();
  await rpc.prompt(text);
  const requests = server.completions();
  if (requests.length === 0) {
    throw new Error(
      `Pi sent no request to the fake model server at ${server.baseUrl}. The demo needs only the loopback interface ` +
        "(127.0.0.1), no network: check that it is up (ip addr show lo) and that nothing blocks local connections.",
    );
  }
  return requests[0]!;
}

async function driveHost(host: PiHost, server: FakeServer, files: Record<string, string>): Promise<void> {
  heading(`${host.packageName} (Node ${host.nodeMajor})`);
  const env = await createPiEnv({ baseUrl: server.baseUrl, cwdFiles: files });
  try {
    // The build runs as the Pi env's own user (its temp HOME and agent dir), so /forge trust and the cache stay there.
    const built = spawnSync(process.execPath, [CLI, "build", "--root", env.cwd], {
      encoding: "utf8",
      env: { ...env.vars, FORGE_CACHE_DIR: join(env.root, "cache") },
    });
    process.stdout.write(`$ forge build\n${indent((built.stdout + built.stderr).trim())}`);
    if (built.status !== 0) throw new Error("forge build failed");
    // The operator answers forge's confirmation dialogs (here: /forge trust) with yes.
    const rpc = await startRpc(host, {
      env,
      args: ["--no-session"],
      extensions: [EXTENSION],
      // Printed by command() after the command that asked, with the answer given here.
      onUiRequest: (request) => (request.method === "confirm" ? { confirmed: true } : undefined),
    });
    try {
      const native = systemPromptOf(await promptAndCapture(rpc, server, "hello"));
      process.stdout.write(`\nsystem prompt Pi sent with no mode selected (${native.length} chars, tail):\n`);
      process.stdout.write(indent(native.split("\n").slice(-4).join("\n")));

      // The legacy host has no project-trust API: forge keeps its own trust store, bound to the bundleHash.
      await command(rpc, "/forge trust");
      await command(
        rpc,
        "/mode set focus ship-check",
        "the cache line estimates how much of the previous request a provider's prompt cache can still serve after this change; a mode change rewrites the prompt, so the part after the first changed character is paid for again",
      );
      const request = await promptAndCapture(rpc, server, "ship it");
      const body = request.body;
      const composed = systemPromptOf(request);
      const added = composed.startsWith(native.slice(0, 200)) ? composed.slice(commonPrefix(native, composed)) : composed;
      process.stdout.write(`\nsystem prompt after /mode set (${composed.length} chars); what forge added:\n${indent(added)}`);
      const extra = systemMessagesOf(body).slice(1);
      if (extra.length > 0) process.stdout.write(`system messages after the first (section patches):\n${indent(extra.join("\n---\n"))}`);
      await command(rpc, "/mode status");
      await command(rpc, "/mode off");
    } finally {
      await rpc.close();
    }
  } finally {
    await env.cleanup();
  }
}

/**
 * The example's prompt tests: `forge test` (no Pi: the extension's own composition, each host's layout) and
 * `forge test --pi` through both hosts this checkout installs (one Pi process each, against forge's capture server).
 * They run on a copy of the example that finds this checkout's node_modules, as a repository with Pi installed does.
 */
function runForgeTests(): void {
  const project = join(DEMO_USER, "tests-project");
  cpSync(EXAMPLE, project, { recursive: true });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(project, "node_modules"), "dir");
  for (const [title, args] of [
    ["forge test (the example's prompt tests, composed without Pi)", ["test"]],
    ["forge test --pi shipping-layout (the same checks on the request each installed Pi sends)", ["test", "--pi", "shipping-layout"]],
  ] as const) {
    heading(title);
    const run = spawnSync(process.execPath, [CLI, ...args], { cwd: project, encoding: "utf8", env: DEMO_ENV });
    process.stdout.write(indent((run.stdout + run.stderr).trimEnd()));
    if (run.status !== 0) throw new Error(`forge ${args.join(" ")} failed`);
  }
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}

async function main(): Promise<void> {
  const files = readTree(EXAMPLE);
  heading("forge preview shipping (the example preset, against a sample host prompt)");
  const preview = spawnSync(process.execPath, [CLI, "preview", "shipping", "--root", EXAMPLE], { encoding: "utf8", env: DEMO_ENV });
  process.stdout.write(preview.stderr + indent(preview.stdout.trimEnd()));
  runForgeTests();
  let server: FakeServer;
  try {
    server = await startFakeServer();
  } catch (err) {
    throw new Error(
      `cannot start the fake model server on 127.0.0.1 (${err instanceof Error ? err.message : String(err)}); the demo needs the loopback interface, no network`,
    );
  }
  try {
    for (const host of [LEGACY_HOST, MODERN_HOST]) await driveHost(host, server, files);
  } finally {
    await server.close();
  }
  process.stdout.write("\ndemo done: both Pi hosts composed the selected modes; no network, no API key.\n");
}

main()
  .finally(() => rmSync(DEMO_USER, { recursive: true, force: true }))
  .catch((err: unknown) => {
    process.stderr.write(`demo failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  });
