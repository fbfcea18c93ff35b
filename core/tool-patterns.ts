// Tool-name patterns (a mode's `tools: [read, mcp__docs__*]`): the RE2 expression each compiles to, so a match is
// linear in the name's length, and how an MCP server's tools are named (mcp__<server>__<tool>, as Pi names them).
import { compileLinear } from "./path-match.js";

/** The syntax every pattern has (schema/common.schema.json toolPattern): no character RE2 would read as syntax. */
export const TOOL_PATTERN_SYNTAX = /^[A-Za-z_*?][A-Za-z0-9_*?-]*$/;

/** Longest tool name forge tests against a pattern (Pi's provider tool names are at most 64 characters). */
export const MAX_TOOL_NAME_CHARS = 256;

/** Pi's MCP resource tools (1.x): they reach the server their `server` argument names. */
export const MCP_RESOURCE_TOOLS: readonly string[] = ["list_mcp_resources", "list_mcp_resource_templates", "read_mcp_resource"];

/**
 * The tools a build knows: Pi's built-ins (powershell on 1.x), the tools of 1.x's built-in codemode, tool-search and MCP
 * extensions, and forge's own. Any other name may be an extension's: a build warns (unknown_tool) and goes on.
 */
export const KNOWN_TOOLS: readonly string[] = [
  "read",
  "bash",
  "edit",
  "write",
  "grep",
  "find",
  "ls",
  "powershell",
  "codemode",
  "tool_search",
  ...MCP_RESOURCE_TOOLS,
  "forge_system_update",
];

/** Whether a pattern could only name tools a build cannot know: an MCP server's (mcp__...). */
export function namesMcpTools(pattern: string): boolean {
  return pattern.startsWith("mcp__");
}

/** Whether a pattern holds a wildcard (`*` or `?`); one without is a plain tool name. */
export function isToolGlob(pattern: string): boolean {
  return pattern.includes("*") || pattern.includes("?");
}

/** The anchored expression of a pattern: `*` any run of characters, `?` one; every other character is literal. */
export function toolPatternRegex(pattern: string): string {
  return `^(?:${pattern.replace(/\*+/g, ".*").replace(/\?/g, ".")})$`;
}

export interface ToolMatcher {
  /** The first pattern that matches `name` whole, or null. */
  first(name: string): string | null;
}

/**
 * The patterns compiled once (callers keep the matcher per pinned list). A pattern outside the syntax, or one RE2
 * refuses, matches nothing: a pattern never grants more than it says.
 */
export function compileToolPatterns(patterns: readonly string[]): ToolMatcher {
  const compiled = patterns.map((p) => ({ p, re: TOOL_PATTERN_SYNTAX.test(p) ? compileLinear(toolPatternRegex(p)) : null }));
  return {
    first(name) {
      if (name.length > MAX_TOOL_NAME_CHARS) return null;
      for (const c of compiled) if (c.re !== null && c.re.test(name)) return c.p;
      return null;
    },
  };
}

/** Pi's namespace of a server's tools (`mcp__<server>`, `-` written `_`), as pi-mcp's mcpNamespace names it. */
export function mcpNamespaceOf(server: string): string {
  return `mcp__${server.replace(/[^A-Za-z0-9_]/g, "_")}`;
}

/**
 * Whether `tool` is one of `server`'s tools: its namespace when the host reports one (Pi 1.x, exact), else its name
 * starts with `mcp__<server>__` (a resource tool: its `server` argument).
 */
export function toolOfServer(tool: string, server: string, namespace: string | undefined, input: unknown): boolean {
  if (MCP_RESOURCE_TOOLS.includes(tool)) return resourceServer(input) === server;
  if (namespace !== undefined) return namespace === mcpNamespaceOf(server);
  return tool.startsWith(`${mcpNamespaceOf(server)}__`);
}

/** Whether `tool` is an MCP server's tool or one of Pi's MCP resource tools. */
export function isMcpTool(tool: string): boolean {
  return tool.startsWith("mcp__") || MCP_RESOURCE_TOOLS.includes(tool);
}

/** The `server` argument of a resource tool's call, or null. */
function resourceServer(input: unknown): string | null {
  const server = input !== null && typeof input === "object" ? (input as { server?: unknown }).server : undefined;
  return typeof server === "string" ? server : null;
}
