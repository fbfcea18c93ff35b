// Properties of timeline delivery: after the pending message is delivered nothing is pending, whatever came before.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createApplyEvent, createResetEvent, createRevokeEvent, UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import { foldUpdateEvents, type BranchEntryLike } from "../../core/update-reducer.js";
import { readBranch } from "../../runtime/updates/branch-read.js";
import { buildTimelineView, pendingChanges, renderDeliveryMessage, UPDATE_MESSAGE_TYPE } from "../../runtime/updates/timeline-view.js";

const now = new Date("2026-11-30T08:00:00Z");
const id = fc.constantFrom("update-1", "update-2", "tdd", "reset-1");
const event = fc.oneof(
  fc.record({ id, content: fc.constantFrom("A", "B") }).map(({ id, content }) => createApplyEvent({ updateId: id, content, source: "user", now })),
  id.map((updateId) => createRevokeEvent({ updateId, source: "user", now })),
  fc.constant(createResetEvent({ updateId: "reset-9", source: "user", now })),
);

type Step = { kind: "event"; data: unknown } | { kind: "deliver" } | { kind: "compaction" } | { kind: "junk"; details: unknown };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: event.map((data) => ({ kind: "event" as const, data })) },
  { weight: 2, arbitrary: fc.constant({ kind: "deliver" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "compaction" as const }) },
  { weight: 1, arbitrary: fc.anything().map((details) => ({ kind: "junk" as const, details })) },
);

function deliver(branch: BranchEntryLike[]): void {
  const view = buildTimelineView(readBranch(branch));
  const message = renderDeliveryMessage(pendingChanges(view.delivered, view.state.active), view.state.active);
  if (message) branch.push({ type: "custom_message", customType: message.customType, content: message.content, details: message.details } as BranchEntryLike);
}

function replay(steps: Step[]): BranchEntryLike[] {
  const branch: BranchEntryLike[] = [];
  for (const s of steps) {
    if (s.kind === "event") branch.push({ type: "custom", customType: UPDATE_ENTRY_TYPE, data: s.data });
    else if (s.kind === "deliver") deliver(branch);
    else if (s.kind === "compaction") branch.push({ type: "compaction" });
    else branch.push({ type: "custom_message", customType: UPDATE_MESSAGE_TYPE, details: s.details } as BranchEntryLike);
  }
  return branch;
}

describe("timeline view properties", () => {
  it("delivering the pending changes leaves nothing pending, and the model holds exactly the active set", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const branch = replay(steps);
        deliver(branch);
        const view = buildTimelineView(readBranch(branch));
        expect(pendingChanges(view.delivered, view.state.active)).toEqual([]);
        expect(new Map(view.state.active.map((u) => [u.updateId, u.digest]))).toEqual(new Map(view.delivered));
      }),
      { numRuns: 400 },
    );
  });

  it("one read of a branch folds it like the whole-branch fold", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const branch = replay(steps);
        expect(readBranch(branch).state).toEqual(foldUpdateEvents(branch));
      }),
      { numRuns: 200 },
    );
  });

  it("the compaction fold is the active set at the last compaction", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const branch = replay(steps);
        const cut = branch.map((e) => e.type).lastIndexOf("compaction");
        const view = buildTimelineView(readBranch(branch));
        const atCut = cut < 0 ? [] : buildTimelineView(readBranch(branch.slice(0, cut))).state.active;
        expect(view.folded).toEqual(atCut);
      }),
      { numRuns: 300 },
    );
  });
});
