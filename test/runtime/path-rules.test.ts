// Path rules through the whole extension on the fake Pi: a matching tool call applies a rule as a system update, once per
// branch; the inventory lists dormant rules as one line; the agent cannot revoke them; untrusted project rules never apply.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { compile } from "../../compiler/compile.js";
import type { Scope } from "../../core/digest.js";
import { UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { foldUpdateEvents } from "../../core/update-reducer.js";
import { createForgeExtension } from "../../runtime/extension.js";
import { TOOL_NAME } from "../../runtime/updates/update-tool.js";
import { treeOf } from "../compiler/source-tree.js";
import { FakePi, type HostFlavor } from "../support/fake-pi.js";
import { testTempDir } from "../support/temp-dir.js";

/** Sources with a rules/ rule, and a preset with a callable block and a block that switches on by path. */
export const RULE_SOURCES: Record<string, string> = {
  "modes/lint.yaml": "label: Lint\ndescription: Lint first.\nstrategy: append\nprompt: Lint before you commit.\n",
  "rules/db-rules.yaml":
    'name: Database rules\ndescription: Conventions for the schema and its migrations.\nwhen:\n  paths: [src/db/**, "migrations/*.sql"]\ncontent: Every schema change needs a migration.\n',
  "rules/api-edits.yaml":
    "name: API edits\ndescription: Before changing a handler.\nwhen:\n  paths: [src/api/**]\n  tools: [edit, write]\ncontent: Keep handlers thin.\n",
  "presets/work.yaml": [
    "description: Work with blocks.",
    "overlays: [lint]",
    "systemUpdates:",
    "  - id: tdd",
    "    name: TDD",
    "    description: Tests first.",
    "    modelCallable: true",
    "    content: Write the test first.",
    "  - id: docs-style",
    "    name: Docs style",
    "    description: How docs are written.",
    '    when: { paths: ["docs/**/*.md"] }',
    "    content: Docs use short sentences.",
    "",
  ].join("\n"),
};

function bundleText(scope: Scope, sources: Record<string, string>): string {
  const result = compile(treeOf(sources), { scope, forgeVersion: "0.0.0-test" });
  if (!result.bundle) throw new Error(JSON.stringify(result.diagnostics));
  return JSON.stringify(result.bundle);
}

let dir = "";
let agent = "";
let cwd = "";
beforeEach(() => {
  dir = testTempDir("forge-rules-");
  agent = join(dir, "agent");
  cwd = join(dir, "work");
  mkdirSync(join(agent, "forge"), { recursive: true });
  mkdirSync(cwd, { recursive: true });
});

function setup(opts: { host?: HostFlavor; trusted?: boolean; where?: "global" | "project"; midConvo?: boolean } = {}) {
  const where = opts.where ?? "global";
  const file = where === "global" ? join(agent, "forge", "bundle.json") : join(cwd, ".pi", "forge", "bundle.json");
  mkdirSync(join(file, ".."), { recursive: true });
  writeFileSync(file, bundleText(where, RULE_SOURCES));
  const pi = new FakePi({ activeTools: ["read", "bash", "edit", "write"] });
  createForgeExtension(pi, { env: { PI_CODING_AGENT_DIR: agent }, builtinFile: join(dir, "no-builtin.json"), os: "linux" });
  const ctx = pi.ctx({ host: opts.host, cwd, trusted: opts.trusted, ...(opts.midConvo !== undefined ? { midConvo: opts.midConvo } : {}) });
  const events = () => pi.appended.filter((a) => a.customType === UPDATE_ENTRY_TYPE).map((a) => a.data as Record<string, unknown>);
  const active = () => foldUpdateEvents(pi.session.getBranch()).active;
  const turn = () => pi.runAgentStart(ctx, cwd);
  return { pi, ctx, events, active, turn };
}

describe("path rules", () => {
  it("a read of a matching path applies the rule as a rule-sourced system update, delivered like any update", async () => {
    const t = setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.turn();
    expect(await t.pi.toolCall(t.ctx, "read", { path: "src/app.ts" })).toBeUndefined();
    expect(t.events()).toEqual([]);
    expect(await t.pi.toolCall(t.ctx, "read", { path: "src/db/schema.sql" }, "call-7")).toBeUndefined();
    expect(t.events()).toEqual([
      expect.objectContaining({
        op: "apply",
        source: "rule",
        updateId: "db-rules",
        ruleId: "db-rules",
        matchedPath: "src/db/schema.sql",
        matchedGlob: "src/db/**",
        contentSnapshot: "Every schema change needs a migration.",
      }),
    ]);
    // 0.73.1: a tagged message steered in after this tool batch; the prompt bytes stay as they were.
    expect(t.pi.sent.at(-1)).toMatchObject({
      message: { content: '<system_update id="db-rules">\nEvery schema change needs a migration.\n</system_update>' },
      options: { deliverAs: "steer" },
    });
    expect(t.pi.lastNote()).toContain("forge: rule db-rules switched on (read src/db/schema.sql matches src/db/**)");
  });

  it("applies once per branch: not again on a second match, nor after the user revoked it; a branch before it may", async () => {
    const t = setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    const before = t.pi.session.appendMessage("turn one");
    await t.pi.toolCall(t.ctx, "grep", { pattern: "id", path: "migrations/001.sql" });
    await t.pi.toolCall(t.ctx, "read", { path: "src/db/other.sql" });
    expect(t.events()).toHaveLength(1);
    await t.pi.command("off db-rules", t.ctx);
    expect(t.active()).toEqual([]);
    await t.pi.toolCall(t.ctx, "read", { path: "src/db/schema.sql" });
    expect(t.events().filter((e) => e.op === "apply")).toHaveLength(1);
    t.pi.session.branchFrom(before);
    await t.pi.toolCall(t.ctx, "ls", { path: "src/db" });
    expect(t.active().map((u) => [u.updateId, u.source, u.matchedPath])).toEqual([["db-rules", "rule", "src/db"]]);
  });

  it("paths resolve against cwd and are made relative to the project root; grep/find/ls without a path search cwd", async () => {
    const t = setup({ host: "1.x", trusted: true, where: "project" });
    const inSrc = { ...t.ctx, cwd: join(cwd, "src") };
    await t.pi.toolCall(inSrc, "find", { pattern: "*.sql", path: "db" });
    expect(t.active().map((u) => u.matchedPath)).toEqual(["src/db"]);
    const inApi = { ...t.ctx, cwd: join(cwd, "src", "api") };
    await t.pi.toolCall(inApi, "grep", { pattern: "x" });
    // api-edits is only for edit and write; a search names the directory but does not trigger it.
    expect(t.active()).toHaveLength(1);
    await t.pi.toolCall(inApi, "write", { path: "users.ts", content: "x" });
    expect(t.active().map((u) => u.matchedPath)).toEqual(["src/db", "src/api/users.ts"]);
  });

  it("without a project, globs are relative to the working directory", async () => {
    const t = setup();
    await t.pi.toolCall({ ...t.ctx, cwd: join(cwd, "src") }, "read", { path: "db/schema.sql" });
    expect(t.events()).toEqual([]);
    await t.pi.toolCall(t.ctx, "read", { path: "./src/db/../db/schema.sql" });
    expect(t.active().map((u) => u.matchedPath)).toEqual(["src/db/schema.sql"]);
  });

  it("a rule limited to some tools ignores the others; bash and extension tools never trigger a rule", async () => {
    const t = setup();
    await t.pi.toolCall(t.ctx, "read", { path: "src/api/users.ts" });
    await t.pi.toolCall(t.ctx, "bash", { command: "cat src/db/schema.sql" });
    await t.pi.toolCall(t.ctx, "web_fetch", { path: "src/db/schema.sql" });
    expect(t.events()).toEqual([]);
    await t.pi.toolCall(t.ctx, "edit", { path: "src/api/users.ts", edits: [] });
    expect(t.active().map((u) => u.updateId)).toEqual(["api-edits"]);
  });

  it("a preset block with when switches on while its preset is active; the agent cannot revoke a rule-applied block", async () => {
    const t = setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.run("preset", "use work", t.ctx);
    await t.pi.toolCall(t.ctx, "read", { path: "docs/guide/intro.md" });
    expect(t.events().at(-1)).toMatchObject({
      source: "rule",
      presetId: "work",
      blockId: "docs-style",
      matchedPath: "docs/guide/intro.md",
      matchedGlob: "docs/**/*.md",
    });
    const tool = t.pi.tools.get(TOOL_NAME)!;
    await expect(tool.execute("c1", { action: "deactivate", id: "docs-style" }, undefined, undefined, t.ctx)).rejects.toThrow(
      /activated by the rule; the agent may only deactivate updates it activated itself/,
    );
    expect(t.active().map((u) => u.updateId)).toEqual(["docs-style"]);
    await t.pi.command("status", t.ctx);
    expect(t.pi.lastNote()).toContain("docs-style  rule");
    expect(t.pi.lastNote()).toContain("block docs-style of work (path docs/guide/intro.md)");
  });

  it("the inventory lists dormant rules as one line each (id, description, globs), never their text, and stays byte-stable", async () => {
    const t = setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    const first = (await t.turn()).prompt;
    expect(first).toContain("# Path rules");
    expect(first).toContain("- api-edits: Before changing a handler. (paths: src/api/**; tools: edit, write)");
    expect(first).toContain("- db-rules: Conventions for the schema and its migrations. (paths: src/db/**, migrations/*.sql)");
    expect(first).not.toContain("Every schema change needs a migration.");
    await t.pi.toolCall(t.ctx, "read", { path: "src/db/schema.sql" });
    expect((await t.turn()).prompt).toBe(first);
    await t.pi.run("preset", "use work", t.ctx);
    const withPreset = (await t.turn()).prompt;
    expect(withPreset).toContain("- docs-style: Docs style. How docs are written. (callable: no; switches on for paths: docs/**/*.md)");
  });

  it("project rules are repository content: an untrusted project's rules are neither listed nor applied", async () => {
    const untrusted = setup({ host: "1.x", trusted: false, where: "project" });
    await untrusted.pi.emit("session_start", { reason: "startup" }, untrusted.ctx);
    expect((await untrusted.turn()).prompt).not.toContain("Path rules");
    await untrusted.pi.toolCall(untrusted.ctx, "read", { path: "src/db/schema.sql" });
    expect(untrusted.events()).toEqual([]);

    // A 1.x model with mid-conversation system messages: updates travel as sections (update-delivery.ts).
    const trusted = setup({ host: "1.x", trusted: true, where: "project", midConvo: true });
    await trusted.pi.emit("session_start", { reason: "startup" }, trusted.ctx);
    const run = await trusted.turn();
    expect(run.options.sections?.["forge-updates"]).toContain("- db-rules:");
    await trusted.pi.toolCall(trusted.ctx, "read", { path: join(cwd, "src", "db", "schema.sql") });
    expect(trusted.active().map((u) => [u.updateId, u.matchedPath])).toEqual([["db-rules", "src/db/schema.sql"]]);
    // 1.x: the rule's text is a section of the run's options, patched in after this call's result.
    expect(run.options.sections?.["forge-update-db-rules"]).toBe("Every schema change needs a migration.");
  });

  it("on a 1.x model without mid-conversation system messages a rule travels as the agent tool's changes do: a steered message", async () => {
    const t = setup({ host: "1.x", midConvo: false });
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    const run = await t.turn();
    await t.pi.toolCall(t.ctx, "read", { path: "src/db/schema.sql" }, "call-1");
    expect(t.active().map((u) => u.updateId)).toEqual(["db-rules"]);
    expect(run.options.sections?.["forge-update-db-rules"]).toBeUndefined();
    expect(t.pi.sent).toHaveLength(1);
    expect(t.pi.sent[0]!.options).toEqual({ deliverAs: "steer" });
    expect(JSON.stringify(t.pi.sent[0]!.message.content)).toContain("Every schema change needs a migration.");
  });

  it("/system-update list shows the rules and whether they are active", async () => {
    const t = setup();
    await t.pi.toolCall(t.ctx, "read", { path: "src/db/schema.sql" });
    await t.pi.command("list", t.ctx);
    expect(t.pi.lastNote()).toContain("  db-rules  Conventions for the schema and its migrations.  paths: src/db/**, migrations/*.sql  active");
    expect(t.pi.lastNote()).toContain("  api-edits  Before changing a handler.  paths: src/api/**; tools: edit, write  dormant");
  });
});
