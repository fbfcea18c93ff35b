// A mode's tools on the fake Pi (issue 30): the gate refuses every tool outside the pinned set with the reason the model
// sees, the declared tools follow the same set (re-applied after each turn, and left out of each 1.x request's
// declarations), /mode off gives back every tool Pi or an extension added meanwhile, and a set forge cannot know fails
// closed; a server forge started for a mode stays refused after /mode off.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { compile } from "../../compiler/compile.js";
import { MODE_STATE_TYPE } from "../../core/mode-state-reducer.js";
import { createForgeExtension } from "../../runtime/extension.js";
import type { TranscriptMessage } from "../../runtime/host-adapter/ports.js";
import { treeOf } from "../compiler/source-tree.js";
import { FakePi } from "../support/fake-pi.js";
import { testTempDir } from "../support/temp-dir.js";

const mode = (label: string, extra: string) => `label: ${label}\ndescription: ${label}.\nstrategy: append\nprompt: ${label}.\n${extra}`;
const SOURCES: Record<string, string> = {
  "modes/docs.yaml": mode("Docs", 'tools: [read, "mcp__docs__*"]\n'),
  "modes/servers.yaml": mode("Servers", "mcp: [docs]\n"),
  "modes/free.yaml": mode("Free", ""),
  "modes/hinted.yaml": mode("Hinted", "edits:\n  allow: [docs/**]\n  trustReadOnlyHints: true\n"),
  "modes/limited.yaml": mode("Limited", "edits:\n  allow: [docs/**]\n"),
  "modes/brings.yaml": mode("Brings", "mcpServers:\n  kb:\n    command: node\n    args: [kb.mjs]\n"),
};
const TOOLS = ["read", "bash", "edit", "write"];

let dir = "";
function writeBundle(sources: Record<string, string>): void {
  writeFileSync(join(dir, "agent", "forge", "bundle.json"), JSON.stringify(compile(treeOf(sources), { scope: "global", forgeVersion: "0.0.0-test" }).bundle));
}

beforeEach(() => {
  dir = testTempDir("forge-toolsets-");
  mkdirSync(join(dir, "agent", "forge"), { recursive: true });
  mkdirSync(join(dir, "work"), { recursive: true });
  writeBundle(SOURCES);
});

function setup() {
  const pi = new FakePi({ activeTools: TOOLS });
  createForgeExtension(pi, { env: { PI_CODING_AGENT_DIR: join(dir, "agent") }, builtinFile: join(dir, "no-builtin.json"), os: "linux" });
  const ctx = pi.ctx({ cwd: join(dir, "work"), host: "1.x" });
  return { pi, ctx, mode: (args: string) => pi.run("mode", args, ctx) };
}

describe("a mode's tools at the gate", () => {
  it("refuses every tool outside the set with the reason the model sees, and lets the set through", async () => {
    const t = setup();
    await t.mode("set docs");
    expect(await t.pi.toolCall(t.ctx, "bash", { command: "ls" })).toEqual({
      block: true,
      reason: 'forge: tool bash is not available in mode "docs" (tools: mcp__docs__*, read). Nothing ran.',
    });
    expect((await t.pi.toolCall(t.ctx, "mcp__fs__write_file", { path: "x" }))?.block).toBe(true);
    expect(await t.pi.toolCall(t.ctx, "mcp__docs__search", { q: "x" })).toBeUndefined();
    expect(await t.pi.toolCall(t.ctx, "read", { path: "a.md" })).toBeUndefined();
    await t.mode("set free");
    expect(await t.pi.toolCall(t.ctx, "bash", { command: "ls" })).toBeUndefined();
  });

  it("mcp: [docs] alone restricts MCP only", async () => {
    const t = setup();
    await t.mode("set servers");
    expect(await t.pi.toolCall(t.ctx, "bash", { command: "ls" })).toBeUndefined();
    expect((await t.pi.toolCall(t.ctx, "mcp__fs__read_file", { path: "x" }))?.reason).toContain('not available in mode "servers" (MCP servers: docs');
    expect(await t.pi.toolCall(t.ctx, "mcp__docs__read_file", { path: "x" })).toBeUndefined();
  });

  it("a pinned set whose mode changed since, from an entry that predates pinned tools, fails closed until reapproved", async () => {
    const t = setup();
    await t.mode("set docs");
    // An entry as an older forge wrote it (no tools pin), then the mode changes in the bundle.
    const [entry] = t.pi.session
      .getBranch()
      .filter((e: any) => e.customType === MODE_STATE_TYPE)
      .slice(-1) as any[];
    const old = structuredClone(entry.data);
    delete old.components.docs.tools;
    delete old.components.docs.mcp;
    t.pi.appendEntry(MODE_STATE_TYPE, old);
    writeBundle({ ...SOURCES, "modes/docs.yaml": mode("Docs", "tools: [read, grep]\n") });
    expect((await t.pi.toolCall(t.ctx, "mcp__docs__search", {}))?.reason).toContain('forge cannot know the tools of mode "docs"');
    expect(await t.pi.toolCall(t.ctx, "grep", { pattern: "x" })).toBeUndefined();
  });
});

