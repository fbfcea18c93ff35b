// End-to-end on Pi 1.6.0 with the stdio MCP fixture (issue 30): a repository's mcpServers start nothing before forge's
// own trust covers its bundle (Pi reports a folder holding only .pi/forge trusted without asking), start once trusted
// while their mode is selected, and stop with it; edits.trustReadOnlyHints lets the read-only tool run under a limit and
// still refuses the write tool. On 0.73.1, which has no MCP, a mode's servers are not started and forge says so.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { FORGE_EXTENSION, forgeBuild, seedProjectTrust } from "./harness/forge-project.js";
import { piSuite } from "./harness/pi-suite.js";
import { declaredTools, fixtureServer, lastToolResults, MCP_FIXTURE, serverLog, writeMcpJson } from "./harness/mcp-env.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { assertPrintOk, LEGACY_HOST, MODERN_HOST, runPrint, type PiHost } from "../../scripts/demo/pi-host.js";

const suite = piSuite();

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

async function run(host: PiHost, env: PiEnv, args: string[]) {
  const from = suite.server.completions().length;
  const result = await runPrint(host, ["--no-session", ...args], { env, extensions: [FORGE_EXTENSION], timeoutMs: 120_000 });
  assertPrintOk(result);
  return { requests: suite.server.completions().slice(from), stderr: result.stderr };
}

/** A mode that brings the fixture as server "repo" (direct exposure, its calls logged to `log`). */
function repoMode(log: string): string {
  const server = { command: MODERN_HOST.node(), args: [MCP_FIXTURE], env: { MCP_FIXTURE_LOG: log }, exposure: "direct" };
  return `label: Repo\ndescription: Repo.\nstrategy: append\nprompt: Repo mode.\ntools: [read, "mcp__repo__*"]\nmcpServers:\n  repo: ${JSON.stringify(server)}\n`;
}

describe("Pi 1.6.0: a repository's mcpServers", () => {
  let env: PiEnv;
  let log: string;
  beforeAll(async () => {
    env = await suite.env();
    log = join(env.root, "repo.log");
    writeFiles(env.cwd, { ".pi/forge/modes/repo.yaml": repoMode(log) });
    forgeBuild({ root: env.cwd });
  });

  it("start nothing before forge's trust, start once trusted while their mode is selected, and stop with it", async () => {
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [{ name: "mcp__repo__write_file", arguments: { path: "early.txt", content: "x\n" } }] }, { text: "done" });
    const before = await run(MODERN_HOST, env, ["--mode=repo", "go"]);
    expect(before.stderr).toContain("forge: MCP server repo (mode repo): ");
    expect(before.stderr).toContain("is not started: forge's own trust does not cover its bundle yet (/forge trust)");
    expect(before.stderr).not.toContain("Trust this project");
    expect(serverLog(log)).toEqual([]);
    expect(declaredTools(before.requests)).toEqual(["read"]);
    expect(existsSync(join(env.cwd, "early.txt"))).toBe(false);

    // No dialog in print mode: /forge trust trusts as asked, and shows what the bundle would start.
    const trust = await run(MODERN_HOST, env, ["/forge trust"]);
    expect(trust.stderr).toContain("MCP servers it would start (Pi 1.x) while a mode that brings them is active:");
    expect(trust.stderr).toMatch(/ {2}repo \(mode repo\): \S+node \S+mcp-server\.mjs, exposure direct/);
    expect(trust.stderr).toContain("the MCP servers its modes bring may start");
    expect(serverLog(log)).toEqual([]);

    suite.server.reset();
    suite.server.enqueue(
      { toolCalls: [{ name: "mcp__repo__write_file", arguments: { path: "trusted.txt", content: "ok\n" } }] },
      { text: "done" },
      { toolCalls: [{ name: "mcp__repo__write_file", arguments: { path: "after-off.txt", content: "x\n" } }] },
      { text: "done" },
    );
    const after = await run(MODERN_HOST, env, ["--mode=repo", "go", "/mode status", "/mode off", "again"]);
    expect(after.stderr).toMatch(/ {4}MCP server repo \(mode repo\): \S+node \S+mcp-server\.mjs, exposure direct; started\n/);
    expect(serverLog(log)).toEqual(["started", 'write_file {"path":"trusted.txt","content":"ok\\n"}']);
    expect(existsSync(join(env.cwd, "trusted.txt"))).toBe(true);
    expect(declaredTools(after.requests.slice(0, 2))).toEqual(["mcp__repo__read_file", "mcp__repo__write_file", "read"]);
    // /mode off: forge unregistered the server; its tools are neither declared nor run.
    expect(declaredTools(after.requests.slice(2)).filter((t) => t.startsWith("mcp__repo__"))).toEqual([]);
    expect(lastToolResults(after.requests.slice(0, 4)).at(-1)).toMatch(/not found|not available/);
    expect(existsSync(join(env.cwd, "after-off.txt"))).toBe(false);
  });
});

