// End-to-end: the active update set after a /tree branch switch, a fork and a forced compaction, in both real Pi hosts.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../scripts/demo/fake-server.js";
import { HOSTS } from "../../scripts/demo/pi-host.js";
import { startRpc } from "../../scripts/demo/rpc-client.js";
import {
  allText,
  applyTag,
  EXTENSIONS,
  occurrences,
  printRun,
  rpcActiveIds,
  rpcCommand,
  systemPromptOf,
  timeline,
  updatesSuite,
} from "./harness/updates-session.js";

const suite = updatesSuite();
const has = (request: RecordedRequest, text: string) => allText(request).includes(text);

describe.each(HOSTS.map((host) => [host.id, host] as const))("%s host: branches and compaction", (_id, host) => {
  // In memory (--no-session) and in a session saved to disk, as users run Pi: 0.73.1 forks a saved session into a new file.
  for (const [how, saved] of [
    ["tree", false],
    ["fork", false],
    ["tree", true],
    ["fork", true],
  ] as const) {
    it(`a ${how === "tree" ? "/tree branch switch" : "fork"} gets that branch's active set (RPC, ${saved ? "a saved session" : "--no-session"})`, async () => {
      const env = await suite.env();
      suite.server.reset();
      const session = saved ? ["--session-dir", join(env.agentDir, "sessions-here")] : ["--no-session"];
      const rpc = await startRpc(host, { env, args: [...session, "--preset", "audit"], extensions: EXTENSIONS, timeoutMs: 60_000 });
      try {
        await rpcCommand(rpc, "/system-update Alpha.", "applied update-1");
        await rpc.prompt("one");
        await rpcCommand(rpc, "/system-update Beta.", "applied update-2");
        await rpc.prompt("two");
        expect(await rpcActiveIds(rpc)).toEqual(["update-1", "update-2"]);
        if (how === "tree") {
          // Back to the user message "one": the branch ends before it, after update-1 and before update-2.
          await rpcCommand(rpc, "/tree-to-prompt one", "tree-to-prompt: done");
        } else {
          const forks = await rpc.send({ type: "get_fork_messages" });
          const one = forks.data.messages.find((m: { text: string }) => m.text === "one");
          const forked = await rpc.send({ type: "fork", entryId: one.entryId });
          expect(forked.success).toBe(true);
        }
        expect(await rpcActiveIds(rpc)).toEqual(["update-1"]);
        await rpc.prompt("three");
      } finally {
        expect(await rpc.close()).toBe(0);
      }
      // 0.73.1 opens a fork of a saved session before its first reply empty: forge carries its records over, and says so.
      const carried = host.id === "legacy" && how === "fork" && saved;
      const notices = rpc.records.filter((r) => r?.type === "extension_ui_request" && r.method === "notify").map((r) => String(r.message));
      expect(notices.some((n) => n.includes("the fork keeps the forked branch's modes and system updates"))).toBe(carried);
      const last = suite.server.completions().at(-1)!;
      expect(has(last, "Alpha.")).toBe(true);
      expect(has(last, "Beta.")).toBe(false);
      // Both hosts (this 1.x model has no mid-conversation system messages): the branch's own timeline message.
      // Where the fork carried the records, the model of the new session was told nothing yet: update-1 is told again,
      // after the prompt as 0.73.1 delivers a newly active update.
      const told = [applyTag("update-1", "Alpha."), "three"];
      expect(timeline(last).map((m) => m.text)).toEqual(carried ? told.reverse() : told);
    });
  }

  it("a forced compaction keeps the active set (folded into the prompt on 0.73.1, told again once on 1.x), and the next turns keep that prompt", async () => {
    // A tiny keepRecentTokens makes /compact-now summarize everything before the last prompt.
    const env = await suite.env({ settings: { compaction: { keepRecentTokens: 1 } } });
    suite.server.reset();
    await printRun(host, env, suite.server, ["--preset", "audit", "/system-update Be terse.", "one"]);
    const { requests } = await printRun(host, env, suite.server, [
      "--continue",
      "/system-update Keep it short.",
      "two",
      "/compact-now",
      "/system-update status --json",
      "three",
    ]);
    // two, the summarization request(s) (a split turn adds one), three.
    expect(requests.length).toBeGreaterThanOrEqual(3);
    const summaries = requests.slice(1, -1);
    expect(summaries.every((r) => /summar/i.test(systemPromptOf(r)))).toBe(true);
    const three = requests.at(-1)!;
    const prompt = systemPromptOf(three);
    if (host.id === "legacy") {
      // The timeline messages before the cut are only summarized: the active set is in the prompt now.
      expect(prompt).toContain("# Active system updates");
      expect(prompt).toContain(applyTag("update-1", "Be terse."));
      expect(prompt).toContain(applyTag("update-2", "Keep it short."));
      expect(timeline(three).some((m) => m.text.includes("<system_update"))).toBe(false);
      // Pi's summary input held the tagged messages from before the cut.
      expect(summaries.some((r) => allText(r).includes("Be terse."))).toBe(true);
    } else {
      // 1.x keeps sections through a compaction, but these updates were timeline messages (this model has no
      // mid-conversation system messages): only summarized now, so they are told again, once, after the prompt.
      expect(prompt).not.toContain("Be terse.");
      expect(
        timeline(three)
          .slice(-2)
          .map((m) => m.text),
      ).toEqual(["three", `${applyTag("update-1", "Be terse.")}\n\n${applyTag("update-2", "Keep it short.")}`]);
      expect(occurrences(three, "Be terse.")).toBe(1);
    }
    // The inventory stays, and the next turn (a resumed process) keeps the post-compaction prompt byte-identical.
    expect(prompt).toContain('The preset "audit" declares these dormant instruction blocks.');
    const four = await printRun(host, env, suite.server, ["--continue", "/system-update off update-1", "four"]);
    const after = four.requests.at(-1)!;
    expect(systemPromptOf(after)).toBe(prompt);
    expect(
      timeline(after)
        .slice(-2)
        .map((m) => m.text),
    ).toEqual(['<system_update id="update-1" status="revoked">\nThe previous update "update-1" no longer applies.\n</system_update>', "four"]);
  });
});
