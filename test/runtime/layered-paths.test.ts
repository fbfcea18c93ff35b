// Path rules and edit limits in a monorepo: each project layer's globs are relative to that layer's root, and a layer's
// rules count only when that layer is trusted (the deepest layer's root is what built-in and global globs use).
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { compile } from "../../compiler/compile.js";
import { UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { emptyTrustStore, withTrust, writeTrustStore } from "../../io/trust-store.js";
import type { ForgeBundle } from "../../generated/types.js";
import { createForgeExtension } from "../../runtime/extension.js";
import { treeOf } from "../compiler/source-tree.js";
import { FakePi, type HostFlavor } from "../support/fake-pi.js";
import { testTempDir } from "../support/temp-dir.js";

/** The repository root's layer: its globs name the package's files from the root. */
const ROOT_SOURCES: Record<string, string> = {
  "rules/root-db.yaml":
    "name: DB\ndescription: House database rules.\nwhen:\n  paths: [packages/api/src/db/**]\ncontent: Migrations are reviewed by the data team.\n",
  "modes/root-docs.yaml": "label: Root docs\ndescription: Docs.\nstrategy: append\nprompt: Docs.\nedits:\n  allow: [packages/api/docs/**]\n",
};
/** The package's layer: the same files, from the package's root. */
const PKG_SOURCES: Record<string, string> = {
  "rules/api-db.yaml": "name: API DB\ndescription: The package's database rules.\nwhen:\n  paths: [src/db/**]\ncontent: Keep queries in src/db.\n",
  "modes/pkg-docs.yaml": "label: Package docs\ndescription: Docs.\nstrategy: append\nprompt: Docs.\nedits:\n  allow: [docs/**]\n",
};

function bundle(sources: Record<string, string>): ForgeBundle {
  const result = compile(treeOf(sources), { scope: "project", forgeVersion: "0.0.0-test" });
  if (!result.bundle) throw new Error(JSON.stringify(result.diagnostics));
  return result.bundle;
}

let repo = "";
let pkg = "";
let agent = "";
let root: ForgeBundle;
beforeEach(() => {
  const dir = testTempDir("forge-layered-paths-");
  agent = join(dir, "agent");
  repo = join(dir, "repo");
  pkg = join(repo, "packages", "api");
  for (const d of [join(agent, "forge"), join(repo, ".git"), join(repo, ".pi", "forge"), join(pkg, ".pi", "forge"), join(pkg, "src", "db")])
    mkdirSync(d, { recursive: true });
  root = bundle(ROOT_SOURCES);
  writeFileSync(join(repo, ".pi", "forge", "bundle.json"), JSON.stringify(root));
  writeFileSync(join(pkg, ".pi", "forge", "bundle.json"), JSON.stringify(bundle(PKG_SOURCES)));
});

function setup(host: HostFlavor = "1.x", trusted = true) {
  const pi = new FakePi({ activeTools: ["read", "edit", "write"] });
  createForgeExtension(pi, { env: { PI_CODING_AGENT_DIR: agent }, builtinFile: join(agent, "no-builtin.json"), os: "linux" });
  const ctx = pi.ctx({ host, cwd: pkg, trusted });
  const events = () => pi.appended.filter((a) => a.customType === UPDATE_ENTRY_TYPE).map((a) => a.data as Record<string, unknown>);
  const edit = (path: string) => pi.toolCall(ctx, "edit", { path, edits: [] });
  return { pi, ctx, events, edit };
}

describe("path rules and edit limits across project layers", () => {
  it("a rule matches the call's path relative to its own layer's root", async () => {
    const t = setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.toolCall(t.ctx, "read", { path: "src/db/schema.sql" });
    expect(t.events().map((e) => [e.ruleId, e.matchedPath, e.matchedGlob])).toEqual([
      ["api-db", "src/db/schema.sql", "src/db/**"],
      ["root-db", "packages/api/src/db/schema.sql", "packages/api/src/db/**"],
    ]);
  });

  it("an edit limit judges the path relative to its mode's layer", async () => {
    const t = setup();
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.run("mode", "set root-docs", t.ctx);
    expect(await t.edit("docs/guide.md")).toBeUndefined();
    expect((await t.edit("src/app.ts"))?.reason).toContain('mode "root-docs" allows edits only to packages/api/docs/**');
    await t.pi.run("mode", "set pkg-docs", t.ctx);
    expect(await t.edit(join(pkg, "docs", "guide.md"))).toBeUndefined();
    expect((await t.edit("src/app.ts"))?.reason).toContain('"src/app.ts" is not among them');
  });

  it("each layer's rules count only when that layer is trusted (0.73.1: forge's trust store, per layer)", async () => {
    writeTrustStore(join(agent, "forge", "trust.json"), withTrust(emptyTrustStore(), repo, root, new Date(0)));
    const t = setup("0.73.1");
    await t.pi.emit("session_start", { reason: "startup" }, t.ctx);
    await t.pi.toolCall(t.ctx, "read", { path: "src/db/schema.sql" });
    expect(t.events().map((e) => e.ruleId)).toEqual(["root-db"]);
  });
});
