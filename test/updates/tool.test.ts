// The forge_system_update tool: registration follows callable blocks; the permission matrix; refusals change nothing.
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { foldUpdateEvents } from "../../core/update-reducer.js";
import { registerSystemUpdates } from "../../runtime/updates/index.js";
import { TOOL_NAME } from "../../runtime/updates/update-tool.js";
import { TOOL_PARAMETERS } from "../../generated/constants.js";
import { FakePi } from "../support/fake-pi.js";
import { block, presetRef, updatesDeps } from "../support/update-fixtures.js";

async function setup(preset = presetRef([block("tdd", { callable: true }), block("strict")])) {
  const pi = new FakePi();
  const holder = { preset: preset as ReturnType<typeof presetRef> | null };
  registerSystemUpdates(pi, updatesDeps(pi, holder));
  const ctx = pi.ctx();
  await pi.emitEach("session_start", { reason: "startup" }, ctx);
  const call = (params: unknown, id = "call-1") => pi.tools.get(TOOL_NAME)!.execute(id, params, undefined, undefined, ctx);
  return { pi, holder, ctx, call };
}
const active = (pi: FakePi) => foldUpdateEvents(pi.session.getBranch()).active.map((u) => `${u.updateId}:${u.source}`);

describe("forge_system_update tool", () => {
  it("is registered only while a callable block exists, and leaves other tools alone", async () => {
    const none = await setup(presetRef([block("strict")]));
    expect(none.pi.tools.has(TOOL_NAME)).toBe(false);

    const { pi, holder, ctx } = await setup();
    expect(pi.tools.has(TOOL_NAME)).toBe(true);
    expect(pi.activeTools).toEqual(["read", "bash", TOOL_NAME]);
    holder.preset = presetRef([block("strict")]);
    await pi.emit("before_agent_start", { systemPrompt: "BASE" }, ctx);
    expect(pi.activeTools).toEqual(["read", "bash"]);
    holder.preset = presetRef([block("tdd", { callable: true })]);
    await pi.emit("before_agent_start", { systemPrompt: "BASE" }, ctx);
    expect(pi.activeTools).toEqual(["read", "bash", TOOL_NAME]);
  });

  it("has a strict parameter schema", () => {
    const validate = new Ajv({ strict: false }).compile(TOOL_PARAMETERS);
    expect(validate({ action: "activate", id: "tdd" })).toBe(true);
    expect(validate({ action: "activate", id: "tdd", text: "elevate me" })).toBe(false);
    expect(validate({ action: "activate" })).toBe(false);
    expect(validate({ action: "delete", id: "tdd" })).toBe(false);
    expect(validate({ action: "activate", id: "../etc/passwd" })).toBe(false);
  });

  it("activates a callable block as the agent", async () => {
    const { pi, call } = await setup();
    const result = await call({ action: "activate", id: "tdd" });
    expect(result.content[0]!.text).toContain('Activated system update "tdd"');
    expect(active(pi)).toEqual(["tdd:agent"]);
    const data = pi.session.getBranch().find((e) => e.customType === UPDATE_ENTRY_TYPE)!.data;
    expect(data).toMatchObject({ op: "apply", source: "agent", blockId: "tdd", presetId: "review", contentSnapshot: "Instructions of tdd." });
  });

  const refusals: Array<[string, unknown, RegExp]> = [
    ["a non-callable block", { action: "activate", id: "strict" }, /not declared modelCallable/],
    ["an unknown id", { action: "activate", id: "nope" }, /declares no block "nope"/],
    ["extra arguments", { action: "activate", id: "tdd", content: "arbitrary text" }, /unexpected argument\(s\) content/],
    ["a missing id", { action: "activate" }, /id must be a block id/],
    ["a bad action", { action: "elevate", id: "tdd" }, /action must be/],
    ["a path as id", { action: "activate", id: "/etc/passwd" }, /id must be a block id/],
    ["not an object", "tdd", /expected an object/],
  ];
  for (const [what, params, message] of refusals) {
    it(`refuses ${what} with a tool error and no state change`, async () => {
      const { pi, call } = await setup();
      const before = structuredClone(pi.session.getBranch());
      await expect(call(params)).rejects.toThrow(message);
      await expect(call(params)).rejects.toThrow(/No system update changed/);
      expect(pi.session.getBranch()).toEqual(before);
      expect(pi.sent).toEqual([]);
    });
  }

  it("the agent may deactivate only what it activated; the user may deactivate anything", async () => {
    const { pi, ctx, call } = await setup();
    await pi.command("use tdd", ctx);
    const before = structuredClone(pi.session.getBranch());
    await expect(call({ action: "deactivate", id: "tdd" })).rejects.toThrow(/activated by the user/);
    expect(pi.session.getBranch()).toEqual(before);
    await pi.command("off tdd", ctx);
    await call({ action: "activate", id: "tdd" });
    expect(active(pi)).toEqual(["tdd:agent"]);
    await call({ action: "deactivate", id: "tdd" });
    expect(active(pi)).toEqual([]);
    await expect(call({ action: "deactivate", id: "tdd" })).rejects.toThrow(/not active/);
    await pi.command("Freeform.", ctx);
    await expect(call({ action: "deactivate", id: "update-1" })).rejects.toThrow(/activated by the user/);
    await call({ action: "activate", id: "tdd" });
    await pi.command("off tdd", ctx);
    expect(active(pi)).toEqual(["update-1:user"]);
  });

  it("never activates a block of an untrusted project bundle", async () => {
    const { pi, holder, ctx, call } = await setup();
    holder.preset = presetRef([block("tdd", { callable: true })], { scope: "project", trusted: false });
    await expect(call({ action: "activate", id: "tdd" })).rejects.toThrow(/no block the agent may call/);
    await pi.emit("before_agent_start", { systemPrompt: "BASE" }, ctx);
    expect(pi.activeTools).not.toContain(TOOL_NAME);
    expect(active(pi)).toEqual([]);
  });

  it("rechecks permission on every call against the preset active now", async () => {
    const { pi, holder, call } = await setup();
    await call({ action: "activate", id: "tdd" });
    await call({ action: "deactivate", id: "tdd" });
    holder.preset = presetRef([block("tdd"), block("other", { callable: true })]);
    await expect(call({ action: "activate", id: "tdd" })).rejects.toThrow(/not declared modelCallable/);
    holder.preset = null;
    await expect(call({ action: "activate", id: "tdd" })).rejects.toThrow(/no block the agent may call/);
    expect(active(pi)).toEqual([]);
  });

  it("activating an active block again is a no-op", async () => {
    const { pi, call } = await setup();
    await call({ action: "activate", id: "tdd" });
    const n = pi.session.getBranch().length;
    const result = await call({ action: "activate", id: "tdd" });
    expect(result.content[0]!.text).toContain("already active");
    expect(pi.session.getBranch().length).toBe(n);
  });
});
