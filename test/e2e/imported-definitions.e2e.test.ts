// End-to-end: definitions brought in with `forge import` (Roo modes, Pi presets, pi-modes files) compose in both real Pi hosts.
import { beforeAll, describe, expect, it } from "vitest";
import { expectSamePrompt, forgeSync, forgeSuite, nativePrompt, overlayTail, seedProjectTrust } from "./harness/forge-project.js";
import { toolNames } from "../../scripts/demo/fake-server.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { bareEnv } from "../support/home-guard.js";
import { onlyPooledPrompt, pooledTurns } from "./harness/pooled-turns.js";
import { rpcPool } from "./harness/rpc-pool.js";

const suite = forgeSuite();

const ROLE = "You write documentation for this repository.";
// Braces in another tool's prompt are plain text: they must reach the model literally.
const CUSTOM = "Keep examples runnable; never write {{cwd}} placeholders.";
const ROOMODES = JSON.stringify({
  customModes: [{ slug: "docs_writer", name: "Docs Writer", roleDefinition: ROLE, customInstructions: CUSTOM, groups: ["read", "edit"] }],
});
const INSTRUCTIONS = "You are in REVIEW MODE. Read the diff in full and list risks first.";
const PRESETS_JSON = JSON.stringify({ review: { thinkingLevel: "low", tools: ["read", "bash"], instructions: INSTRUCTIONS } });
const SYSTEM = "You are a careful release engineer.";
const PI_MODE = JSON.stringify({ key: "release", label: "Release", systemPrompt: SYSTEM });

/** The real `forge import` in the env's cwd; fails the test unless it wrote and built. */
function forgeImport(env: PiEnv, args: string[]): string {
  const r = forgeSync(["import", ...args], {
    cwd: env.cwd,
    env: bareEnv({ FORGE_NO_CACHE: "1", NO_COLOR: "1" }),
    encoding: "utf8",
    timeout: 30_000,
  });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  expect(r.stdout).toContain("forge: wrote .pi/forge/bundle.json");
  return r.stdout;
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: imported definitions", (_id, host) => {
  let env: PiEnv;
  // The imports are the subject, not the start-up: each test is a new session of one RPC Pi per host, the definition
  // chosen by /mode set or /preset use.
  const pool = rpcPool();
  const run = (messages: string[]) => pooledTurns(pool, host, env, suite.server, messages);

  beforeAll(async () => {
    env = await suite.env({ cwdFiles: { ".roomodes": ROOMODES, "presets.json": PRESETS_JSON, "modes/release.json": PI_MODE } });
    expect(forgeImport(env, ["roo", ".roomodes", "--overlay"])).toContain("wrote .pi/forge/modes/docs-writer.yaml");
    expect(forgeImport(env, ["pi-presets", "presets.json"])).toContain("wrote .pi/forge/presets/review.yaml");
    expect(forgeImport(env, ["pi-modes", "modes"])).toContain("wrote .pi/forge/modes/release.yaml");
    seedProjectTrust(host, env);
  });

  it("a Roo mode imported with --overlay is an append overlay, its braces literal, its groups its tools", async () => {
    const r = await run(["/mode set docs-writer", "hello"]);
    // Roo's read and edit groups: read, grep, find, ls, edit, write (Pi's active ones kept in order, then the read-only ones).
    expect(toolNames(r.requests[0]!).sort()).toEqual(["edit", "find", "grep", "ls", "read", "write"]);
    const withTools = await nativePrompt(host, env, suite.server, ["--tools", "read,edit,write,grep,find,ls"]);
    expectSamePrompt(onlyPooledPrompt(r), withTools + overlayTail(["docs-writer", "Docs Writer", `${ROLE}\n\n${CUSTOM}`]));
  });

  it("a Pi preset becomes a forge preset: its instructions as an overlay, its tools narrowing the request", async () => {
    const r = await run(["/preset use review", "hello"]);
    expect(toolNames(r.requests[0]!).sort()).toEqual(["bash", "read"]);
    // Narrowed tools change Pi's own part too: compare with Pi's prompt for exactly those tools.
    const narrowed = await nativePrompt(host, env, suite.server, ["--tools", "read,bash"]);
    expectSamePrompt(onlyPooledPrompt(r), narrowed + overlayTail(["review-mode", "review", INSTRUCTIONS]));
  });

  it("a pi-modes systemPrompt is a replace_base mode: the same bytes as Pi's own --system-prompt", async () => {
    const piCustom = await nativePrompt(host, env, suite.server, ["--system-prompt", SYSTEM]);
    expectSamePrompt(onlyPooledPrompt(await run(["/mode set release", "hello"])), piCustom);
  });
});
