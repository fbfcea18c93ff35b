// Unit tests of the system-update reducer: ordering, revoke/reset, branches, conflicting ids, malformed entries.
import { describe, expect, it } from "vitest";
import { createApplyEvent, createResetEvent, createRevokeEvent, UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { findActive, foldUpdateEvents, nextFreeformId, nextResetId, type BranchEntryLike } from "../../core/update-reducer.js";

const now = new Date("2026-11-30T08:00:00Z");
const entry = (data: unknown, id = "x"): BranchEntryLike => ({ type: "custom", id, customType: UPDATE_ENTRY_TYPE, data });
const apply = (updateId: string, content: string, extra: Partial<{ source: "user" | "agent" | "preset"; blockId: string; presetId: string }> = {}) =>
  entry(createApplyEvent({ updateId, content, source: extra.source ?? "user", blockId: extra.blockId, presetId: extra.presetId, now }));
const revoke = (updateId: string, source: "user" | "agent" = "user") => entry(createRevokeEvent({ updateId, source, now }));
const reset = (updateId: string, source: "user" | "agent" = "user") => entry(createResetEvent({ updateId, source, now }));
const ids = (entries: BranchEntryLike[]) => foldUpdateEvents(entries).active.map((u) => u.updateId);
const codes = (entries: BranchEntryLike[]) => foldUpdateEvents(entries).diagnostics.map((d) => d.code);

describe("update reducer", () => {
  it("keeps activation order and snapshots", () => {
    const s = foldUpdateEvents([apply("update-1", "a"), apply("update-2", "b")]);
    expect(s.active.map((u) => [u.updateId, u.contentSnapshot])).toEqual([
      ["update-1", "a"],
      ["update-2", "b"],
    ]);
    expect(s.diagnostics).toEqual([]);
  });

  it("revoke and reset are new events; a re-activation moves to the end", () => {
    expect(ids([apply("a", "A"), apply("b", "B"), revoke("a")])).toEqual(["b"]);
    expect(ids([apply("a", "A"), apply("b", "B"), reset("reset-1")])).toEqual([]);
    expect(ids([apply("a", "A"), apply("b", "B"), revoke("a"), apply("a", "A")])).toEqual(["b", "a"]);
  });

  it("a repeated id with identical content is a no-op", () => {
    const s = foldUpdateEvents([apply("a", "A"), apply("b", "B"), apply("a", "A")]);
    expect(s.active.map((u) => u.updateId)).toEqual(["a", "b"]);
    expect(s.diagnostics).toEqual([]);
  });

  it("conflicting reuse of an id fails closed, even after a revoke", () => {
    expect(ids([apply("a", "A"), apply("a", "other")])).toEqual(["a"]);
    expect(foldUpdateEvents([apply("a", "A"), apply("a", "other")]).active[0]!.contentSnapshot).toBe("A");
    expect(codes([apply("a", "A"), apply("a", "other")])).toEqual(["update_id_conflict"]);
    expect(ids([apply("a", "A"), revoke("a"), apply("a", "other")])).toEqual([]);
    expect(codes([apply("a", "A"), revoke("a"), apply("a", "other")])).toEqual(["update_id_conflict"]);
    expect(codes([reset("reset-1"), apply("reset-1", "x")])).toEqual(["update_id_conflict"]);
    expect(codes([apply("a", "A"), reset("a")])).toEqual(["update_id_conflict"]);
    expect(ids([apply("a", "A"), reset("a")])).toEqual(["a"]);
  });

  it("revoke of an unknown or inactive id is a diagnostic", () => {
    expect(codes([revoke("nope")])).toEqual(["update_revoke_unknown"]);
    expect(codes([apply("a", "A"), revoke("a"), revoke("a")])).toEqual(["update_revoke_inactive"]);
  });

  it("skips malformed entries and tampered digests with a diagnostic", () => {
    const good = apply("a", "A");
    const tampered = entry({ ...(good.data as object), contentSnapshot: "evil" });
    const s = foldUpdateEvents([
      entry({ v: 2, updateId: "a", op: "apply", source: "user", createdAt: "t" }),
      entry({ v: 1, updateId: "Bad Id", op: "revoke", source: "user", createdAt: "t" }),
      entry({ v: 1, updateId: "a", op: "apply", source: "user", createdAt: "t" }), // apply without content
      entry(null),
      entry("string"),
      tampered,
      good,
    ]);
    expect(s.active.map((u) => u.updateId)).toEqual(["a"]);
    expect(s.diagnostics.map((d) => d.code)).toEqual([
      "update_event_malformed",
      "update_event_malformed",
      "update_event_malformed",
      "update_event_malformed",
      "update_event_malformed",
      "update_digest_mismatch",
    ]);
    expect(s.diagnostics[0]!.path).toBe("/branch/0");
  });

  it("ignores other entry types and custom types", () => {
    const s = foldUpdateEvents([
      { type: "message" },
      { type: "custom", customType: "forge-mode-state", data: {} },
      { type: "custom_message", customType: UPDATE_ENTRY_TYPE, data: {} },
    ]);
    expect(s.active).toEqual([]);
    expect(s.diagnostics).toEqual([]);
    expect(s.count).toBe(3);
  });

  it("enforces the agent's limits even for hand-written entries", () => {
    expect(codes([apply("x", "X", { source: "agent" })])).toEqual(["update_apply_denied"]);
    expect(ids([apply("a", "A"), revoke("a", "agent")])).toEqual(["a"]);
    expect(codes([apply("a", "A"), revoke("a", "agent")])).toEqual(["update_revoke_denied"]);
    expect(ids([apply("t", "T", { source: "agent", blockId: "t" }), revoke("t", "agent")])).toEqual([]);
  });

  it("a rule-applied update records its rule and path; the user may revoke it, the agent may not", () => {
    const rule = entry(
      createApplyEvent({ updateId: "db", content: "D", source: "rule", rule: { ruleId: "db", path: "src/db/schema.sql", glob: "src/db/**" }, now }),
    );
    expect((rule.data as Record<string, unknown>).matchedGlob).toBe("src/db/**");
    const s = foldUpdateEvents([rule]);
    expect(s.diagnostics).toEqual([]);
    expect(s.active[0]).toMatchObject({ updateId: "db", source: "rule", ruleId: "db", matchedPath: "src/db/schema.sql" });
    expect(codes([rule, revoke("db", "agent")])).toEqual(["update_revoke_denied"]);
    expect(ids([rule, revoke("db", "agent")])).toEqual(["db"]);
    expect(ids([rule, revoke("db")])).toEqual([]);
    // The one permission rule counts a rule's update as not the agent's: an agent's reset leaves it, the user's clears it.
    expect(ids([rule, reset("reset-1", "agent")])).toEqual(["db"]);
    expect(ids([rule, reset("reset-1")])).toEqual([]);
    // A source an older forge did not know is still a closed set: anything else is malformed.
    expect(codes([entry({ ...(rule.data as object), source: "hook" })])).toEqual(["update_event_malformed"]);
  });

  it("one rule for every operation: an agent's reset revokes only what the agent activated", () => {
    const agentBlock = apply("t", "T", { source: "agent", blockId: "t" });
    expect(ids([apply("a", "A"), apply("p", "P", { source: "preset", blockId: "p" }), agentBlock, reset("reset-1", "agent")])).toEqual(["a", "p"]);
    expect(ids([apply("a", "A"), agentBlock, reset("reset-1")])).toEqual([]);
  });

  it("an id only the agent used does not bind the user: their own apply or reset takes it over", () => {
    // A hand-written agent reset claiming the user's next ids changes nothing for the user.
    expect(ids([reset("update-1", "agent"), apply("update-1", "A")])).toEqual(["update-1"]);
    expect(ids([apply("a", "A"), reset("reset-1", "agent"), reset("reset-1")])).toEqual([]);
    expect(ids([apply("x", "X", { source: "agent", blockId: "x" }), apply("x", "Y")])).toEqual(["x"]);
    expect(foldUpdateEvents([apply("x", "X", { source: "agent", blockId: "x" }), apply("x", "Y")]).active[0]).toMatchObject({
      source: "user",
      contentSnapshot: "Y",
    });
    // The user's claim binds the agent: a conflicting agent apply is refused.
    expect(codes([apply("x", "X"), apply("x", "Y", { source: "agent", blockId: "x" })])).toEqual(["update_id_conflict"]);
  });

  it("branch semantics come from the branch: siblings do not leak", () => {
    const root = [apply("update-1", "one")];
    const left = [...root, apply("update-2", "two")];
    const right = [...root, revoke("update-1"), apply("update-2", "different two")];
    expect(ids(left)).toEqual(["update-1", "update-2"]);
    expect(ids(right)).toEqual(["update-2"]);
    expect(foldUpdateEvents(right).active[0]!.contentSnapshot).toBe("different two");
  });

  it("numbers freeform and reset ids from the branch", () => {
    const s = foldUpdateEvents([apply("update-1", "a"), apply("update-7", "b"), revoke("update-7"), reset("reset-2"), apply("update-01", "c")]);
    expect(nextFreeformId(s)).toBe("update-8");
    expect(nextResetId(s)).toBe("reset-3");
    expect(nextFreeformId(foldUpdateEvents([]))).toBe("update-1");
  });

  it("finds an active update by update id or block id", () => {
    const s = foldUpdateEvents([apply("tdd-2", "T", { blockId: "tdd", presetId: "p" })]);
    expect(findActive(s, "tdd")?.updateId).toBe("tdd-2");
    expect(findActive(s, "tdd-2")?.updateId).toBe("tdd-2");
    expect(findActive(s, "x")).toBeUndefined();
  });
});
