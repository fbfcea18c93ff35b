// End-to-end: the active update set after a /tree branch switch, a fork and a forced compaction, in both real Pi hosts.
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
  for (const how of ["tree", "fork"] as const) {
    it(`a ${how === "tree" ? "/tree branch switch" : "fork"} gets that branch's active set (RPC)`, async () => {
      const env = await suite.env();
      suite.server.reset();
      const rpc = await startRpc(host, { env, args: ["--no-session", "--preset", "audit"], extensions: EXTENSIONS, timeoutMs: 60_000 });
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
      const last = suite.server.completions().at(-1)!;
      expect(has(last, "Alpha.")).toBe(true);
      expect(has(last, "Beta.")).toBe(false);
      // Both hosts (this 1.x model has no mid-conversation system messages): the branch's own timeline message.
      expect(timeline(last).map((m) => m.text)).toEqual([applyTag("update-1", "Alpha."), "three"]);
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