describe("edits.trustReadOnlyHints", () => {
  it("lets a tool Pi reports readOnlyHint run under the limit, never a destructive or unhinted one; /mode status names it", async () => {
    const t = setup();
    const annotated = (name: string, annotations: Record<string, boolean>) => ({ name, namespace: { name: "mcp__fs" }, annotations });
    Object.assign(t.pi, {
      getAllTools: () => [
        { name: "read" },
        annotated("mcp__fs__read_file", { readOnlyHint: true }),
        annotated("mcp__fs__wipe", { readOnlyHint: true, destructiveHint: true }),
        annotated("mcp__fs__write_file", {}),
      ],
    });
    await t.mode("set hinted");
    expect(await t.pi.toolCall(t.ctx, "mcp__fs__read_file", { path: "x" })).toBeUndefined();
    for (const tool of ["mcp__fs__wipe", "mcp__fs__write_file"]) expect((await t.pi.toolCall(t.ctx, tool, { path: "x" }))?.block).toBe(true);
    await t.mode("status");
    expect(t.ctx.log.notes.at(-1)?.text).toContain(
      "MCP tools hinted readOnlyHint (and not destructiveHint) run under the edit limit: edits.trustReadOnlyHints (Pi does not verify the hints)",
    );
    await t.mode("set limited");
    expect((await t.pi.toolCall(t.ctx, "mcp__fs__read_file", { path: "x" }))?.block).toBe(true);
    await t.mode("status");
    expect(t.ctx.log.notes.at(-1)?.text).toContain("bash and tools not known to be read-only: off while an edit limit is active");
    expect(t.ctx.log.notes.at(-1)?.text).not.toContain("edits.trustReadOnlyHints");
  });
});

describe("a server a mode brought", () => {
  it("is registered while its mode is selected; after /mode off (no selection) its tools are still refused at the gate", async () => {
    const t = setup();
    const calls: string[] = [];
    Object.assign(t.pi, {
      registerMcpServer: (name: string) => calls.push(`register ${name}`),
      unregisterMcpServer: (name: string) => calls.push(`unregister ${name}`),
    });
    await t.mode("set brings");
    expect(calls).toEqual(["register kb"]);
    expect(await t.pi.toolCall(t.ctx, "mcp__kb__search", { q: "x" })).toBeUndefined();
    await t.mode("off");
    expect(calls).toEqual(["register kb", "unregister kb"]);
    // Pi closes the server, but a call already on its way (or a host that keeps the tool) meets the gate.
    expect((await t.pi.toolCall(t.ctx, "mcp__kb__search", { q: "x" }))?.reason).toBe(
      "forge: tool mcp__kb__search is not available: forge started its MCP server for a mode that is no longer selected (kb). Nothing ran.",
    );
    expect(await t.pi.toolCall(t.ctx, "bash", { command: "ls" })).toBeUndefined();
  });
});

describe("the declared tools follow the set", () => {
  it("narrowed on activation; a tool registered later goes off after the turn; /mode off gives back Pi's own, later ones included", async () => {
    const t = setup();
    await t.mode("set docs");
    expect(t.pi.activeTools).toEqual(["read"]);
    // An MCP server connects: Pi registers and activates its direct tools.
    t.pi.activeTools.push("mcp__docs__search", "mcp__fs__write_file");
    await t.pi.emit("turn_end", {}, t.ctx);
    expect(t.pi.activeTools).toEqual(["read", "mcp__docs__search"]);
    await t.mode("off");
    expect(t.pi.activeTools).toEqual([...TOOLS, "mcp__docs__search", "mcp__fs__write_file"]);
  });

  it("1.x: each request's declarations leave out what the gate refuses, the same way every time; nothing changes without a set", async () => {
    const t = setup();
    const messages: TranscriptMessage[] = [
      { role: "system", content: "prompt", toolsAdded: [{ name: "read" }, { name: "mcp__fs__write_file" }] },
      { role: "user", content: "go" },
      { role: "system", content: "", toolsAdded: [{ name: "mcp__fs__read_file" }] },
    ];
    expect(await t.pi.emitEach("context_with_system", { messages }, t.ctx)).toEqual([undefined]);
    await t.mode("set docs");
    const [result] = (await t.pi.emitEach("context_with_system", { messages }, t.ctx)) as Array<{ messages: TranscriptMessage[] }>;
    expect(result!.messages).toEqual([
      { role: "system", content: "prompt", toolsAdded: [{ name: "read" }] },
      { role: "user", content: "go" },
      { role: "system", content: "" },
    ]);
  });
});
