// Delivery on both host shapes: 1.x sections (mid-run: the run's options, then messages), 0.73.1 timeline messages with a byte-stable prompt.
import { describe, expect, it } from "vitest";
import { createApplyEvent, UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { foldTranscriptSections } from "../../core/transcript-sections.js";
import { registerSystemUpdates } from "../../runtime/updates/index.js";
import { UPDATE_MESSAGE_TYPE } from "../../runtime/updates/timeline-view.js";
import { TOOL_NAME } from "../../runtime/updates/update-tool.js";
import { FakePi, type FakeCtx } from "../support/fake-pi.js";
import { block, presetRef, updatesDeps } from "../support/update-fixtures.js";

/** `sections`: the context is shaped like 1.x (structured sections) with a model that takes mid-conversation system messages, else like 0.73.1. */
function setup(sections: boolean, preset: ReturnType<typeof presetRef> | null = presetRef([block("tdd", { callable: true })])) {
  const pi = new FakePi();
  const holder = { preset };
  registerSystemUpdates(pi, updatesDeps(pi, holder));
  return { pi, holder, ctx: pi.ctx({ host: sections ? "1.x" : "0.73.1", midConvo: sections }) };
}

async function start(pi: FakePi, ctx: FakeCtx, event: any): Promise<any> {
  const [result] = await pi.emitEach("before_agent_start", event, ctx);
  return result;
}

describe("timeline delivery (0.73.1)", () => {
  it("keeps the system prompt byte-stable across apply, revoke and reset", async () => {
    const { pi, ctx } = setup(false);
    const prompts: string[] = [];
    const run = async () => prompts.push((await start(pi, ctx, { systemPrompt: "CORE PROMPT" }))?.systemPrompt);
    await run();
    await pi.command("Be terse.", ctx);
    await run();
    await pi.command("use tdd", ctx);
    await run();
    await pi.command("off update-1", ctx);
    await run();
    await pi.command("reset", ctx);
    await run();
    expect(new Set(prompts).size).toBe(1);
    expect(prompts[0]).toMatch(/^CORE PROMPT\n\n# System update blocks\n/);
    expect(prompts[0]).toContain("- tdd: Block tdd. Does tdd things. (callable: yes)");
    expect(prompts[0]).not.toContain("Instructions of tdd.");
  });

  it("leaves the prompt alone when the preset has no blocks", async () => {
    const { pi, ctx } = setup(false, null);
    await pi.command("Be terse.", ctx);
    expect(await start(pi, ctx, { systemPrompt: "CORE" })).toBeUndefined();
  });

  it("delivers each change as a tagged message, and a revoke as an explicit retraction", async () => {
    const { pi, ctx } = setup(false);
    await pi.command("Be terse.", ctx);
    await pi.command("off update-1", ctx);
    await pi.command("use tdd", ctx);
    await pi.command("reset", ctx);
    expect(pi.sent.map((s) => s.message.content)).toEqual([
      '<system_update id="update-1">\nBe terse.\n</system_update>',
      '<system_update id="update-1" status="revoked">\nThe previous update "update-1" no longer applies.\n</system_update>',
      '<system_update id="tdd">\nInstructions of tdd.\n</system_update>',
      '<system_update id="tdd" status="revoked">\nThe previous update "tdd" no longer applies.\n</system_update>',
    ]);
    expect(pi.sent.every((s) => s.message.customType === UPDATE_MESSAGE_TYPE)).toBe(true);
    // Everything was delivered: the next run adds nothing.
    expect((await start(pi, ctx, { systemPrompt: "CORE" }))?.message).toBeUndefined();
  });

  it("delivers a recorded change that never reached the timeline at the next run", async () => {
    const { pi, ctx } = setup(false);
    pi.appendEntry(UPDATE_ENTRY_TYPE, createApplyEvent({ updateId: "update-1", source: "user", content: "Lost.", now: new Date() }));
    const result = await start(pi, ctx, { systemPrompt: "CORE" });
    expect(result.message.content).toBe('<system_update id="update-1">\nLost.\n</system_update>');
    expect(result.message.details).toEqual({ v: 1, changes: [{ updateId: "update-1", op: "apply", digest: expect.stringMatching(/^[0-9a-f]{64}$/) }] });
  });

  it("folds the active set into the prompt after a compaction, then stays stable", async () => {
    const { pi, ctx } = setup(false, null);
    await pi.command("Be terse.", ctx);
    await pi.command("Second.", ctx);
    await pi.command("off update-2", ctx);
    expect(await start(pi, ctx, { systemPrompt: "CORE" })).toBeUndefined();
    // Everything before the compaction is summarized (the kept entries start at the compaction itself).
    pi.session.push({ type: "compaction", summary: "summary", firstKeptEntryId: "none" });
    const after = await start(pi, ctx, { systemPrompt: "CORE" });
    expect(after.systemPrompt).toBe(
      'CORE\n\n# Active system updates\n\nThese system updates apply to the conversation below, unless a later <system_update status="revoked"> message retracts one.\n\n<system_update id="update-1">\nBe terse.\n</system_update>',
    );
    expect(after.message).toBeUndefined();
    await pi.command("Third.", ctx);
    await pi.command("off update-1", ctx);
    const later = await start(pi, ctx, { systemPrompt: "CORE" });
    expect(later.systemPrompt).toBe(after.systemPrompt);
    expect(later.message).toBeUndefined();
    expect(pi.sent.at(-1)!.message.content).toContain('id="update-1" status="revoked"');
  });

  it("replays to the same outputs after a resume and follows a branch switch", async () => {
    const { pi, ctx } = setup(false);
    await pi.command("Be terse.", ctx);
    const fork = pi.session.leaf;
    await pi.command("use tdd", ctx);
    const first = await start(pi, ctx, { systemPrompt: "CORE" });
    // A resumed session: a fresh registration over the same stored branch.
    const resumed = new FakePi({ session: pi.session });
    registerSystemUpdates(resumed, updatesDeps(resumed, { preset: presetRef([block("tdd", { callable: true })]) }));
    expect(await start(resumed, resumed.ctx(), { systemPrompt: "CORE" })).toEqual(first);
    // /tree back to before "use tdd": that branch's active set only.
    pi.session.branchFrom(fork);
    await pi.emitEach("session_tree", {}, ctx);
    await pi.command("status --json", ctx);
    expect(JSON.parse(pi.lastNote()).active.map((u: any) => u.updateId)).toEqual(["update-1"]);
  });

  it("steers a mid-run tool activation into the next request", async () => {
    const { pi, ctx } = setup(false);
    await pi.emitEach("session_start", {}, ctx);
    await start(pi, ctx, { systemPrompt: "CORE" });
    await pi.tools.get(TOOL_NAME)!.execute("call-1", { action: "activate", id: "tdd" }, undefined, undefined, ctx);
    expect(pi.sent).toHaveLength(1);
    expect(pi.sent[0]).toMatchObject({
      options: { deliverAs: "steer" },
      message: { content: '<system_update id="tdd">\nInstructions of tdd.\n</system_update>' },
    });
  });
});

describe("sections delivery (1.x)", () => {
  const options = () => ({ cwd: "/w", sections: { "forge-base": "core overlay" } as Record<string, string> });

  it("renders the inventory and each active update as its own section, in activation order", async () => {
    const { pi, ctx } = setup(true);
    await pi.command("Be terse.", ctx);
    await pi.command("use tdd", ctx);
    const opts = options();
    const result = await start(pi, ctx, { systemPrompt: "CORE", systemPromptOptions: opts });
    expect(result).toBeUndefined();
    expect(Object.keys(opts.sections)).toEqual(["forge-base", "forge-updates", "forge-update-update-1", "forge-update-tdd"]);
    expect(opts.sections["forge-update-update-1"]).toBe("Be terse.");
    expect(opts.sections["forge-update-tdd"]).toBe("Instructions of tdd.");
    expect(pi.sent).toEqual([]);
    await pi.command("off update-1", ctx);
    const next = options();
    await start(pi, ctx, { systemPrompt: "CORE", systemPromptOptions: next });
    expect(Object.keys(next.sections)).toEqual(["forge-base", "forge-updates", "forge-update-tdd"]);
  });

  it("a command before the first run asks the adapter with the host's base options (no double delivery)", async () => {
    const pi = new FakePi();
    // The real adapter: outside a run the capability is unknown until a before_agent_start was seen.
    registerSystemUpdates(pi, updatesDeps(pi, { preset: null }));
    const legacyCtx = pi.ctx();
    const modernCtx = pi.ctx({ host: "1.x", midConvo: true, promptOptions: { cwd: "/w", sections: {} } });
    await pi.command("Be terse.", modernCtx);
    expect(pi.sent).toEqual([]);
    await pi.command("Second.", legacyCtx);
    expect(pi.sent).toHaveLength(1);
  });

  it("falls back to timeline delivery when the prompt is forced (replace_final)", async () => {
    const { pi, ctx } = setup(true, null);
    await pi.command("Be terse.", ctx);
    const opts = { ...options(), forceSystemPrompt: "EXACT" };
    const result = await start(pi, ctx, { systemPrompt: "EXACT", systemPromptOptions: opts });
    expect(result.message.content).toBe('<system_update id="update-1">\nBe terse.\n</system_update>');
    expect(opts.sections).toEqual({ "forge-base": "core overlay" });
  });

  it("a mid-run change in the run's first tool batch goes into the run's options; later ones travel as messages", async () => {
    const { pi, ctx } = setup(true);
    await pi.emitEach("session_start", {}, ctx);
    const opts = options();
    await start(pi, ctx, { systemPrompt: "CORE", systemPromptOptions: opts });
    await pi.emitEach("context_with_system", { messages: [] }, ctx); // the run's first request
    await pi.tools.get(TOOL_NAME)!.execute("call-1", { action: "activate", id: "tdd" }, undefined, undefined, ctx);
    // The run's options, which Pi diffs before its next request, now hold the section.
    expect(opts.sections["forge-update-tdd"]).toBe("Instructions of tdd.");
    expect(pi.sent).toEqual([]);
    // Pi records the patch, then re-normalizes its options for the second request.
    pi.session.push({
      type: "message",
      message: { role: "system", content: "", sections: { "forge-update-tdd": "<forge-update-tdd>\nInstructions of tdd.\n</forge-update-tdd>" } },
    });
    await pi.emitEach("context_with_system", { messages: [] }, ctx);
    await pi.tools.get(TOOL_NAME)!.execute("call-2", { action: "deactivate", id: "tdd" }, undefined, undefined, ctx);
    expect(opts.sections["forge-update-tdd"]).toBe("Instructions of tdd."); // Pi no longer reads this object
    expect(pi.sent).toMatchObject([
      {
        options: { deliverAs: "steer" },
        message: { content: '<system_update id="tdd" status="revoked">\nThe previous update "tdd" no longer applies.\n</system_update>' },
      },
    ]);
    // The next run drops the retracted section (Pi's removal patch) and tells nothing twice.
    const next = options();
    expect(await start(pi, ctx, { systemPrompt: "CORE", systemPromptOptions: next })).toBeUndefined();
    expect(Object.keys(next.sections)).toEqual(["forge-base", "forge-updates"]);
  });

  it("folds transcript section patches like pi-ai's getCurrentSystemMessage", () => {
    const folded = foldTranscriptSections([
      { role: "system", sections: { a: "1", b: "2" } },
      { role: "user" },
      { role: "system", sections: { a: null, c: "3" } },
      { role: "system", sections: { b: "2b" } },
    ]);
    expect([...folded]).toEqual([
      ["b", "2b"],
      ["c", "3"],
    ]);
  });
});
