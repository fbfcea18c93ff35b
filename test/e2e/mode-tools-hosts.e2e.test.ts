// End-to-end on both hosts (issue 30): tool-name patterns and the gate behave the same on Pi 0.73.1 and 1.6.0 for the
// tools both have, an extension's among them (governed by name): a mode's tools are what each request declares, a
// tool registered after forge narrowed them is not declared, and every call outside them is refused. The fake model
// makes the calls; the assertions read the request bodies Pi sent and the files on disk.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { FORGE_EXTENSION, forgeBuild, seedProjectTrust } from "./harness/forge-project.js";
import { piSuite } from "./harness/pi-suite.js";
import { declaredTools, lastToolResults } from "./harness/mcp-env.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { assertPrintOk, HOSTS, runPrint, type PiHost } from "../../scripts/demo/pi-host.js";
import { pooledTurns } from "./harness/pooled-turns.js";
import { rpcPool } from "./harness/rpc-pool.js";

const TOOL_EXTENSION = fileURLToPath(new URL("./fixtures/tool-extension.ts", import.meta.url));
const suite = piSuite();

const mode = (label: string, tools: string) => `label: ${label}\ndescription: ${label}.\nstrategy: append\nprompt: ${label} mode.\ntools: ${tools}\n`;
const MODES: Record<string, string> = {
  ".pi/forge/modes/narrow.yaml": mode("Narrow", '[read, "gr*", ls]'),
  ".pi/forge/modes/loader.yaml": mode("Loader", "[read, register_late]"),
  ".pi/forge/modes/typo.yaml": mode("Typo", "[read, grepp]"),
};

async function project(host: PiHost): Promise<PiEnv> {
  const env = await suite.env();
  for (const [path, text] of Object.entries(MODES)) {
    mkdirSync(dirname(join(env.cwd, path)), { recursive: true });
    writeFileSync(join(env.cwd, path), text);
  }
  forgeBuild({ root: env.cwd });
  seedProjectTrust(host, env);
  return env;
}

async function run(host: PiHost, env: PiEnv, args: string[]) {
  const from = suite.server.completions().length;
  const result = await runPrint(host, ["--no-session", ...args], { env, extensions: [FORGE_EXTENSION, TOOL_EXTENSION], timeoutMs: 90_000 });
  assertPrintOk(result);
  return { requests: suite.server.completions().slice(from), stderr: result.stderr };
}

const writeCall = (name: string, path: string) => ({ name, arguments: { path, content: "pwned\n" } });

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: a mode's tools, by name and pattern", (_id, host) => {
  let env: PiEnv;
  beforeAll(async () => {
    env = await project(host);
  });
  // The tests after the first (whose subject is the start-up) need no start-up of their own: each is a new session of
  // one RPC Pi per host, the mode chosen by /mode set, the model's replies queued first.
  const pool = rpcPool();
  const turns = (messages: string[]) =>
    pooledTurns(pool, host, env, suite.server, messages, { extensions: [FORGE_EXTENSION, TOOL_EXTENSION], resetServer: false });

  it('tools [read, "gr*", ls] at startup: exactly read, grep and ls are declared; an extension\'s tool, bash and find are refused', async () => {
    suite.server.reset();
    suite.server.enqueue(
      {
        toolCalls: [
          writeCall("ext_write", "ext.txt"),
          { name: "bash", arguments: { command: "echo pwned > bash.txt" } },
          { name: "find", arguments: { pattern: "*" } },
        ],
      },
      { text: "done" },
    );
    const { requests } = await run(host, env, ["--mode=narrow", "go"]);
    expect(requests).toHaveLength(2);
    for (const r of requests) expect(declaredTools([r])).toEqual(["grep", "ls", "read"]);
    for (const result of lastToolResults(requests)) expect(result).toMatch(/not found|not available/);
    expect(existsSync(join(env.cwd, "ext.txt"))).toBe(false);
    expect(existsSync(join(env.cwd, "bash.txt"))).toBe(false);
  });

  it("/mode status shows the set the gate enforces, and a name that matches no tool Pi reports, with the nearest one", async () => {
    suite.server.reset();
    const { requests, said } = await turns(["/mode set typo", "/mode status"]);
    expect(requests).toHaveLength(0);
    expect(said).toContain("  tools:\n    typo: tools: grepp, read\n    every other tool is refused at forge's gate");
    expect(said).toContain('    tools "grepp" of mode typo matches no tool Pi reports (did you mean "grep"?)');
  });

  it("a tool an extension registers after forge narrowed the tools (a command mid-session, or during a run) is not declared, and its call is refused", async () => {
    suite.server.reset();
    suite.server.enqueue(
      { text: "hello" },
      { toolCalls: [writeCall("late_write", "late1.txt")] },
      { text: "done" },
      { toolCalls: [{ name: "register_late", arguments: {} }] },
      { toolCalls: [writeCall("late_write", "late2.txt")] },
      { text: "done" },
    );
    const { requests, said } = await turns(["first", "/mode set narrow", "/register-tool", "go", "/mode set loader", "again"]);
    expect(said).toContain("late_write registered");
    expect(requests).toHaveLength(6);
    expect(declaredTools(requests.slice(0, 1))).toContain("ext_write");
    for (const r of requests.slice(1)) expect(declaredTools([r])).not.toContain("late_write");
    expect(declaredTools(requests.slice(1, 3))).toEqual(["grep", "ls", "read"]);
    expect(declaredTools(requests.slice(3))).toEqual(["read", "register_late"]);
    for (const r of [requests[2]!, requests[5]!]) expect(lastToolResults([r]).at(-1)).toMatch(/not found|is not available in mode/);
    expect(existsSync(join(env.cwd, "late1.txt"))).toBe(false);
    expect(existsSync(join(env.cwd, "late2.txt"))).toBe(false);
  });
});
