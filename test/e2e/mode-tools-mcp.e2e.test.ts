// End-to-end on Pi 1.6.0 with a real stdio MCP server (issue 30): for each exposure (direct, codemode, deferred) a
// mode's tools hold whether it is selected at startup or mid-session: no request declares a tool outside them, and every
// route to one is refused (a direct call, tool_search, a codemode script's nested call, a server registered later).
// A mcp__docs__* mode reaches docs only. The fake model makes the calls; the assertions read the request bodies Pi sent,
// the tool results, the fixture server's call log and the files on disk.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { FORGE_EXTENSION, forgeBuild } from "./harness/forge-project.js";
import { piSuite } from "./harness/pi-suite.js";
import {
  codemodeCall,
  declaredTools,
  EXPOSURES,
  fixtureServer,
  LATE_SERVER_EXTENSION,
  lastToolResults,
  serverLog,
  writeMcpJson,
  type Exposure,
} from "./harness/mcp-env.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { assertPrintOk, MODERN_HOST, runPrint } from "../../scripts/demo/pi-host.js";

const suite = piSuite();

const mode = (label: string, tools: string) => `label: ${label}\ndescription: ${label}.\nstrategy: append\nprompt: ${label} mode.\ntools: ${tools}\n`;
const MODES: Record<string, string> = {
  ".pi/forge/modes/ro.yaml": mode("Read only", "[read, grep, find, ls]"),
  ".pi/forge/modes/scripts.yaml": mode("Scripts", "[read, codemode, tool_search]"),
  ".pi/forge/modes/docs.yaml": mode("Docs", '[read, codemode, tool_search, "mcp__docs__*"]'),
};
const write = (tool: string, path: string) => ({ tool, args: { path, content: "pwned\n" } });

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

interface McpProject {
  env: PiEnv;
  logs: { fs: string; docs: string; late: string };
}

/** An env with servers fs and docs (the fixture, at `exposure`) in mcp.json, codemode and tool_search on, the modes built. */
async function mcpProject(exposure: Exposure): Promise<McpProject> {
  const env = await suite.env({ settings: { defaultTools: ["+codemode", "+tool_search"] } });
  const logs = { fs: join(env.root, "fs.log"), docs: join(env.root, "docs.log"), late: join(env.root, "late.log") };
  writeMcpJson(env, { fs: fixtureServer(env, logs.fs, exposure), docs: fixtureServer(env, logs.docs, exposure) });
  writeFiles(env.cwd, MODES);
  forgeBuild({ root: env.cwd });
  return { env, logs };
}

async function run(p: McpProject, exposure: Exposure, args: string[]) {
  const from = suite.server.completions().length;
  const result = await runPrint(MODERN_HOST, ["--no-session", ...args], {
    env: p.env,
    extensions: [FORGE_EXTENSION, LATE_SERVER_EXTENSION],
    extraEnv: { LATE_MCP_EXPOSURE: exposure, LATE_MCP_LOG: p.logs.late },
    timeoutMs: 120_000,
  });
  assertPrintOk(result);
  return { requests: suite.server.completions().slice(from), stderr: result.stderr };
}

const FS_TOOLS = /^mcp__(fs|late)__/;

