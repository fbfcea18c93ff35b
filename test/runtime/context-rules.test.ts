// Nested context files' rules through the whole extension on the fake Pi: a read in the package switches the rule on
// with the file's text under its heading; /forge rules says when and by which path, and reports the drift when the file
// was edited and rebuilt since (the model keeps the text it got); a working directory inside the package is one Pi
// loaded the file for itself, so the rule is not offered there.
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { compile } from "../../compiler/compile.js";
import { readTargetTree } from "../../compiler/io/read-target-tree.js";
import { UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { createForgeExtension } from "../../runtime/extension.js";
import { FakePi } from "../support/fake-pi.js";

const API_TEXT = "Validate input first.";
const ID = "context-packages-api";

let dir = "";
let cwd = "";
beforeEach(() => {
  dir = realpathSync(mkdtempSync(join(tmpdir(), "forge-context-rules-")));
  cwd = join(dir, "work");
  write("packages/api/AGENTS.md", `${API_TEXT}\n`);
  write("packages/api/src/x.ts", "export {};\n");
  write(".pi/forge/forge.yaml", "contextFiles: nested\n");
  build();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function write(path: string, text: string): void {
  mkdirSync(dirname(join(cwd, path)), { recursive: true });
  writeFileSync(join(cwd, path), text);
}

/** What forge build writes: the project's sources and its nested context files, compiled. */
function build(): void {
  const forgeRoot = join(cwd, ".pi", "forge");
  const result = compile(readTargetTree({ scope: "project", root: cwd, forgeRoot }, { PATH: process.env.PATH }), {
    scope: "project",
    forgeVersion: "0.0.0-test",
  });
  if (!result.bundle) throw new Error(JSON.stringify(result.diagnostics));
  writeFileSync(join(forgeRoot, "bundle.json"), JSON.stringify(result.bundle));
}

function setup(at: string) {
  const pi = new FakePi({ activeTools: ["read", "bash", "edit", "write"] });
  createForgeExtension(pi, { env: { PI_CODING_AGENT_DIR: join(dir, "agent") }, builtinFile: join(dir, "no-builtin.json"), os: "linux" });
  const ctx = pi.ctx({ host: "1.x", cwd: at, trusted: true });
  const applies = () => pi.appended.filter((a) => a.customType === UPDATE_ENTRY_TYPE).map((a) => a.data as Record<string, unknown>);
  const rules = async () => {
    await pi.run("forge", "rules --json", ctx);
    return JSON.parse(pi.lastNote()).rules as Array<Record<string, any>>;
  };
  return { pi, ctx, applies, rules };
}

describe("nested context files at runtime", () => {
  it("a read in the package switches the rule on with the file's text under its heading; /forge rules says when and by which path", async () => {
    const t = setup(cwd);
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    expect((await t.rules()).map((r) => [r.id, r.contextFile, r.status, r.switchedOn])).toEqual([[ID, "packages/api/AGENTS.md", "offered", null]]);
    // Dormant: one inventory line in the prompt, never the text.
    const { prompt } = await t.pi.runAgentStart(t.ctx, cwd);
    expect(prompt).toContain(`- ${ID}: packages/api/AGENTS.md: instructions for work in packages/api/ (paths: packages/api/**)`);
    expect(prompt).not.toContain(API_TEXT);
    await t.pi.run("forge", "rules", t.ctx);
    expect(t.pi.lastNote()).toBe(`forge: 0 of 1 path rules switched on in this branch\n  ${ID} (packages/api/AGENTS.md): dormant (paths: packages/api/**)`);
    await t.pi.toolCall(t.ctx, "read", { path: "packages/api/src/x.ts" });
    expect(t.applies()).toEqual([
      expect.objectContaining({
        op: "apply",
        source: "rule",
        ruleId: ID,
        matchedPath: "packages/api/src/x.ts",
        matchedGlob: "packages/api/**",
        contentSnapshot: `# packages/api/AGENTS.md\n\n${API_TEXT}`,
      }),
    ]);
    const at = t.applies()[0]!.createdAt;
    // Unchanged: the next turn warns of nothing.
    await t.pi.runAgentStart(t.ctx, cwd);
    expect(t.pi.notes.filter((n) => n.text.includes("changed since"))).toEqual([]);
    const [rule] = await t.rules();
    expect(rule!.switchedOn).toEqual({ at, path: "packages/api/src/x.ts", glob: "packages/api/**", updateId: ID, active: true, changed: false });
    await t.pi.run("forge", "rules", t.ctx);
    expect(t.pi.lastNote()).toBe(
      `forge: 1 of 1 path rules switched on in this branch\n  ${ID} (packages/api/AGENTS.md): on since ${at}, packages/api/src/x.ts matched packages/api/** (system update ${ID})`,
    );
  });

  it("an edited and rebuilt context file is drift: the next turn warns once, /forge rules says its text changed since the model got it, which the model keeps", async () => {
    const t = setup(cwd);
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.toolCall(t.ctx, "read", { path: "packages/api/src/x.ts" });
    write("packages/api/AGENTS.md", "Validate input first, then log.\n");
    build();
    // The next turn says so once, as a selected mode's drift is told.
    await t.pi.runAgentStart(t.ctx, cwd);
    const warning = `forge: rule ${ID} (packages/api/AGENTS.md) changed since it switched on in this branch; the model keeps the text it got then (see /forge rules)`;
    expect(t.pi.notes.filter((n) => n.text === warning)).toEqual([{ text: warning, level: "warning" }]);
    await t.pi.runAgentStart(t.ctx, cwd);
    expect(t.pi.notes.filter((n) => n.text === warning)).toHaveLength(1);
    const [rule] = await t.rules();
    expect(rule!.switchedOn).toMatchObject({ active: true, changed: true });
    await t.pi.run("forge", "rules", t.ctx);
    expect(t.pi.lastNote()).toContain("    changed since: its text now differs from what the model got; the model keeps that text for this branch");
    // Switched on once per branch: a later read does not send the new text.
    await t.pi.toolCall(t.ctx, "read", { path: "packages/api/src/x.ts" });
    expect(t.applies()).toHaveLength(1);
  });

  it("a context file deleted and rebuilt after its rule switched on: /forge rules still says when it switched on, and that it is gone", async () => {
    const t = setup(cwd);
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.toolCall(t.ctx, "read", { path: "packages/api/src/x.ts" });
    rmSync(join(cwd, "packages/api/AGENTS.md"));
    build();
    expect((await t.rules()).map((r) => [r.id, r.status, r.switchedOn?.path])).toEqual([[ID, "gone", "packages/api/src/x.ts"]]);
    await t.pi.run("forge", "rules", t.ctx);
    expect(t.pi.lastNote()).toContain("    no longer offered by the bundles");
  });

  it("with the working directory inside packages/api (Pi loaded its AGENTS.md itself) the rule is neither listed in the prompt nor switched on", async () => {
    const inside = join(cwd, "packages", "api");
    const t = setup(inside);
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    const { prompt } = await t.pi.runAgentStart(t.ctx, inside);
    expect(prompt).not.toContain(ID);
    await t.pi.toolCall(t.ctx, "read", { path: "src/x.ts" });
    expect(t.applies()).toEqual([]);
    expect((await t.rules()).map((r) => [r.id, r.status, r.switchedOn])).toEqual([[ID, "loaded-by-pi", null]]);
    await t.pi.run("forge", "rules", t.ctx);
    expect(t.pi.lastNote()).toContain(`${ID} (packages/api/AGENTS.md): not offered here: Pi loaded packages/api/AGENTS.md itself`);
  });
});
