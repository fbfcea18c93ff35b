// The scope loader looks for changed bundles only when fs.watch says something it read moved: a turn in which nothing
// moved makes no system call (no layer walk, no stat), while a rebuilt bundle, a new layer or a new repository root,
// a changed trust store or global bundle is seen on the next turn; where a directory cannot be watched it looks every turn.
import fs, { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { createScopeLoader } from "../../runtime/scope-loader.js";
import { createScopeWatch, walkedDirs, watchPlan } from "../../runtime/scope-watch.js";
import { resolveScopePaths } from "../../runtime/scope-discovery.js";
import { legacyHostAdapter } from "../../runtime/host-adapter/index.js";
import { createOnceTeller } from "../../runtime/notify.js";
import type { CtxPort } from "../../runtime/host-adapter/ports.js";
import { makeBundle } from "./helpers.js";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A repository with one layer, a global bundle and a built-in one; cwd two levels below the root. */
function layout() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "forge-scope-watch-")));
  dirs.push(root);
  const agent = join(root, "agent");
  const repo = join(root, "repo");
  const cwd = join(repo, "packages", "api");
  for (const d of [join(agent, "forge"), join(repo, ".git"), join(repo, ".pi", "forge"), cwd]) mkdirSync(d, { recursive: true });
  const builtinFile = join(root, "builtin", "bundle.json");
  mkdirSync(join(root, "builtin"));
  writeFileSync(builtinFile, JSON.stringify(makeBundle("builtin", { only: {} })));
  writeFileSync(join(agent, "forge", "bundle.json"), JSON.stringify(makeBundle("global", { mine: {} })));
  writeFileSync(join(repo, ".pi", "forge", "bundle.json"), JSON.stringify(makeBundle("project", { house: {} })));
  return { root, agent, repo, cwd, builtinFile, env: { PI_CODING_AGENT_DIR: agent } };
}

/** Waits until `check` holds (a watcher's event arrives on the event loop), at most two seconds. */
async function until(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
}

/** A host whose trust API trusts every project: project layers are offered as the catalog of each look shows them. */
const adapter = { ...legacyHostAdapter, projectTrust: () => true };
const ctxAt = (cwd: string): CtxPort => ({ cwd, hasUI: false, ui: { notify: () => undefined } }) as unknown as CtxPort;

describe("what the scope watch watches", () => {
  it("the walked directories up to the repository root, their .pi and .pi/forge, and every fingerprinted file's directory", () => {
    const l = layout();
    expect(walkedDirs(l.cwd, l.repo)).toEqual([l.cwd, join(l.repo, "packages"), l.repo]);
    const plan = watchPlan(l.cwd, resolveScopePaths(l.cwd, l.env, l.builtinFile));
    expect([...plan.get(l.repo)!]).toEqual([".git", ".pi"]);
    expect([...plan.get(join(l.cwd, ".pi", "forge"))!]).toEqual(["bundle.json"]);
    expect([...plan.get(join(l.agent, "forge"))!].sort()).toEqual(["bundle.json", "forge.yaml", "trust.json"]);
    expect([...plan.get(l.agent)!]).toEqual(["forge"]);
    expect([...plan.get(join(l.root, "builtin"))!]).toEqual(["bundle.json"]);
  });
});

describe("the scope loader with a watch", () => {
  it("answers a turn in which nothing moved without a system call, and sees each kind of change on the next turn", async () => {
    const l = layout();
    const loader = createScopeLoader({ env: l.env, builtinFile: l.builtinFile, adapter, tell: createOnceTeller() });
    const ctx = ctxAt(l.cwd);
    const first = loader.refresh(ctx);
    expect([...first.catalog.modes.keys()].sort()).toEqual(["house", "mine", "only"]);
    // Counted where the runtime's modules import them from (their named imports follow the module object once synced).
    const calls = ["statSync", "lstatSync", "existsSync", "readFileSync", "openSync"].map((name) => vi.spyOn(fs, name as "statSync"));
    syncBuiltinESMExports();
    try {
      // A file the agent edits in cwd is not a scope file: still quiet.
      writeFileSync(join(l.cwd, "notes.txt"), "edited");
      await new Promise((r) => setTimeout(r, 100));
      for (let i = 0; i < 20; i++) expect(loader.refresh(ctx)).toBe(first);
      expect(calls.map((c) => c.mock.calls.length)).toEqual([0, 0, 0, 0, 0]);
      // The control: a forced look makes them.
      loader.refresh(ctx, true);
      expect(calls.some((c) => c.mock.calls.length > 0)).toBe(true);
    } finally {
      for (const c of calls) c.mockRestore();
      syncBuiltinESMExports();
    }
    const changes: Array<[string, () => void, string[]]> = [
      [
        "a rebuilt layer",
        () => writeFileSync(join(l.repo, ".pi", "forge", "bundle.json"), JSON.stringify(makeBundle("project", { rebuilt: {} }))),
        ["mine", "only", "rebuilt"],
      ],
      [
        "a new layer in cwd",
        () => {
          mkdirSync(join(l.cwd, ".pi", "forge"), { recursive: true });
          writeFileSync(join(l.cwd, ".pi", "forge", "bundle.json"), JSON.stringify(makeBundle("project", { api: {} })));
        },
        ["api", "mine", "only", "rebuilt"],
      ],
      [
        "a new global bundle",
        () => writeFileSync(join(l.agent, "forge", "bundle.json"), JSON.stringify(makeBundle("global", { theirs: {} }))),
        ["api", "only", "rebuilt", "theirs"],
      ],
      ["a new repository root below the old one", () => mkdirSync(join(l.cwd, ".git")), ["api", "only", "theirs"]],
    ];
    let before = loader.refresh(ctx); // after the forced look
    for (const [what, change, keys] of changes) {
      change();
      // The event arrives on the event loop, as it does between two of Pi's turns.
      expect(await until(() => loader.refresh(ctx) !== before), what).toBe(true);
      before = loader.refresh(ctx);
      expect([...before.catalog.modes.keys()].sort(), what).toEqual(keys);
    }
  });

  it("looks every turn where a directory cannot be watched", () => {
    const l = layout();
    const failing = (() => {
      throw Object.assign(new Error("no inotify watches left"), { code: "ENOSPC" });
    }) as unknown as typeof fs.watch;
    const watch = createScopeWatch(failing);
    const loader = createScopeLoader({ env: l.env, builtinFile: l.builtinFile, adapter, tell: createOnceTeller(), watch });
    const ctx = ctxAt(l.cwd);
    loader.refresh(ctx);
    expect(watch.quiet()).toBe(false);
    writeFileSync(join(l.repo, ".pi", "forge", "bundle.json"), JSON.stringify(makeBundle("project", { seen: {} })));
    // No event needed: the stat of every bundle, every turn, sees it at once.
    expect(loader.refresh(ctx).catalog.modes.has("seen")).toBe(true);
  });
});