describe("Pi 1.6.0: edits.trustReadOnlyHints", () => {
  let env: PiEnv;
  let log: string;
  beforeAll(async () => {
    env = await suite.env();
    log = join(env.root, "fs.log");
    writeMcpJson(env, { fs: fixtureServer(env, log, "direct") });
    const limited = (label: string, extra: string) =>
      `label: ${label}\ndescription: ${label}.\nstrategy: append\nprompt: ${label} mode.\nedits:\n  allow: [docs/**]\n${extra}`;
    writeFiles(env.cwd, {
      ".pi/forge/modes/hinted.yaml": limited("Hinted", "  trustReadOnlyHints: true\n"),
      ".pi/forge/modes/limited.yaml": limited("Limited", ""),
      "docs/guide.md": "the guide\n",
    });
    forgeBuild({ root: env.cwd });
  });

  it("lets the read-only tool run under a limit and refuses the write tool; without it both are refused", async () => {
    suite.server.reset();
    const calls = [
      { name: "mcp__fs__read_file", arguments: { path: "docs/guide.md" } },
      { name: "mcp__fs__write_file", arguments: { path: "docs/new.md", content: "x\n" } },
    ];
    suite.server.enqueue({ toolCalls: calls }, { text: "done" }, { toolCalls: calls }, { text: "done" });
    const { requests } = await run(MODERN_HOST, env, ["--mode=hinted", "go", "/mode set limited", "again"]);
    expect(requests).toHaveLength(4);
    expect(declaredTools(requests.slice(0, 2))).toContain("mcp__fs__read_file");
    expect(declaredTools(requests.slice(0, 2))).not.toContain("mcp__fs__write_file");
    const [read, write] = lastToolResults(requests.slice(0, 2));
    expect(read).toContain("the guide");
    expect(write).toMatch(/not found|forge: mcp__fs__write_file refused/);
    expect(declaredTools(requests.slice(2)).filter((t) => t.startsWith("mcp__fs__"))).toEqual([]);
    // The last request carries every tool result so far: the second prompt's are the last two.
    const again = lastToolResults(requests).slice(2);
    expect(again).toHaveLength(2);
    for (const result of again) expect(result).toMatch(/not found|forge: mcp__fs__(read|write)_file refused/);
    expect(existsSync(join(env.cwd, "docs/new.md"))).toBe(false);
    expect(serverLog(log).filter((l) => l.startsWith("write_file"))).toEqual([]);
    expect(serverLog(log).filter((l) => l.startsWith("read_file"))).toHaveLength(1);
  });
});

describe("Pi 0.73.1: no MCP of its own", () => {
  it("a mode's mcpServers are not started, and forge says so; its tools still narrow the declared set", async () => {
    const env = await suite.env();
    const log = join(env.root, "repo.log");
    writeFiles(env.cwd, { ".pi/forge/modes/repo.yaml": repoMode(log) });
    forgeBuild({ root: env.cwd });
    seedProjectTrust(LEGACY_HOST, env);
    suite.server.reset();
    suite.server.enqueue({ text: "done" });
    const { requests, stderr } = await run(LEGACY_HOST, env, ["--mode=repo", "go"]);
    expect(stderr).toContain("is not started: this Pi (0.73.1) has no MCP of its own");
    expect(serverLog(log)).toEqual([]);
    expect(declaredTools(requests)).toEqual(["read"]);
  });
});
