// The team policy's loader looks at its files only when fs.watch says one moved: a turn in which nothing moved makes no
// system call (issue 36: the per-turn handler under 100 µs), while a new version of the policy is seen on the next turn;
// where a directory cannot be watched it stats its files every turn.
import fs, { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { compile, emitBundleText } from "../../compiler/compile.js";
import type { PolicyState } from "../../core/policy.js";
import { createPolicyLoader } from "../../runtime/policy-loader.js";
import { createDirWatch } from "../../runtime/scope-watch.js";
import { treeOf } from "../compiler/source-tree.js";
import { newKey, signed } from "../support/signing-keys.js";

const KEY = newKey("Acme Security");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A signed policy bundle whose one rule denies `tool`. */
function policyText(tool: string): string {
  const result = compile(treeOf({ "policy.yaml": `tools:\n  deny: [${tool}]\n` }), { scope: "library", forgeVersion: "0.0.0-test" });
  if (result.bundle === null) throw new Error(JSON.stringify(result.diagnostics));
  return emitBundleText(signed(result.bundle, KEY));
}

/** The user's forge.yaml naming a policy file beside it; the managed system file points into the same temp dir. */
function layout() {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "forge-policy-watch-")));
  dirs.push(root);
  const agentDir = join(root, "agent");
  mkdirSync(join(agentDir, "forge"), { recursive: true });
  writeFileSync(join(agentDir, "forge", "team-policy.json"), policyText("bash"));
  writeFileSync(join(agentDir, "forge", "forge.yaml"), `policy: { file: team-policy.json, signedBy: [${KEY.fingerprint}] }\n`);
  return { root, agentDir, options: () => ({ env: {}, agentDir, systemFile: join(root, "etc", "forge.yaml") }) };
}

const denied = (state: PolicyState) => (state.kind === "ok" ? state.policy.toolsDeny.map((t) => t.tool) : state.kind);

/** Waits until `check` holds (a watcher's event arrives on the event loop), at most two seconds. */
async function until(check: () => boolean): Promise<boolean> {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  return check();
}

describe("the team policy's loader with a watch", () => {
  it("answers a turn in which nothing moved without a system call, and sees a new version on the next turn", async () => {
    const l = layout();
    const loader = createPolicyLoader(l.options);
    const first = loader.refresh();
    expect(denied(first)).toEqual(["bash"]);
    const calls = ["statSync", "lstatSync", "existsSync", "readFileSync", "openSync"].map((name) => vi.spyOn(fs, name as "statSync"));
    syncBuiltinESMExports();
    try {
      // Another file in the same directory is not one the policy reads: still quiet.
      writeFileSync(join(l.agentDir, "forge", "notes.txt"), "edited");
      await new Promise((r) => setTimeout(r, 100));
      loader.refresh(); // the event that changed nothing forge reads: one stat of its files, then quiet again
      for (const c of calls) c.mockClear();
      for (let i = 0; i < 20; i++) expect(loader.refresh()).toBe(first);
      expect(calls.map((c) => c.mock.calls.length)).toEqual([0, 0, 0, 0, 0]);
    } finally {
      for (const c of calls) c.mockRestore();
      syncBuiltinESMExports();
    }
    writeFileSync(join(l.agentDir, "forge", "team-policy.json"), policyText("write"));
    // The event arrives on the event loop, as it does between two of Pi's turns.
    expect(await until(() => loader.refresh() !== first)).toBe(true);
    expect(denied(loader.refresh())).toEqual(["write"]);
  });

  it("stats its files every turn where a directory cannot be watched, and sees a change at once", () => {
    const l = layout();
    const failing = (() => {
      throw Object.assign(new Error("no inotify watches left"), { code: "ENOSPC" });
    }) as unknown as typeof fs.watch;
    const loader = createPolicyLoader(l.options, createDirWatch(failing));
    expect(denied(loader.refresh())).toEqual(["bash"]);
    writeFileSync(join(l.agentDir, "forge", "team-policy.json"), policyText("write"));
    expect(denied(loader.refresh())).toEqual(["write"]);
  });
});
