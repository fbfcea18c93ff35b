// End-to-end: drift (a source edited and rebuilt after activation) under block, warn and allow in both real Pi hosts.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import {
  BETA,
  commitProject,
  expectSamePrompt,
  forgeBuild,
  forgePrint,
  forgeSuite,
  projectEnv,
  lastStatus,
  onlyPrompt,
  overlayTail,
  projectForgeDir,
  statusLines,
  writeMode,
  type ModeSource,
} from "./harness/forge-project.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";

const suite = forgeSuite();

const ALPHA_V1 = "Alpha v1: cite files.";
const ALPHA_V2 = "Alpha v2: cite files and line numbers.";
const FINAL_V1 = "EXACT PROMPT v1";
const FINAL_V2 = "EXACT PROMPT v2";
const alpha = (prompt: string) => ({ label: "Alpha", strategy: "append" as const, prompt });
const fin = (prompt: string) => ({ label: "Exact", strategy: "replace_final" as const, prompt });
const MODES = { alpha: alpha(ALPHA_V1), beta: { label: "Beta", strategy: "append" as const, prompt: BETA }, fin: fin(FINAL_V1) };
const tailWith = (alphaText: string) => overlayTail(["alpha", "Alpha", alphaText], ["beta", "Beta", BETA]);

/** stderr without the status JSON lines (which always carry a "drift" field). */
const notices = (stderr: string) => stderr.split("\n").filter((line) => !line.startsWith("{"));

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: drift", (_id, host) => {
  let env: PiEnv;
  let native: string;
  const run = (messages: string[]) => forgePrint(host, env, suite.server, messages);

  beforeEach(async () => {
    ({ env, native } = await projectEnv(suite, host, MODES));
    // A repository whose HEAD holds these sources: the edits below are the user's own (issue 20's trust rule).
    commitProject(env.cwd);
  });

  /** The user's own rebuild (their agent dir): on the legacy host it carries their trust to the new bundleHash. */
  function rebuildAsUser(): void {
    forgeBuild({ root: env.cwd, agentDir: env.agentDir });
  }

  /** Edits a project mode source and rebuilds it as the user. */
  function editAndRebuild(key: "alpha" | "fin", mode: ModeSource): void {
    writeMode(projectForgeDir(env.cwd), key, mode);
    rebuildAsUser();
  }

  it("block (default): native prompt, the reason in the status until /mode reapprove, then the current text", async () => {
    expectSamePrompt(onlyPrompt(await run(["--mode=alpha,beta", "first"])), native + tailWith(ALPHA_V1));
    editAndRebuild("alpha", alpha(ALPHA_V2));
    const second = await run(["--continue", "second", "/mode status --json"]);
    expectSamePrompt(onlyPrompt(second), native);
    const status = lastStatus(second.stderr);
    expect(status).toMatchObject({ active: false, composition: "native", drift: true, driftPolicy: "block" });
    expect(status.fallbackReason).toContain("forge: drift_blocked: drift (policy block)");
    expect(status.fallbackReason).toContain('"alpha" changed since activation');
    expect(status.components.map((c: any) => [c.key, c.drift])).toEqual([
      ["alpha", "changed"],
      ["beta", "none"],
    ]);
    expect(second.stderr).toContain("run /mode reapprove to accept the current definitions");
    // Print mode cannot ask: one warning, before the request, names every mode left out (the unchanged beta too).
    expect(notices(second.stderr).filter((l) => l.startsWith("forge: drift_blocked:"))).toEqual([
      expect.stringContaining('drift (policy block): Pi\'s native prompt, without alpha, beta: "alpha" changed since activation'),
    ]);
    // A new process still blocks (the reason persists) until the operator reapproves.
    const third = await run(["--continue", "/mode status --json", "third", "/mode reapprove", "fourth", "/mode status --json"]);
    expect(third.prompts).toHaveLength(2);
    expectSamePrompt(third.prompts[0]!, native);
    expectSamePrompt(third.prompts[1]!, native + tailWith(ALPHA_V2));
    const [before, after] = statusLines(third.stderr);
    expect(before.fallbackReason).toContain("forge: drift_blocked: drift (policy block)");
    expect(after).toMatchObject({ active: true, drift: false, fallbackReason: null, source: "reapprove" });
    expect(third.stderr).toContain("(accepted: alpha)");
    // Headless, the reapproval's one notice carries the review (this process never loaded alpha's pinned text).
    expect(third.stderr).toMatch(
      /\(accepted: alpha\)\n"alpha" changed since activation \(pinned [0-9a-f]{12}, now [0-9a-f]{12}\):\n {4}\(the pinned text is not known to this Pi process/,
    );
  });

  it("warn: the current text, with a notice naming the drifted component", async () => {
    expectSamePrompt(onlyPrompt(await run(["/mode set alpha beta --drift warn", "first"])), native + tailWith(ALPHA_V1));
    editAndRebuild("alpha", alpha(ALPHA_V2));
    const second = await run(["--continue", "second", "/mode status --json"]);
    expectSamePrompt(onlyPrompt(second), native + tailWith(ALPHA_V2));
    expect(second.stderr).toContain("forge: drift_warned: drift (policy warn), composing the current definitions: alpha");
    expect(lastStatus(second.stderr)).toMatchObject({ active: true, drift: true, driftPolicy: "warn", fallbackReason: null });
  });

  it("allow: the current text, silently", async () => {
    expectSamePrompt(onlyPrompt(await run(["/mode set alpha beta --drift allow", "first"])), native + tailWith(ALPHA_V1));
    editAndRebuild("alpha", alpha(ALPHA_V2));
    const second = await run(["--continue", "second", "/mode status --json"]);
    expectSamePrompt(onlyPrompt(second), native + tailWith(ALPHA_V2));
    expect(notices(second.stderr).filter((line) => line.trim() !== "")).toEqual([]);
    expect(lastStatus(second.stderr)).toMatchObject({ active: true, drift: true, driftPolicy: "allow", fallbackReason: null });
  });

  it("a drifted replace_final stays blocked even under allow, until reapproved with confirmation", async () => {
    expect(onlyPrompt(await run(["/mode set fin --drift allow --confirm-exact", "first"]))).toBe(FINAL_V1);
    editAndRebuild("fin", fin(FINAL_V2));
    const second = await run(["--continue", "second", "/mode status --json", "/mode reapprove", "third", "/mode reapprove --confirm-exact", "fourth"]);
    expect(second.prompts).toHaveLength(3);
    expectSamePrompt(second.prompts[0]!, native);
    expectSamePrompt(second.prompts[1]!, native);
    expect(second.prompts[2]).toBe(FINAL_V2);
    const status = lastStatus(second.stderr);
    expect(status).toMatchObject({ driftPolicy: "allow", drift: true, composition: "native" });
    expect(status.fallbackReason).toContain("it stays blocked under every policy");
    expect(second.stderr).toContain("needs confirmation: add --confirm-exact");
  });

  it("contracts are re-checked at replay: a rebuilt conflict refuses the whole selection, even under allow", async () => {
    expectSamePrompt(onlyPrompt(await run(["/mode set alpha beta --drift allow", "first"])), native + tailWith(ALPHA_V1));
    writeMode(projectForgeDir(env.cwd), "beta", { label: "Beta", strategy: "append", prompt: BETA, conflictsWith: ["alpha"] });
    rebuildAsUser();
    const second = await run(["--continue", "second", "/mode status --json"]);
    expectSamePrompt(onlyPrompt(second), native);
    const status = lastStatus(second.stderr);
    expect(status.fallbackReason).toContain("forge: replay_contracts_broken: contracts broken at replay");
    expect(status.fallbackReason).toContain("alpha");
    expect(second.stderr).toContain("forge: replay_contracts_broken: contracts broken at replay");
  });

  it("a component removed from the bundle is drift too: native under block; reapprove refuses it", async () => {
    expectSamePrompt(onlyPrompt(await run(["--mode=alpha,beta", "first"])), native + tailWith(ALPHA_V1));
    rmSync(join(projectForgeDir(env.cwd), "modes", "beta.yaml"));
    rebuildAsUser();
    const second = await run(["--continue", "second", "/mode status --json", "/mode reapprove"]);
    expectSamePrompt(onlyPrompt(second), native);
    const status = lastStatus(second.stderr);
    expect(status.components.map((c: any) => [c.key, c.drift])).toEqual([
      ["alpha", "none"],
      ["beta", "missing"],
    ]);
    expect(status.fallbackReason).toContain('"beta" is no longer offered by any trusted bundle');
    expect(second.stderr).toContain('forge: refused: "beta" no longer offered');
  });
});
