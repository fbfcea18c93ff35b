// Checks the 1.x section path against the installed host's own prompt builder, differ and transcript fold.
import { describe, expect, it } from "vitest";
import { transcriptPrompt } from "../../runtime/host-adapter/last-request-prompt.js";
import { registerSystemUpdates } from "../../runtime/updates/index.js";
import { TOOL_NAME } from "../../runtime/updates/update-tool.js";
import { FakePi } from "../support/fake-pi.js";
import { block, presetRef, updatesDeps } from "../support/update-fixtures.js";

const HOST = "../../node_modules/@earendil-works/pi-coding-agent/dist/core/system-prompt.js";
const TRANSCRIPT = "../../node_modules/@earendil-works/pi-ai/dist/utils/transcript.js";

describe("1.x host parity (installed @earendil-works/pi-coding-agent)", async () => {
  const sp = await import(HOST);
  const tr = await import(TRANSCRIPT);

  async function runWithTool(staleOptions: boolean) {
    const pi = new FakePi();
    registerSystemUpdates(pi, updatesDeps(pi, { preset: presetRef([block("tdd", { callable: true })]) }));
    const ctx = pi.ctx({ host: "1.x", midConvo: true });
    await pi.emitEach("session_start", {}, ctx);
    await pi.command("Be terse.", ctx);
    // As Pi's emitBeforeAgentStart: normalized base options, handed to handlers, kept as the run's options.
    let runOptions = sp.normalizeBuildSystemPromptOptions({ cwd: "/w" });
    await pi.emitEach("before_agent_start", { systemPrompt: "", systemPromptOptions: runOptions }, ctx);
    const head = { role: "system", content: "", sections: sp.buildSystemPromptSections(runOptions), timestamp: 1 };
    const transcript: any[] = [head, { role: "user", content: "go" }, { role: "assistant", content: [] }];
    pi.session.push({ type: "message", message: head }); // Pi records the run's leading system message
    await pi.emitEach("context_with_system", { messages: transcript }, ctx);
    // A later turn re-normalizes the options (prepareNextTurnWithContext): the handler's reference goes stale.
    if (staleOptions) {
      runOptions = sp.normalizeBuildSystemPromptOptions({ ...runOptions });
      await pi.emitEach("context_with_system", { messages: transcript }, ctx);
    }
    await pi.tools.get(TOOL_NAME)!.execute("call-1", { action: "activate", id: "tdd" }, undefined, undefined, ctx);
    transcript.push({ role: "toolResult", toolCallId: "call-1", content: [] });
    // Pi's own per-request diff of the run's options against the transcript.
    const patch = sp.diffSystemPromptSections(tr.getCurrentSystemMessage(transcript)?.sections ?? {}, sp.buildSystemPromptSections(runOptions));
    return { patch, sent: pi.sent };
  }

  it("renders update sections exactly as Pi wraps them", () => {
    const sections = sp.buildSystemPromptSections({ cwd: "/w", sections: { "forge-update-update-1": "Be terse." } });
    expect(sections["forge-update-update-1"]).toBe("<forge-update-update-1>\nBe terse.\n</forge-update-update-1>");
  });

  it("a first-batch activation is diffed and recorded by Pi itself; forge sends nothing", async () => {
    const { patch, sent } = await runWithTool(false);
    expect(patch).toEqual({ "forge-update-tdd": "<forge-update-tdd>\nInstructions of tdd.\n</forge-update-tdd>" });
    expect(sent).toEqual([]);
  });

  it("a later activation (Pi re-normalized its options, so no patch would come) travels as a steered message", async () => {
    const { patch, sent } = await runWithTool(true);
    expect(patch).toBeUndefined();
    expect(sent).toMatchObject([{ options: { deliverAs: "steer" }, message: { content: '<system_update id="tdd">\nInstructions of tdd.\n</system_update>' } }]);
  });

  it("replays the prompt from system message entries like pi-ai's getCurrentSystemPrompt", () => {
    const messages = [
      {
        role: "system",
        content: "",
        sections: sp.buildSystemPromptSections({ cwd: "/w", sections: { "forge-update-a": "A", "forge-update-b": "B" } }),
        timestamp: 1,
      },
      { role: "user", content: "hi" },
      { role: "system", content: "", sections: { "forge-update-a": null, "forge-update-c": "<forge-update-c>\nC\n</forge-update-c>" }, timestamp: 2 },
      { role: "system", content: "", sections: { "forge-update-b": "<forge-update-b>\nB2\n</forge-update-b>" }, timestamp: 3 },
    ];
    const branch = messages.map((message, i) => ({ type: "message", id: `m${i}`, message }));
    expect(transcriptPrompt(branch as any)).toBe(tr.getCurrentSystemPrompt(messages));
    expect(transcriptPrompt([{ type: "custom" }])).toBeNull();
  });
});
