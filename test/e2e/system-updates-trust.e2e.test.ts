// End-to-end: blocks from an untrusted project bundle are never offered or activatable; trusting the project enables them.
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, REPO_ROOT, type PiHost } from "../../scripts/demo/pi-host.js";
import { allText, printRun, systemPromptOf, TOOL, toolNames, toolResults, updatesSuite } from "./harness/updates-session.js";
import { bareEnv } from "../support/home-guard.js";

const suite = updatesSuite();
const BLOCK_TEXT = "PROJECT-BLOCK: run the project's own linters.";

/** A project bundle whose preset declares one callable block, built with the real CLI. */
function buildProject(cwd: string): void {
  const forge = join(cwd, ".pi", "forge");
  mkdirSync(join(forge, "modes"), { recursive: true });
  mkdirSync(join(forge, "presets"), { recursive: true });
  writeFileSync(join(forge, "modes", "lint.yaml"), "# Test mode.\nlabel: Lint\ndescription: Lint first.\nstrategy: append\nprompt: Lint before you commit.\n");
  writeFileSync(
    join(forge, "presets", "proj.yaml"),
    [
      "# Test preset with a callable block.",
      "description: A project preset.",
      "overlays: [lint]",
      "systemUpdates:",
      "  - id: proj-block",
      "    name: Project block",
      "    description: Runs the project's linters.",
      "    modelCallable: true",
      `    content: "${BLOCK_TEXT}"`,
      "",
    ].join("\n"),
  );
  const r = spawnSync(process.execPath, [join(REPO_ROOT, "dist/cli.js"), "build", "--root", cwd], {
    cwd,
    encoding: "utf8",
    timeout: 30_000,
    env: bareEnv({ FORGE_NO_CACHE: "1", NO_COLOR: "1" }),
  });
  if (r.status !== 0) throw new Error(`forge build failed (${r.status})\n${r.stdout}\n${r.stderr}`);
}

/** Host-specific trust switches: 0.73.1 has forge's trust store (/forge trust); 1.x decides per process (--approve / --no-approve). */
async function trustArgs(host: PiHost, env: PiEnv, trusted: boolean): Promise<string[]> {
  if (host.id === "modern") return [trusted ? "--approve" : "--no-approve"];
  if (trusted) {
    const r = await printRun(host, env, suite.server, ["--no-session", "/forge trust"]);
    expect(r.stderr).toContain("forge: trusted project bundle");
  }
  return [];
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: project trust", (_id, host) => {
  it("an untrusted project's preset blocks are never offered, listed or activatable; trusted, they work", async () => {
    const env = await suite.env();
    buildProject(env.cwd);
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [{ name: TOOL, arguments: { action: "activate", id: "proj-block" } }] }, { text: "done" });
    const untrusted = await trustArgs(host, env, false);
    const denied = await printRun(host, env, suite.server, [
      ...untrusted,
      "--no-session",
      "--preset",
      "proj",
      "/system-update list",
      "/system-update use proj-block",
      "go",
    ]);
    expect(denied.stderr).toMatch(/not trusted|not offered|unknown preset/i);
    expect(denied.stderr).toContain('forge: cannot activate "proj-block"');
    expect(denied.stderr).not.toContain("proj-block  Project block");
    const [first, second] = denied.requests;
    expect(toolNames(first!)).not.toContain(TOOL);
    expect(systemPromptOf(first!)).not.toContain("proj-block");
    // The fake agent calls the tool anyway: the host has no such tool, and nothing reaches the model.
    expect(toolResults(second!)).toEqual([`Tool ${TOOL} not found`]);
    expect(allText(second!)).not.toContain(BLOCK_TEXT);

    // Positive control: the same project, trusted.
    const trusted = await trustArgs(host, env, true);
    suite.server.reset();
    suite.server.enqueue({ toolCalls: [{ name: TOOL, arguments: { action: "activate", id: "proj-block" } }] }, { text: "done" });
    const allowed = await printRun(host, env, suite.server, [...trusted, "--no-session", "--preset", "proj", "go"]);
    expect(toolNames(allowed.requests[0]!)).toContain(TOOL);
    expect(systemPromptOf(allowed.requests[0]!)).toContain("- proj-block: Project block. Runs the project's linters. (callable: yes)");
    expect(toolResults(allowed.requests[1]!)[0]).toContain('Activated system update "proj-block"');
    expect(allText(allowed.requests[1]!)).toContain(BLOCK_TEXT);
  });
});
