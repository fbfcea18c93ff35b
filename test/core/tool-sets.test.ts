// The tool sets the gate enforces (core/tool-sets.ts, core/tool-patterns.ts): patterns matched whole with RE2, mcp:
// servers by namespace, sets intersecting, a set forge cannot know failing closed, pins read like the limits' pins,
// and MCP read-only hints trusted under a limit only when every limit says so.
import { describe, expect, it } from "vitest";
import { hintsTrusted, toolAllowedUnder, type ActiveLimit } from "../../core/pinned-limits.js";
import { compileToolPatterns, mcpNamespaceOf, toolPatternRegex } from "../../core/tool-patterns.js";
import { activeToolSets, describeToolRefusal, refusingSet, type ActiveToolSet, type ToolSetCache } from "../../core/tool-sets.js";
import type { Catalog } from "../../core/component-catalog.js";
import type { PinnedComponent } from "../../core/session-state.js";
import { declaredToolPolicy } from "../../runtime/tool-policy.js";

const set = (mode: string, tools: string[] | null, mcp: string[] | null = null): ActiveToolSet => ({ kind: "set", mode, tools, mcp });
const refuses = (sets: ActiveToolSet[], tool: string, input: unknown = {}, namespace?: string) =>
  refusingSet(sets, tool, input, namespace === undefined ? undefined : { namespace }, ["forge_system_update"], new WeakMap() as ToolSetCache)?.mode ?? null;

describe("tool patterns", () => {
  it("match whole names: * any run (underscores too), ? one character, every other character literal", () => {
    const m = compileToolPatterns(["read", "mcp__docs__*", "mcp__*__read_*", "gre?"]);
    expect(m.first("read")).toBe("read");
    expect(m.first("reader")).toBeNull();
    expect(m.first("mcp__docs__search")).toBe("mcp__docs__*");
    expect(m.first("mcp__docs_evil__search")).toBeNull();
    expect(m.first("mcp__fs__read_file")).toBe("mcp__*__read_*");
    expect(m.first("mcp__fs__write_file")).toBeNull();
    expect(m.first("grep")).toBe("gre?");
    expect(toolPatternRegex("a-b*")).toBe("^(?:a-b.*)$");
  });

  it("a pattern outside the syntax matches nothing; a name past the bound matches nothing", () => {
    expect(compileToolPatterns(["re.d"]).first("read")).toBeNull();
    expect(compileToolPatterns(["(a+)+"]).first("aaaa")).toBeNull();
    expect(compileToolPatterns(["*"]).first("x".repeat(300))).toBeNull();
  });

  it("an MCP server's namespace is Pi's: every character but letters, digits and _ written _", () => {
    expect(mcpNamespaceOf("dev-radius")).toBe("mcp__dev_radius");
  });
});

describe("the gate's verdict", () => {
  it("a named set refuses every tool it does not name, MCP or not; forge's own tool too unless listed", () => {
    const ro = [set("ro", ["read", "grep", "find", "ls"])];
    expect(refuses(ro, "read")).toBeNull();
    for (const tool of ["bash", "write", "codemode", "tool_search", "mcp__fs__write_file", "forge_system_update"]) expect(refuses(ro, tool)).toBe("ro");
  });

  it("mcp: [docs] allows docs' tools by namespace when the host reports one, else by name; a look-alike server is refused", () => {
    const docs = [set("docs", ["read"], ["docs"])];
    expect(refuses(docs, "mcp__docs__search", {}, "mcp__docs")).toBeNull();
    expect(refuses(docs, "mcp__docs__search")).toBeNull();
    expect(refuses(docs, "mcp__docs__evil__x", {}, "mcp__docs__evil")).toBe("docs");
    expect(refuses(docs, "mcp__fs__write_file", {}, "mcp__fs")).toBe("docs");
  });

  it("a set of servers only (no tools) restricts MCP alone: other tools run, resource tools reach only its servers", () => {
    const only = [set("docs", null, ["docs"])];
    expect(refuses(only, "bash")).toBeNull();
    expect(refuses(only, "mcp__fs__read_file", {}, "mcp__fs")).toBe("docs");
    expect(refuses(only, "read_mcp_resource", { server: "docs", uri: "x" })).toBeNull();
    expect(refuses(only, "read_mcp_resource", { server: "fs", uri: "x" })).toBe("docs");
    expect(refuses(only, "list_mcp_resources", {})).toBe("docs");
  });

  it("sets intersect: a tool runs only when every set allows it", () => {
    const both = [set("a", ["read", "grep"]), set("b", ["read", "mcp__*"])];
    expect(refuses(both, "read")).toBeNull();
    expect(refuses(both, "grep")).toBe("b");
    expect(refuses(both, "mcp__fs__x")).toBe("a");
  });

  it("a set forge cannot know lets only the read-only built-ins and forge's own tools run, and says how to resolve it", () => {
    const unknown: ActiveToolSet[] = [{ kind: "unknown", mode: "ro", reason: "its definition changed since" }];
    expect(refuses(unknown, "grep")).toBeNull();
    expect(refuses(unknown, "forge_system_update")).toBeNull();
    expect(refuses(unknown, "mcp__docs__search")).toBe("ro");
    expect(describeToolRefusal("bash", unknown[0]!)).toContain("/mode reapprove");
    expect(describeToolRefusal("bash", set("ro", ["read"]))).toBe('forge: tool bash is not available in mode "ro" (tools: read). Nothing ran.');
  });
});

