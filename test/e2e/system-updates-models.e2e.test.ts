// End-to-end: model switches mid-session (RPC set_model) between a model with mid-conversation system messages and
// one without, in the real 1.x Pi; every request Pi sent is read back with the model-test's reader (told-view.ts).
import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../scripts/demo/fake-server.js";
import { LEGACY_HOST, MODERN_HOST } from "../../scripts/demo/pi-host.js";
import { startRpc, type RpcClient } from "../../scripts/demo/rpc-client.js";
import { applyTag, EXTENSIONS, extendsRequest, retractTag, rpcCommand, systemPromptOf, timeline, updatesSuite } from "./harness/updates-session.js";
import { sentFromBody } from "../shared/session-figures.js";
import { toldView } from "../shared/told-view.js";

const suite = updatesSuite();
const WITHOUT = "fake-without";

/** The model's view of the update set in `request`, as id -> channel; fails on a repeat or a wrong retraction. */
function told(request: RecordedRequest): Record<string, string> {
  const view = toldView(sentFromBody(request.body));
  expect(view.violations).toEqual([]);
  return Object.fromEntries([...view.held].map(([id, h]) => [id, h.via]));
}

async function switchModel(rpc: RpcClient, modelId: string, notice: string | null): Promise<string | null> {
  const from = rpc.records.length;
  const response = await rpc.send({ type: "set_model", provider: "fake", modelId });
  expect(response.success).toBe(true);
  if (notice === null) return null;
  const record = await rpc.waitFor((r) => r?.type === "extension_ui_request" && r.method === "notify" && String(r.message).includes(notice), { from });
  return String(record.message);
}

describe("1.x: switching between a model with mid-conversation system messages and one without", () => {
  it("moves later changes to the other delivery; what the model holds stays, nothing repeats, and each switch is announced", async () => {
    const env = await suite.env({ compat: { supportsMidConvoSystemMessages: true }, extraModels: [{ id: WITHOUT }] });
    suite.server.reset();
    const rpc = await startRpc(MODERN_HOST, { env, args: ["--no-session", "--preset", "audit"], extensions: EXTENSIONS, timeoutMs: 90_000 });
    try {
      await rpcCommand(rpc, "/system-update Alpha.", "applied update-1");
      await rpc.prompt("one");
      const toTimeline = await switchModel(rpc, WITHOUT, "system updates now use timeline delivery");
      expect(toTimeline).toMatch(
        /model fake\/fake-without has no mid-conversation system messages[^\n]* · keeps (?:the whole|\d+% of the|none of the) cached prompt/,
      );
      await rpcCommand(rpc, "/system-update Beta.", "applied update-2");
      await rpc.prompt("two");
      await rpcCommand(rpc, "/system-update off update-1", "revoked update-1");
      await rpc.prompt("three");
      await switchModel(rpc, env.model, "system updates now use sections delivery");
      await rpcCommand(rpc, "/system-update Gamma.", "applied update-3");
      await rpcCommand(rpc, "/system-update off update-2", "revoked update-2");
      await rpc.prompt("four");
      const status = JSON.parse(await rpcCommand(rpc, "/system-update status --json", '"delivery"'));
      expect(status).toMatchObject({ delivery: "sections", deliveryReason: "model-with" });
      expect(status.active.map((u: { updateId: string; told: string }) => [u.updateId, u.told])).toEqual([["update-3", "section"]]);
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const [one, two, three, four] = suite.server.completions() as [RecordedRequest, RecordedRequest, RecordedRequest, RecordedRequest];
    expect(told(one)).toEqual({ "update-1": "section" });
    // The model without them gets Pi's folded prompt (the switch's own rewrite, announced), then only appended messages.
    expect(systemPromptOf(two)).toContain("<forge-update-update-1>\nAlpha.\n</forge-update-update-1>");
    expect(told(two)).toEqual({ "update-1": "section", "update-2": "message" });
    expect(systemPromptOf(three)).toBe(systemPromptOf(two));
    expect(extendsRequest(three, two)).toBe(true);
    expect(
      timeline(three)
        .slice(-2)
        .map((m) => m.text),
    ).toEqual([retractTag("update-1"), "three"]);
    expect(told(three)).toEqual({ "update-2": "message" });
    // Back on the model with them: a message-held update is retracted by a message, a new one is Pi's patch.
    expect(told(four)).toEqual({ "update-3": "section" });
    expect(timeline(four).map((m) => m.text)).toContain(retractTag("update-2"));
    expect(
      timeline(four)
        .map((m) => m.text)
        .filter((t) => t === applyTag("update-2", "Beta.")),
    ).toHaveLength(1);
  });
});

describe("0.73.1: a model switch changes nothing for system updates", () => {
  it("no notice, and the next request extends the previous one", async () => {
    const env = await suite.env({ extraModels: [{ id: WITHOUT }] });
    suite.server.reset();
    const rpc = await startRpc(LEGACY_HOST, { env, args: ["--no-session", "--preset", "audit"], extensions: EXTENSIONS, timeoutMs: 90_000 });
    try {
      await rpcCommand(rpc, "/system-update Alpha.", "applied update-1");
      await rpc.prompt("one");
      const from = rpc.records.length;
      await switchModel(rpc, WITHOUT, null);
      await rpcCommand(rpc, "/system-update Beta.", "applied update-2");
      expect(rpc.records.slice(from).some((r) => String(r?.message ?? "").includes("system updates now use"))).toBe(false);
      await rpc.prompt("two");
    } finally {
      expect(await rpc.close()).toBe(0);
    }
    const [one, two] = suite.server.completions() as [RecordedRequest, RecordedRequest];
    expect(extendsRequest(two, one)).toBe(true);
    expect(told(two)).toEqual({ "update-1": "message", "update-2": "message" });
  });
});
