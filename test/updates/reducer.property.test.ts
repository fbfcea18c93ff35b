// Property tests of the reducer: arbitrary (also malformed) sequences never throw, replay is deterministic, incremental == batch.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sha256Hex } from "../../core/digest.js";
import { createApplyEvent, createResetEvent, createRevokeEvent, UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { foldUpdateEvents, initialUpdateState, stepUpdateState, type BranchEntryLike } from "../../core/update-reducer.js";

const now = new Date("2026-11-30T08:00:00Z");
const idArb = fc.constantFrom("update-1", "update-2", "update-3", "tdd", "review", "reset-1", "reset-2");
const sourceArb = fc.constantFrom("user" as const, "agent" as const, "preset" as const);
const contentArb = fc.constantFrom("A", "B", "", "long ".repeat(20));

const wellFormed = fc.oneof(
  fc
    .record({ id: idArb, content: contentArb, source: sourceArb, block: fc.option(fc.constantFrom("tdd", "review"), { nil: undefined }) })
    .map(({ id, content, source, block }) => createApplyEvent({ updateId: id, content, source, blockId: block, presetId: block ? "p" : undefined, now })),
  fc.record({ id: idArb, source: sourceArb }).map(({ id, source }) => createRevokeEvent({ updateId: id, source, now })),
  fc.record({ id: idArb, source: sourceArb }).map(({ id, source }) => createResetEvent({ updateId: id, source, now })),
);

/** Well-formed events, mutated ones (tampered digests, wrong versions), arbitrary data, and foreign entries. */
const entryArb: fc.Arbitrary<BranchEntryLike> = fc.oneof(
  { weight: 6, arbitrary: wellFormed.map((data) => ({ type: "custom", customType: UPDATE_ENTRY_TYPE, data })) },
  {
    weight: 2,
    arbitrary: fc.tuple(wellFormed, fc.constantFrom("v", "digest", "op", "updateId", "contentSnapshot"), fc.anything()).map(([data, key, value]) => ({
      type: "custom",
      customType: UPDATE_ENTRY_TYPE,
      data: { ...data, [key]: value },
    })),
  },
  { weight: 1, arbitrary: fc.anything().map((data) => ({ type: "custom", customType: UPDATE_ENTRY_TYPE, data })) },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constantFrom("message", "custom", "compaction"),
      customType: fc.option(fc.string(), { nil: undefined }),
      data: fc.anything(),
    }),
  },
);

const branchArb = fc.array(entryArb, { maxLength: 40 });

describe("update reducer properties", () => {
  it("never throws and keeps its invariants", () => {
    fc.assert(
      fc.property(branchArb, (branch) => {
        const s = foldUpdateEvents(branch);
        const ids = s.active.map((u) => u.updateId);
        expect(new Set(ids).size).toBe(ids.length);
        for (const u of s.active) {
          expect(u.digest).toBe(sha256Hex(u.contentSnapshot));
          if (u.source === "agent") expect(u.blockId).toBeDefined();
        }
        expect(s.count).toBe(branch.length);
      }),
      { numRuns: 500 },
    );
  });

  it("replay is deterministic", () => {
    fc.assert(
      fc.property(branchArb, (branch) => {
        expect(foldUpdateEvents(branch)).toEqual(foldUpdateEvents(structuredClone(branch)));
      }),
      { numRuns: 300 },
    );
  });

  it("the state after a prefix equals the prefix's replay (incremental == batch)", () => {
    fc.assert(
      fc.property(branchArb, fc.nat(), (branch, cut) => {
        const k = branch.length === 0 ? 0 : cut % (branch.length + 1);
        const prefix = branch.slice(0, k);
        const prefixState = foldUpdateEvents(prefix);
        // Stepping entry by entry gives the batch fold of every prefix.
        let stepped = initialUpdateState();
        for (const e of prefix) stepped = stepUpdateState(stepped, e);
        expect(stepped).toEqual(prefixState);
        // Continuing from the prefix state gives the batch fold of the whole branch.
        expect(foldUpdateEvents(branch.slice(k), prefixState)).toEqual(foldUpdateEvents(branch));
      }),
      { numRuns: 300 },
    );
  });

  it("a step never mutates the state it starts from", () => {
    fc.assert(
      fc.property(branchArb, entryArb, (branch, next) => {
        const s = foldUpdateEvents(branch);
        const snapshot = structuredClone({ active: s.active, known: s.known, agentClaims: s.agentClaims, diagnostics: s.diagnostics, count: s.count });
        stepUpdateState(s, next);
        foldUpdateEvents([next], s);
        expect({ active: s.active, known: s.known, agentClaims: s.agentClaims, diagnostics: s.diagnostics, count: s.count }).toEqual(snapshot);
      }),
      { numRuns: 300 },
    );
  });

  it("whatever agent-sourced events are inserted, the user-owned active set is unchanged", () => {
    const custom = (data: unknown): BranchEntryLike => ({ type: "custom", customType: UPDATE_ENTRY_TYPE, data });
    const ownerArb = fc.constantFrom("user" as const, "preset" as const);
    // The user's own history: applies, revokes and resets by the user or a preset.
    const userEvent = fc.oneof(
      fc
        .record({ id: idArb, content: contentArb, source: ownerArb, block: fc.option(fc.constantFrom("tdd", "review"), { nil: undefined }) })
        .map(({ id, content, source, block }) => createApplyEvent({ updateId: id, content, source, blockId: block, presetId: block ? "p" : undefined, now })),
      fc.record({ id: idArb, source: ownerArb }).map(({ id, source }) => createRevokeEvent({ updateId: id, source, now })),
      fc.record({ id: idArb, source: ownerArb }).map(({ id, source }) => createResetEvent({ updateId: id, source, now })),
    );
    // Anything the agent could write (or a hand-written entry could claim the agent wrote), with any id.
    const agentEvent = fc.oneof(
      fc
        .record({ id: idArb, content: contentArb, block: fc.option(fc.constantFrom("tdd", "review"), { nil: undefined }) })
        .map(({ id, content, block }) => createApplyEvent({ updateId: id, content, source: "agent", blockId: block, presetId: block ? "p" : undefined, now })),
      idArb.map((id) => createRevokeEvent({ updateId: id, source: "agent", now })),
      idArb.map((id) => createResetEvent({ updateId: id, source: "agent", now })),
    );
    const userOwned = (branch: BranchEntryLike[]) =>
      foldUpdateEvents(branch)
        .active.filter((u) => u.source !== "agent")
        .map((u) => ({ updateId: u.updateId, source: u.source, digest: u.digest, blockId: u.blockId }));
    fc.assert(
      fc.property(fc.array(userEvent, { maxLength: 25 }), fc.array(fc.tuple(fc.nat(), agentEvent), { maxLength: 25 }), (own, inserted) => {
        const base = own.map(custom);
        const merged = [...base];
        for (const [at, event] of inserted) merged.splice(at % (merged.length + 1), 0, custom(event));
        expect(userOwned(merged)).toEqual(userOwned(base));
      }),
      { numRuns: 1000 },
    );
  });
});