describe.each(EXPOSURES.map((e) => [e] as const))("Pi 1.6.0, MCP exposure %s: a mode's tools are a boundary", (exposure) => {
  let p: McpProject;
  beforeAll(async () => {
    p = await mcpProject(exposure);
  });

  it("selected at startup (--mode=ro): no request declares a tool outside it, and every route to an MCP write is refused", async () => {
    suite.server.reset();
    suite.server.enqueue(
      {
        toolCalls: [
          { name: "mcp__fs__write_file", arguments: { path: "direct.txt", content: "pwned\n" } },
          codemodeCall([write("mcp__fs__write_file", "script.txt")]),
          { name: "tool_search", arguments: { query: "write_file" } },
          { name: "write", arguments: { path: "builtin.txt", content: "pwned\n" } },
        ],
      },
      { text: "done" },
    );
    const { requests } = await run(p, exposure, ["--mode=ro", "go"]);
    expect(requests).toHaveLength(2);
    for (const r of requests) expect(declaredTools([r])).toEqual(["find", "grep", "ls", "read"]);
    expect(lastToolResults(requests)).toHaveLength(4);
    for (const result of lastToolResults(requests)) expect(result).toMatch(/not (found|available)/);
    for (const file of ["direct.txt", "script.txt", "builtin.txt"]) expect(existsSync(join(p.env.cwd, file))).toBe(false);
    expect(serverLog(p.logs.fs).filter((l) => l.startsWith("write_file"))).toEqual([]);
  });

  it("selected mid-session (/mode set scripts): a script's nested calls outside the mode, and a server registered later, are refused at forge's gate", async () => {
    suite.server.reset();
    const calls = [write("mcp__fs__write_file", "nested.txt"), write("mcp__late__write_file", "late.txt"), write("write", "builtin.txt")];
    suite.server.enqueue(
      { text: "hello" },
      { toolCalls: [codemodeCall(calls)] },
      { toolCalls: [{ name: "tool_search", arguments: { query: "write_file" } }] },
      { toolCalls: [{ name: "mcp__fs__write_file", arguments: { path: "searched.txt", content: "pwned\n" } }] },
      { text: "done" },
    );
    const { requests, stderr } = await run(p, exposure, ["first", "/mode set scripts", "/register-late", "go"]);
    expect(stderr).toContain("late server registered");
    // Before the switch Pi's own tools are declared; from the switch on, only the mode's.
    expect(declaredTools(requests.slice(0, 1))).toEqual(expect.arrayContaining(exposure === "direct" ? ["mcp__fs__write_file"] : ["codemode"]));
    for (const r of requests.slice(1)) {
      expect(declaredTools([r]).filter((t) => FS_TOOLS.test(t) || t.startsWith("mcp__docs__"))).toEqual([]);
      expect(declaredTools([r])).not.toContain("write");
    }
    const script = lastToolResults(requests.slice(0, 3))[0]!;
    // A script calls what Pi lets it call: codemode and deferred tools whether declared or not, direct ones while active.
    // Forge's gate refuses each of those outside the mode; Pi itself refuses the rest (not callable).
    const refused = (tool: string) => new RegExp(`${tool} failed: (forge: tool ${tool} is not available in mode "scripts"|tools.${tool} does not exist)`);
    for (const tool of ["mcp__fs__write_file", "mcp__late__write_file", "write"]) expect(script).toMatch(refused(tool));
    if (exposure !== "direct") {
      expect(script).toContain('forge: tool mcp__fs__write_file is not available in mode "scripts"');
      expect(script).toContain('forge: tool mcp__late__write_file is not available in mode "scripts"');
    }
    expect(lastToolResults(requests)[0]).toMatch(/not (found|available)/);
    for (const file of ["nested.txt", "late.txt", "builtin.txt", "searched.txt"]) expect(existsSync(join(p.env.cwd, file))).toBe(false);
    expect([...serverLog(p.logs.fs), ...serverLog(p.logs.late)].filter((l) => l.startsWith("write_file"))).toEqual([]);
  });

  it("a mcp__docs__* mode reaches docs only: docs' write runs, fs' is refused and never declared", async () => {
    suite.server.reset();
    const viaScript = exposure !== "direct";
    suite.server.enqueue(
      viaScript
        ? { toolCalls: [codemodeCall([write("mcp__docs__write_file", "docs-ok.txt"), write("mcp__fs__write_file", "fs-bad.txt")])] }
        : {
            toolCalls: [
              { name: "mcp__docs__write_file", arguments: { path: "docs-ok.txt", content: "ok\n" } },
              { name: "mcp__fs__write_file", arguments: { path: "fs-bad.txt", content: "pwned\n" } },
            ],
          },
      { text: "done" },
    );
    const { requests } = await run(p, exposure, ["--mode=docs", "go"]);
    const declared = declaredTools(requests);
    expect(declared.filter((t) => t.startsWith("mcp__fs__"))).toEqual([]);
    if (exposure === "direct") expect(declared).toEqual(expect.arrayContaining(["mcp__docs__read_file", "mcp__docs__write_file"]));
    expect(existsSync(join(p.env.cwd, "docs-ok.txt"))).toBe(true);
    expect(existsSync(join(p.env.cwd, "fs-bad.txt"))).toBe(false);
    if (viaScript) expect(lastToolResults(requests)[0]).toContain('forge: tool mcp__fs__write_file is not available in mode "docs"');
  });
});
