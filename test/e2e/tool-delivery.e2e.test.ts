// End-to-end on both hosts (issue 30): toolDelivery: gate. Switching between modes that differ only in their tools leaves
// the declared tools byte for byte the same in every request (nothing of the cached prefix is rewritten by a tool
// change); the gate still refuses every tool outside the mode, and the model is told the mode's tools as an appended
// system update. Under toolDelivery: declare the same switch changes the declared tools.
import { mkdirSync, existsSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { forgeBuild, seedProjectTrust } from "./harness/forge-project.js";
import { piSuite } from "./harness/pi-suite.js";
import { lastToolResults } from "./harness/mcp-env.js";
import type { PiEnv } from "../../scripts/demo/pi-env.js";
import { HOSTS, type PiHost } from "../../scripts/demo/pi-host.js";
import type { RecordedRequest } from "../../scripts/demo/fake-server.js";
import { pooledTurns } from "./harness/pooled-turns.js";
import { rpcPool } from "./harness/rpc-pool.js";

const suite = piSuite();

// The same label and text: a switch between them changes the tools and, on 1.x, the section's name.
const mode = (tools: string) => `label: Careful\ndescription: Careful.\nstrategy: append\nprompt: Work carefully.\ntools: ${tools}\n`;
const preset = (overlay: string, delivery: string) => `description: ${overlay}.\noverlays: [${overlay}]\ntoolDelivery: ${delivery}\n`;
const SOURCES: Record<string, string> = {
  ".pi/forge/modes/ro.yaml": mode("[read, grep, find, ls]"),
  ".pi/forge/modes/rw.yaml": mode("[read, grep, find, ls, edit, write]"),
  ".pi/forge/presets/ro-gated.yaml": preset("ro", "gate"),
  ".pi/forge/presets/rw-gated.yaml": preset("rw", "gate"),
  ".pi/forge/presets/ro-declared.yaml": preset("ro", "declare"),
  ".pi/forge/presets/rw-declared.yaml": preset("rw", "declare"),
};

async function project(host: PiHost): Promise<PiEnv> {
  const env = await suite.env();
  for (const [path, text] of Object.entries(SOURCES)) {
    mkdirSync(dirname(join(env.cwd, path)), { recursive: true });
    writeFileSync(join(env.cwd, path), text);
  }
  forgeBuild({ root: env.cwd });
  seedProjectTrust(host, env);
  return env;
}

const toolsOf = (r: RecordedRequest) => JSON.stringify(r.body.tools ?? []);
const allText = (r: RecordedRequest) => JSON.stringify(r.body.messages);

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: toolDelivery", (_id, host) => {
  let env: PiEnv;
  beforeAll(async () => {
    env = await project(host);
  });
  // Both tests share the project and need no start-up of their own: each is a new session of one RPC Pi per host, its
  // preset chosen by /preset use, the model's replies queued first.
  const pool = rpcPool();
  const run = (messages: string[]) => pooledTurns(pool, host, env, suite.server, messages, { resetServer: false });

  it("gate: the declared tools are the same bytes in every request across a switch; the gate refuses, and the model is told", async () => {
    suite.server.reset();
    suite.server.enqueue(
      { toolCalls: [{ name: "write", arguments: { path: "ro.txt", content: "x\n" } }] },
      { text: "done" },
      { toolCalls: [{ name: "write", arguments: { path: "rw.txt", content: "ok\n" } }] },
      { text: "done" },
    );
    const { requests } = await run(["/preset use ro-gated", "one", "/preset use rw-gated", "two"]);
    expect(requests).toHaveLength(4);
    // Pi's own tools stay declared: write too, in the read-only mode.
    expect(requests.map(toolsOf)).toEqual(Array(4).fill(toolsOf(requests[0]!)));
    expect(toolsOf(requests[0]!)).toContain('"write"');
    expect(lastToolResults(requests.slice(0, 2))[0]).toBe('forge: tool write is not available in mode "ro" (tools: find, grep, ls, read). Nothing ran.');
    expect(existsSync(join(env.cwd, "ro.txt"))).toBe(false);
    expect(existsSync(join(env.cwd, "rw.txt"))).toBe(true);
    // The note: in the first request, and the new one appended after the switch.
    expect(allText(requests[0]!)).toContain("The tools you may call now");
    expect(allText(requests[0]!)).toContain("mode ro: tools: find, grep, ls, read");
    expect(allText(requests[2]!)).toContain("mode rw: tools: edit, find, grep, ls, read, write");
  });

  it("declare: the same switch changes the declared tools", async () => {
    suite.server.reset();
    suite.server.enqueue({ text: "one" }, { text: "two" });
    const { requests } = await run(["/preset use ro-declared", "one", "/preset use rw-declared", "two"]);
    expect(requests).toHaveLength(2);
    expect(toolsOf(requests[0]!)).not.toBe(toolsOf(requests[1]!));
    expect(allText(requests[1]!)).not.toContain("The tools you may call now");
  });
});
