// The e2e MCP setup: the stdio fixture server (test/e2e/fixtures/mcp-server.mjs) as an mcp.json or mcpServers entry,
// its call log, the late-registering test extension, and views of what a request declared and what the tools answered.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { RecordedRequest } from "../../../scripts/demo/fake-server.js";
import { toolNames } from "../../../scripts/demo/fake-server.js";
import type { PiEnv } from "../../../scripts/demo/pi-env.js";
import { MODERN_HOST } from "../../../scripts/demo/pi-host.js";

export const MCP_FIXTURE = fileURLToPath(new URL("../fixtures/mcp-server.mjs", import.meta.url));
/** Loaded beside forge: `/register-late` registers the fixture as server "late" (LATE_MCP_EXPOSURE, LATE_MCP_LOG). */
export const LATE_SERVER_EXTENSION = fileURLToPath(new URL("../fixtures/late-mcp-server.ts", import.meta.url));

export type Exposure = "direct" | "codemode" | "deferred";
export const EXPOSURES: readonly Exposure[] = ["direct", "codemode", "deferred"];

/** An mcp.json / mcpServers entry running the fixture in the env's cwd, logging its calls to `log`. */
export function fixtureServer(env: PiEnv, log: string, exposure: Exposure): Record<string, unknown> {
  return { command: MODERN_HOST.node(), args: [MCP_FIXTURE], cwd: env.cwd, env: { MCP_FIXTURE_LOG: log }, exposure };
}

/** Writes the user-level mcp.json (the agent dir's) with these servers. */
export function writeMcpJson(env: PiEnv, servers: Record<string, Record<string, unknown>>): void {
  writeFileSync(join(env.agentDir, "mcp.json"), JSON.stringify({ mcpServers: servers }, null, 2));
}

/** The lines a fixture server logged ("started", then "<tool> <json args>" per call); [] when it never started. */
export function serverLog(file: string): string[] {
  return existsSync(file)
    ? readFileSync(file, "utf8")
        .split("\n")
        .filter((l) => l !== "")
    : [];
}

/** Every tool any of `requests` declared. */
export function declaredTools(requests: readonly RecordedRequest[]): string[] {
  return [...new Set(requests.flatMap((r) => toolNames(r)))].sort();
}

/** The tool results of the last request, as text (JSON of the content when it is not a string). */
export function lastToolResults(requests: readonly RecordedRequest[]): string[] {
  const last = requests[requests.length - 1];
  return ((last?.body.messages ?? []) as any[])
    .filter((m) => m.role === "tool")
    .map((m) => (typeof m.content === "string" ? m.content : JSON.stringify(m.content)));
}

/** A codemode call whose script calls each of `calls` ({tool, args}) and reports each outcome. */
export function codemodeCall(calls: Array<{ tool: string; args: Record<string, unknown> }>): { name: string; arguments: { code: string } } {
  const lines = calls.map(
    (c) =>
      `try { out.push(${JSON.stringify(c.tool)} + " ok " + JSON.stringify(await tools.${c.tool}(${JSON.stringify(c.args)}))); } catch (e) { out.push(${JSON.stringify(c.tool)} + " failed: " + e.message); }`,
  );
  return { name: "codemode", arguments: { code: ["const out = [];", ...lines, 'return out.join("\\n");'].join("\n") } };
}
