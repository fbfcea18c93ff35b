// End-to-end: system updates inside both real Pi hosts (print mode), asserting on the requests Pi sent the fake server.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BLOCK_STRICT_TEXT, BLOCK_TDD_TEXT } from "./fixtures/updates-extension.js";
import { messageText, startFakeServer, systemPromptOf, type FakeServer, type RecordedRequest } from "./harness/fake-server.js";
import { createPiEnv, type PiEnv } from "./harness/pi-env.js";
import { assertPrintOk, HOSTS, killLeftoverPi, runPrint, type PiHost } from "./harness/pi-host.js";
import { withoutDate } from "./harness/probe.js";

const EXTENSION = fileURLToPath(new URL("./fixtures/updates-extension.ts", import.meta.url));
const APPLY_1 = '<system_update id="update-1">\nBe terse.\n</system_update>';
const RETRACT_1 = '<system_update id="update-1" status="revoked">\nThe previous update "update-1" no longer applies.\n</system_update>';
const SECTION_1 = "<forge-update-update-1>\nBe terse.\n</forge-update-update-1>";

let server: FakeServer;
const envs: PiEnv[] = [];

beforeAll(async () => {
  server = await startFakeServer();
});
afterAll(async () => {
  killLeftoverPi();
  await server?.close();
  await Promise.all(envs.map((env) => env.cleanup()));
});

async function makeEnv(): Promise<PiEnv> {
  const env = await createPiEnv({ baseUrl: server.baseUrl });
  envs.push(env);
  return env;
}

/** One print run; returns the completion requests it made (the server log is reset first). */
async function print(host: PiHost, env: PiEnv, messages: string[], extraArgs: string[] = []): Promise<RecordedRequest[]> {
  server.reset();
  const result = await runPrint(host, [...extraArgs, ...messages], { env, extensions: [EXTENSION] });
  assertPrintOk(result);
  return server.completions();
}

/** The non-system messages of a request as role + text. */
function timeline(request: RecordedRequest): Array<{ role: string; text: string }> {
  return (request.body.messages as any[]).filter((m) => m.role !== "system" && m.role !== "developer").map((m) => ({ role: m.role, text: messageText(m) }));
}

function allText(request: RecordedRequest): string {
  return JSON.stringify(request.body.messages);
}

function count(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: system updates", (_id, host) => {
  it("an update and an agent tool activation reach the model, once each", async () => {
    const env = await makeEnv();
    const [baseline] = await print(host, env, ["hello"], ["--no-session"]);
    server.reset();
    server.enqueue({ toolCalls: [{ name: "forge_system_update", arguments: { action: "activate", id: "tdd" } }] }, { text: "done" });
    const result = await runPrint(host, ["--no-session", "/system-update Be terse.", "hello"], { env, extensions: [EXTENSION] });
    assertPrintOk(result);
    const [first, second] = server.completions();
    expect(second).toBeDefined();
    if (host.id === "legacy") {
      // 0.73.1: the prompt bytes do not move; the update is a tagged user-role message before the prompt.
      expect(withoutDate(systemPromptOf(first!))).toBe(withoutDate(systemPromptOf(baseline!)));
      expect(systemPromptOf(second!)).toBe(systemPromptOf(first!));
      expect(timeline(first!)).toEqual([{ role: "user", text: APPLY_1 }, { role: "user", text: "hello" }]);
      // The tool's activation is steered in after the tool result, before the next request.
      const last = timeline(second!).at(-1)!;
      expect(last).toEqual({ role: "user", text: `<system_update id="tdd">\n${BLOCK_TDD_TEXT}\n</system_update>` });
    } else {
      // 1.x: a section; no timeline message duplicates it.
      expect(systemPromptOf(first!)).toContain(SECTION_1);
      expect(allText(first!)).not.toContain("<system_update");
      // The mid-run activation reaches the next request of the same run (collapsed prompt on this model).
      expect(systemPromptOf(second!)).toContain(`<forge-update-tdd>\n${BLOCK_TDD_TEXT}\n</forge-update-tdd>`);
      expect(allText(second!)).not.toContain("<system_update");
    }
    expect(count(allText(second!), "Be terse.")).toBe(1);
    expect(count(allText(second!), BLOCK_TDD_TEXT)).toBe(1);
  });

  it("refuses non-callable, unknown, extra-argument and user-owned deactivation calls without a state change", async () => {
    const env = await makeEnv();
    server.reset();
    server.enqueue(
      {
        toolCalls: [
          { name: "forge_system_update", arguments: { action: "activate", id: "strict" } },
          { name: "forge_system_update", arguments: { action: "activate", id: "nope" } },
          { name: "forge_system_update", arguments: { action: "activate", id: "tdd", text: "arbitrary" } },
          { name: "forge_system_update", arguments: { action: "deactivate", id: "tdd" } },
        ],
      },
      { text: "done" },
    );
    const result = await runPrint(host, ["--no-session", "/system-update use tdd", "go"], { env, extensions: [EXTENSION] });
    assertPrintOk(result);
    const [, second] = server.completions();
    const toolResults = (second!.body.messages as any[]).filter((m) => m.role === "tool").map(messageText);
    expect(toolResults).toHaveLength(4);
    expect(toolResults[0]).toMatch(/not declared modelCallable/);
    expect(toolResults[1]).toMatch(/declares no block "nope"/);
    expect(toolResults[2]).toMatch(/text|additional|unexpected/i);
    expect(toolResults[3]).toMatch(/activated by the user/);
    // Still exactly the user's block, and never the non-callable one.
    expect(allText(second!)).toContain(BLOCK_TDD_TEXT);
    expect(allText(second!)).not.toContain(BLOCK_STRICT_TEXT);
    expect(allText(second!)).not.toContain("status=\\\"revoked\\\"");
  });

  it("revoke, resume and a forced compaction keep the right active set", async () => {
    const env = await makeEnv();
    const [one] = await print(host, env, ["/system-update Be terse.", "one"]);
    const sessions = readdirSync(join(env.agentDir, "sessions"), { recursive: true }).filter((f) => String(f).endsWith(".jsonl"));
    expect(sessions).toHaveLength(1);
    const [two] = await print(host, env, ["/system-update off update-1", "two"], ["--continue"]);
    if (host.id === "legacy") {
      expect(systemPromptOf(two!)).toBe(systemPromptOf(one!));
      const texts = timeline(two!).map((m) => m.text);
      expect(texts).toEqual([APPLY_1, "one", "fake reply", RETRACT_1, "two"]);
    } else {
      expect(systemPromptOf(one!)).toContain(SECTION_1);
      expect(systemPromptOf(two!)).not.toContain("Be terse.");
    }
    // Resume: the same history replays to the same request prefix.
    const [three] = await print(host, env, ["three"], ["--continue"]);
    expect(systemPromptOf(three!)).toBe(systemPromptOf(two!));
    expect(JSON.stringify(three!.body.messages).startsWith(JSON.stringify(two!.body.messages).slice(0, -1))).toBe(true);
    // Apply another, compact, and check the active set survives the summary.
    const afterCompaction = await print(host, env, ["/system-update Keep it short.", "/compact-now", "four"], ["--continue"]);
    const four = afterCompaction.at(-1)!;
    const prompt = systemPromptOf(four);
    if (host.id === "legacy") {
      expect(prompt).toContain('# Active system updates');
      expect(prompt).toContain('<system_update id="update-2">\nKeep it short.\n</system_update>');
      expect(prompt).not.toContain("Be terse.");
    } else {
      expect(allText(four)).toContain("Keep it short.");
    }
  });
});
