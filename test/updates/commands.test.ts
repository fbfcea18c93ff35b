// /system-update with a fake pi: apply/status/reset/list/use/off, ids, no turns, no deleted history, completions.
import { describe, expect, it } from "vitest";
import { UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { parseSystemUpdateArgs, USAGE } from "../../runtime/updates/update-command-args.js";
import { foldUpdateEvents } from "../../core/update-reducer.js";
import { registerSystemUpdates } from "../../runtime/updates/index.js";
import { UPDATE_MESSAGE_TYPE } from "../../runtime/updates/timeline-view.js";
import { FakePi, type HostFlavor } from "../support/fake-pi.js";
import { block, presetRef, updatesDeps } from "../support/update-fixtures.js";

function setup(host: HostFlavor = "0.73.1", preset = presetRef([block("tdd", { callable: true }), block("strict")])) {
  const pi = new FakePi();
  const holder = { preset: preset as ReturnType<typeof presetRef> | null };
  registerSystemUpdates(pi, updatesDeps(pi, holder));
  return { pi, holder, ctx: pi.ctx({ host }) };
}
const events = (pi: FakePi) =>
  pi.session
    .getBranch()
    .filter((e) => e.customType === UPDATE_ENTRY_TYPE)
    .map((e) => e.data as Record<string, unknown>);
const active = (pi: FakePi) => foldUpdateEvents(pi.session.getBranch()).active.map((u) => u.updateId);

describe("parseSystemUpdateArgs", () => {
  it("reads a subcommand word first as the subcommand: other words after it are refused with the usage line (issue 31)", () => {
    expect(parseSystemUpdateArgs("")).toEqual({ kind: "help" });
    expect(parseSystemUpdateArgs("status --json --full")).toEqual({ kind: "status", json: true, full: true });
    // The TUI trial's two inputs: meant as subcommands, never sent to the model as instructions.
    expect(parseSystemUpdateArgs("off freeze now please")).toEqual({
      kind: "error",
      message: `/system-update off takes one id, and a subcommand is never applied as an instruction. To apply it as text: /system-update -- off freeze now please\n${USAGE}`,
    });
    expect(parseSystemUpdateArgs("use wrap up")).toMatchObject({
      kind: "error",
      message: expect.stringMatching(/^\/system-update use takes one id.*\nusage: /s),
    });
    for (const text of ["status of the build matters", "list all files first", "reset everything", "use tabs, not spaces"])
      expect(parseSystemUpdateArgs(text), text).toMatchObject({
        kind: "error",
        message: expect.stringContaining(`To apply it as text: /system-update -- ${text}\nusage: `),
      });
    expect(parseSystemUpdateArgs("-- use tabs, not spaces")).toEqual({ kind: "apply", text: "use tabs, not spaces" });
    expect(parseSystemUpdateArgs("reset")).toEqual({ kind: "reset" });
    expect(parseSystemUpdateArgs("use tdd")).toEqual({ kind: "use", id: "tdd" });
    expect(parseSystemUpdateArgs("off")).toMatchObject({ kind: "error" });
    expect(parseSystemUpdateArgs("-- reset")).toEqual({ kind: "apply", text: "reset" });
    expect(parseSystemUpdateArgs("  Be terse.  ")).toEqual({ kind: "apply", text: "Be terse." });
  });

  it("refuses what looks like a mistyped subcommand, saying how to apply it as text", () => {
    expect(parseSystemUpdateArgs("stauts")).toEqual({
      kind: "error",
      message: "did you mean /system-update status? To apply it as text: /system-update -- stauts",
    });
    expect(parseSystemUpdateArgs("rest")).toMatchObject({ kind: "error", message: expect.stringContaining("did you mean /system-update reset?") });
    expect(parseSystemUpdateArgs("lsit")).toMatchObject({ kind: "error", message: expect.stringContaining("did you mean /system-update list?") });
    expect(parseSystemUpdateArgs("Status")).toMatchObject({ kind: "error", message: expect.stringContaining("did you mean /system-update status?") });
    expect(parseSystemUpdateArgs("--json")).toEqual({
      kind: "error",
      message: '"--json" looks like an option, and /system-update has none there. To apply it as text: /system-update -- --json',
    });
    expect(parseSystemUpdateArgs("status --jsno")).toEqual({
      kind: "error",
      message: `unknown option --jsno for /system-update status (did you mean --json?). To apply it as text: /system-update -- status --jsno\n${USAGE}`,
    });
    // The escape applies any of them as text.
    expect(parseSystemUpdateArgs("-- stauts")).toEqual({ kind: "apply", text: "stauts" });
    expect(parseSystemUpdateArgs("-- --json")).toEqual({ kind: "apply", text: "--json" });
  });

  it("still applies one-word instructions that are not near a subcommand, and sentences that start with another word", () => {
    for (const text of ["Terse.", "ok", "yes", "French", "statuses-are-fine-to-mention", "Use tabs, not spaces", "offline first"]) {
      expect(parseSystemUpdateArgs(text)).toEqual({ kind: "apply", text });
    }
  });
});

describe("/system-update", () => {
  it("applies freeform text with update-N ids (1 + the highest on the branch)", async () => {
    const { pi, ctx } = setup();
    await pi.command("Be terse.", ctx);
    await pi.command("Answer in French.", ctx);
    expect(active(pi)).toEqual(["update-1", "update-2"]);
    await pi.command("off update-2", ctx);
    await pi.command("Third.", ctx);
    expect(active(pi)).toEqual(["update-1", "update-3"]);
    expect(events(pi).map((e) => [e.op, e.updateId, e.source])).toEqual([
      ["apply", "update-1", "user"],
      ["apply", "update-2", "user"],
      ["revoke", "update-2", "user"],
      ["apply", "update-3", "user"],
    ]);
    expect(events(pi)[0]!.contentSnapshot).toBe("Be terse.");
  });

  it("status shows id, source, short digest, size and time; bodies only with --full", async () => {
    const { pi, ctx } = setup();
    await pi.command("SECRET BODY", ctx);
    await pi.command("status", ctx);
    const text = pi.lastNote();
    expect(text).toMatch(/update-1 {2}user {2}[0-9a-f]{12} {2}11 chars {2}2026-11-30T08:00:0\dZ?/);
    expect(text).not.toContain("SECRET BODY");
    await pi.command("status --full", ctx);
    expect(pi.lastNote()).toContain("SECRET BODY");
    await pi.command("status --json", ctx);
    const json = JSON.parse(pi.lastNote());
    expect(json.active[0]).toMatchObject({ updateId: "update-1", source: "user", size: 11 });
    expect(json.active[0].digest).toMatch(/^[0-9a-f]{64}$/);
    expect(json.active[0].content).toBeUndefined();
  });

  it("status lists at most 20 problems and counts the rest; --json has them all", async () => {
    const { pi, ctx } = setup();
    for (let i = 0; i < 20_000; i++) pi.session.appendCustom(UPDATE_ENTRY_TYPE, { v: 9 });
    await pi.command("status", ctx);
    const lines = pi.lastNote().split("\n");
    expect(lines.filter((l) => l.includes("update_event_malformed"))).toHaveLength(20);
    expect(lines.at(-1)).toBe("  ... and 19980 more (/system-update status --json lists them all)");
    await pi.command("status --json", ctx);
    expect(JSON.parse(pi.lastNote()).diagnostics).toHaveLength(20_000);
  });

  it("reset deactivates everything with one new event; history stays", async () => {
    const { pi, ctx } = setup();
    await pi.command("a", ctx);
    await pi.command("use tdd", ctx);
    const history = structuredClone(pi.session.getBranch());
    await pi.command("reset", ctx);
    expect(active(pi)).toEqual([]);
    expect(pi.session.getBranch().slice(0, history.length)).toEqual(history);
    expect(events(pi).at(-1)).toMatchObject({ op: "reset", updateId: "reset-1" });
    await pi.command("reset", ctx);
    expect(events(pi).filter((e) => e.op === "reset")).toHaveLength(1);
  });

  it("list shows the preset's blocks with callable and active flags", async () => {
    const { pi, ctx } = setup();
    await pi.command("use strict", ctx);
    await pi.command("list --json", ctx);
    const json = JSON.parse(pi.lastNote());
    expect(json.blocks.map((b: any) => [b.id, b.callable, b.active])).toEqual([
      ["tdd", true, false],
      ["strict", false, true],
    ]);
  });

  it("use activates a declared block, snapshots its text, and is idempotent", async () => {
    const { pi, ctx } = setup();
    await pi.command("use tdd", ctx);
    await pi.command("use tdd", ctx);
    expect(events(pi)).toHaveLength(1);
    expect(events(pi)[0]).toMatchObject({
      op: "apply",
      updateId: "tdd",
      blockId: "tdd",
      presetId: "review",
      source: "user",
      contentSnapshot: "Instructions of tdd.",
    });
    await pi.command("use nope", ctx);
    expect(pi.notes.at(-1)).toMatchObject({ level: "error" });
    expect(pi.lastNote()).toContain('declares no block "nope"');
  });

  it("an edited block gets a fresh id instead of a conflicting reuse", async () => {
    const { pi, ctx, holder } = setup();
    await pi.command("use strict", ctx);
    await pi.command("off strict", ctx);
    holder.preset = presetRef([block("strict", { text: "Edited text." })]);
    await pi.command("use strict", ctx);
    expect(active(pi)).toEqual(["strict-2"]);
    expect(foldUpdateEvents(pi.session.getBranch()).diagnostics).toEqual([]);
    await pi.command("off strict", ctx);
    expect(active(pi)).toEqual([]);
  });

  it("off revokes any active update and refuses unknown ids", async () => {
    const { pi, ctx } = setup();
    await pi.command("freeform", ctx);
    await pi.command("use strict", ctx);
    await pi.command("off update-1", ctx);
    await pi.command("off strict", ctx);
    expect(active(pi)).toEqual([]);
    const n = pi.session.getBranch().length;
    await pi.command("off update-1", ctx);
    expect(pi.session.getBranch().length).toBe(n);
    expect(pi.notes.at(-1)!.level).toBe("error");
  });

  it("refuses blocks of an untrusted project bundle", async () => {
    const { pi, ctx } = setup("0.73.1", presetRef([block("tdd", { callable: true })], { scope: "project", trusted: false }));
    await pi.command("use tdd", ctx);
    expect(events(pi)).toHaveLength(0);
    expect(pi.lastNote()).toContain("untrusted");
  });

  it("never starts a turn: the timeline host appends one message, no trigger", async () => {
    const { pi, ctx } = setup("0.73.1");
    await pi.command("Be terse.", ctx);
    expect(pi.sent).toHaveLength(1);
    expect(pi.sent[0]!.options).toEqual({ deliverAs: "steer" });
    expect(pi.sent[0]!.message.customType).toBe(UPDATE_MESSAGE_TYPE);
    expect(JSON.stringify(pi.sent)).not.toContain("triggerTurn");
  });

  it("writes to stderr instead of notify when headless", async () => {
    const pi = new FakePi();
    registerSystemUpdates(pi, updatesDeps(pi, { preset: null }));
    const writes: string[] = [];
    const original = process.stderr.write.bind(process.stderr);
    (process.stderr as any).write = (chunk: string) => (writes.push(String(chunk)), true);
    try {
      await pi.command("status --json", pi.ctx({ hasUI: false }));
    } finally {
      (process.stderr as any).write = original;
    }
    expect(pi.notes).toEqual([]);
    expect(JSON.parse(writes.join(""))).toMatchObject({ active: [] });
  });

  it("reports the cache impact of an update change: it only appends, whatever the model, so it never warns", async () => {
    for (const midConvo of [false, true]) {
      const { pi } = setup("1.x");
      const ctx = pi.ctx({ host: "1.x", systemPrompt: "P".repeat(20_000), midConvo });
      pi.session.push({ type: "message", message: { role: "user", content: "go" } });
      await pi.request(ctx, "P".repeat(20_000), [{ role: "user", content: "go" }]);
      pi.session.push({ type: "message", message: { role: "assistant", content: [], usage: { cacheRead: 5000, input: 10 } } });
      pi.notes.length = 0;
      await pi.command("Be terse.", ctx);
      expect(pi.notes[0]!.text).toContain("applied update-1");
      // One notice: the change, then the plain cache words on the same line.
      expect(pi.notes).toHaveLength(1);
      expect(pi.notes[0]!.text).toMatch(/^forge: applied update-1 \([^)]*\) · keeps the whole cached prompt$/);
      // A revoke of an update held as a section, in the middle of a long prompt: a retraction or Pi's patch, appended.
      const held = `${"P".repeat(10)}\n\n<forge-update-update-1>\nBe terse.\n</forge-update-update-1>${"Q".repeat(20_000)}`;
      pi.session.push({
        type: "message",
        message: { role: "system", content: "", sections: { "forge-update-update-1": "<forge-update-update-1>\nBe terse.\n</forge-update-update-1>" } },
      });
      pi.notes.length = 0;
      await pi.command("off update-1", pi.ctx({ host: "1.x", systemPrompt: held, midConvo }));
      expect(pi.notes.some((n) => n.level === "warning")).toBe(false);
      expect(pi.notes[0]!.text).toContain("revoked update-1");
      expect(pi.notes[0]!.text).toContain("· keeps the whole cached prompt");
    }
  });

  it("reads the branch once per command and once per run, and not again while its leaf is unchanged", async () => {
    const { pi, ctx } = setup("1.x");
    await pi.command("First.", ctx);
    let reads = 0;
    const getBranch = pi.session.getBranch.bind(pi.session);
    pi.session.getBranch = () => (reads++, getBranch());
    // Each command but status appends an event (a new leaf): the next one folds once; after status the leaf is unchanged.
    for (const [args, expected] of [
      ["Be terse.", 1],
      ["use tdd", 1],
      ["off update-1", 1],
      ["status", 1],
      ["reset", 0],
    ] as const) {
      reads = 0;
      await pi.command(args, ctx);
      expect([args, reads]).toEqual([args, expected]);
    }
    reads = 0;
    await pi.emitEach("before_agent_start", { systemPrompt: "CORE", systemPromptOptions: { cwd: "/w", sections: {} } }, ctx);
    expect(reads).toBe(1);
  });

  it("completes subcommands, block ids for use and active ids for off", async () => {
    const { pi, ctx } = setup();
    await pi.emitEach("session_start", { reason: "startup" }, ctx);
    await pi.command("x", ctx);
    const complete = pi.commands.get("system-update")!.getArgumentCompletions!;
    expect((complete("st") as any[]).map((i) => i.value)).toEqual(["status "]);
    expect((complete("status ") as any[]).map((i) => i.value)).toEqual(["status --json ", "status --full "]);
    expect((complete("use ") as any[]).map((i) => i.value)).toEqual(["use tdd ", "use strict "]);
    expect((complete("off u") as any[]).map((i) => i.value)).toEqual(["off update-1 "]);
    expect(complete("zzz")).toBeNull();
  });
});
