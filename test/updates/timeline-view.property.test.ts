// Properties of timeline delivery: after the planned message is delivered nothing is pending, whatever came before,
// and a compaction's fold is exactly what the model held just before the entries the compaction keeps.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createApplyEvent, createResetEvent, createRevokeEvent, UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import type { BranchEntry } from "../../runtime/host-adapter/ports.js";
import { readBranch } from "../../runtime/updates/branch-read.js";
import { planDelivery, readModelView } from "../../runtime/updates/model-view.js";
import { readTimeline, renderDeliveryMessage, UPDATE_MESSAGE_TYPE } from "../../runtime/updates/timeline-view.js";

const now = new Date("2026-11-30T08:00:00Z");
const id = fc.constantFrom("update-1", "update-2", "tdd", "reset-1");
const event = fc.oneof(
  fc.record({ id, content: fc.constantFrom("A", "B") }).map(({ id, content }) => createApplyEvent({ updateId: id, content, source: "user", now })),
  id.map((updateId) => createRevokeEvent({ updateId, source: "user", now })),
  fc.constant(createResetEvent({ updateId: "reset-9", source: "user", now })),
);

/** A compaction keeps the entries from `keep` (an index into the branch so far, taken modulo its length), or nothing. */
type Step = { kind: "event"; data: unknown } | { kind: "deliver" } | { kind: "compaction"; keep: number | null } | { kind: "junk"; details: unknown };
const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 5, arbitrary: event.map((data) => ({ kind: "event" as const, data })) },
  { weight: 3, arbitrary: fc.constant({ kind: "deliver" as const }) },
  { weight: 1, arbitrary: fc.option(fc.nat(), { nil: null }).map((keep) => ({ kind: "compaction" as const, keep })) },
  { weight: 1, arbitrary: fc.anything().map((details) => ({ kind: "junk" as const, details })) },
);

function deliver(branch: BranchEntry[]): void {
  const read = readBranch(branch);
  const plan = planDelivery(readModelView(read, false), read.state.active, "timeline");
  const message = renderDeliveryMessage(plan.changes, read.state.active);
  if (message)
    branch.push({ id: `e${branch.length}`, type: "custom_message", customType: message.customType, content: message.content, details: message.details });
}

function replay(steps: Step[]): BranchEntry[] {
  const branch: BranchEntry[] = [];
  const push = (e: Omit<BranchEntry, "id">) => branch.push({ ...e, id: `e${branch.length}` });
  for (const s of steps) {
    if (s.kind === "event") push({ type: "custom", customType: UPDATE_ENTRY_TYPE, data: s.data });
    else if (s.kind === "deliver") deliver(branch);
    else if (s.kind === "compaction")
      push({ type: "compaction", summary: "s", firstKeptEntryId: s.keep === null || branch.length === 0 ? "none" : `e${s.keep % branch.length}` });
    else push({ type: "custom_message", customType: UPDATE_MESSAGE_TYPE, details: s.details });
  }
  return branch;
}

/** What the model holds on `branch` (update id -> digest): the fold, then the messages still in view. */
function heldOn(branch: readonly BranchEntry[]): Map<string, string> {
  const view = readTimeline(branch, true);
  const held = new Map(view.folded.map((u) => [u.updateId, u.digest]));
  for (const [updateId, change] of view.last) {
    if (change.op === "apply") held.set(updateId, change.digest!);
    else held.delete(updateId);
  }
  return held;
}

describe("timeline view properties", () => {
  it("delivering the planned changes leaves nothing pending, and the model holds exactly the active set", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const branch = replay(steps);
        deliver(branch);
        const read = readBranch(branch);
        expect(planDelivery(readModelView(read, false), read.state.active, "timeline").changes).toEqual([]);
        expect(heldOn(branch)).toEqual(new Map(read.state.active.map((u) => [u.updateId, u.digest])));
      }),
      { numRuns: 400 },
    );
  });

  it("the compaction fold is what the model held just before the entries the latest compaction keeps", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const branch = replay(steps);
        const cut = branch.map((e) => e.type).lastIndexOf("compaction");
        const folded = new Map(readTimeline(branch, true).folded.map((u) => [u.updateId, u.digest]));
        if (cut < 0) {
          expect(folded.size).toBe(0);
          return;
        }
        const kept = branch.findIndex((e) => e.id === branch[cut]!.firstKeptEntryId);
        expect(folded).toEqual(heldOn(branch.slice(0, kept >= 0 && kept < cut ? kept : cut)));
      }),
      { numRuns: 400 },
    );
  });

  it("the messages in view are those after the latest compaction and its kept entries, never the summarized ones", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const branch = replay(steps);
        const view = readTimeline(branch, false);
        expect(view.folded).toEqual([]);
        const cut = branch.map((e) => e.type).lastIndexOf("compaction");
        expect(view.cut).toBe(cut);
        const kept = cut < 0 ? 0 : branch.findIndex((e, i) => i < cut && e.id === branch[cut]!.firstKeptEntryId);
        expect(view.from).toBe(cut < 0 ? 0 : kept >= 0 ? kept : cut + 1);
      }),
      { numRuns: 300 },
    );
  });
});