describe("pinned tool sets", () => {
  const catalog = (modes: Record<string, { digest: string; tools?: string[]; mcp?: string[] }>) =>
    ({ modes: new Map(Object.entries(modes).map(([key, mode]) => [key, { key, mode, scope: "project", layer: null }])) }) as unknown as Catalog;
  const pin = (key: string, extra: Partial<PinnedComponent>): PinnedComponent => ({
    key,
    role: "overlay",
    digest: "d1",
    scope: "project",
    layer: null,
    edits: null,
    tools: undefined,
    mcp: undefined,
    ...extra,
  });

  it("a pinned set holds whatever the bundle says now; a pin without restriction adds none", () => {
    const now = catalog({ ro: { digest: "d2" } });
    expect(activeToolSets([pin("ro", { tools: ["read"], mcp: null })], now)).toEqual([set("ro", ["read"])]);
    expect(activeToolSets([pin("ro", { tools: null, mcp: null })], catalog({ ro: { digest: "d1", tools: ["read"] } }))).toEqual([]);
  });

  it("an entry from before tools were pinned takes the unchanged mode's tools, and is unknown once it changed or vanished", () => {
    expect(activeToolSets([pin("ro", {})], catalog({ ro: { digest: "d1", tools: ["read"] } }))).toEqual([set("ro", ["read"])]);
    expect(activeToolSets([pin("ro", {})], catalog({ ro: { digest: "d2", tools: ["read"] } }))[0]!.kind).toBe("unknown");
    expect(activeToolSets([pin("ro", {})], catalog({}))[0]!.kind).toBe("unknown");
  });
});

describe("MCP read-only hints under an edit limit", () => {
  const limit = (trust: boolean): ActiveLimit => ({
    kind: "limit",
    mode: "docs",
    layer: null,
    limit: { deny: [], ...(trust ? { trustReadOnlyHints: true as const } : {}) },
  });
  const readOnly = { readOnlyHint: true };

  it("run only when every limit trusts them, the tool is an MCP tool, and it is not also hinted destructive", () => {
    expect(toolAllowedUnder([limit(true)], "mcp__fs__read_file", [], readOnly)).toBe(true);
    expect(toolAllowedUnder([limit(false)], "mcp__fs__read_file", [], readOnly)).toBe(false);
    expect(toolAllowedUnder([limit(true), limit(false)], "mcp__fs__read_file", [], readOnly)).toBe(false);
    expect(toolAllowedUnder([limit(true)], "mcp__fs__write_file", [], {})).toBe(false);
    expect(toolAllowedUnder([limit(true)], "mcp__fs__wipe", [], { readOnlyHint: true, destructiveHint: true })).toBe(false);
    expect(toolAllowedUnder([limit(true)], "web_fetch", [], readOnly)).toBe(false);
    expect(hintsTrusted([])).toBe(false);
  });
});

describe("the declared tools follow the gate", () => {
  const facts = () => undefined;
  const policy = (sets: ActiveToolSet[], delivery: "declare" | "gate" = "declare") =>
    declaredToolPolicy({ sets, limits: [], delivery, own: [], facts, cache: new WeakMap() });

  it("declare: a tool is declared exactly when the gate lets it run; naming tools may switch the read-only built-ins on", () => {
    const p = policy([set("docs", ["read", "mcp__docs__*"], ["jira"])]);
    expect(p.restricts).toBe(true);
    expect(["read", "mcp__docs__search", "mcp__jira__get", "read_mcp_resource"].every(p.allowed)).toBe(true);
    expect(["grep", "codemode", "mcp__fs__write_file", "bash"].some(p.allowed)).toBe(false);
    expect(p.switchOn).toEqual(["read", "grep", "find", "ls"]);
    expect(policy([set("docs", null, ["docs"])]).switchOn).toEqual([]);
  });

  it("gate: nothing is narrowed (the gate alone refuses)", () => {
    expect(policy([set("ro", ["read"])], "gate").restricts).toBe(false);
    expect(policy([]).restricts).toBe(false);
  });
});

describe("/mode status: names that match nothing Pi reports", () => {
  it("a tool name gets the nearest reported tool, a server the nearest reported server; a pattern over MCP waits for servers", async () => {
    const { buildToolStatus } = await import("../../runtime/tool-status.js");
    const report = buildToolStatus({
      sets: [set("m", ["read", "grepp", "mcp__jira__*"], ["docss"])],
      delivery: "declare",
      limits: [],
      wanted: { start: [], waiting: [] },
      registered: new Map(),
      reported: ["read", "grep", "mcp__docs__search"],
    });
    expect(report.unmatched).toEqual([
      { mode: "m", pattern: "mcp: docss", suggestion: "docs" },
      { mode: "m", pattern: "grepp", suggestion: "grep" },
      { mode: "m", pattern: "mcp__jira__*", suggestion: null },
    ]);
  });
});
