// What the model holds of the update set (read from the branch as the host sends it) and the plan that turns it into
// the reducer's active set: the one place that decides which channel each change takes.
//
// Delivery rules (docs/design/cache-true-delivery.md, "Which delivery a model gets"):
// 1. Two channels. A prompt section `forge-update-<id>` (1.x only; Pi records every section change in the transcript
//    as a system message) or a timeline message (a tagged user-role custom message whose `details` say what it told).
//    On 0.73.1 a compaction also restates in the prompt what the summary swallowed (the fold).
// 2. What the model holds of an id: the last timeline message about it that the request still carries decides; without
//    one, its section (1.x) or the fold (0.73.1) does. This reading holds both where Pi shows section patches in place
//    (a model with mid-conversation system messages) and where it folds every section into the leading prompt (a model
//    without them, or a forced prompt, where forge restates the sections itself): rule 4 keeps them apart.
// 3. The channel of a change: an id the model holds through a message stays on messages (a revoke it saw as a message
//    is retracted as a message, and a later re-activation is a message too). Any other id follows the run's delivery:
//    `sections` sets or drops the section (Pi words the patch and the retraction); `timeline` sends a message.
// 4. A section never moves after a message about its id: with a message in view, forge keeps the section exactly as the
//    transcript holds it, except that sections delivery drops it once the last message retracted it. Timeline delivery
//    keeps every held section (also a revoked one, retracted by message), so a model without mid-conversation system
//    messages never sees its prompt change for an update. An apply goes out only when the model does not hold the id,
//    so nothing is delivered twice on a branch.
// 5. Compaction: 1.x stores the sections with the compaction, so they stay held; what messages before the kept entries
//    told is only summarized, so it is pending again and goes out through the run's delivery. A model switch changes
//    only the delivery of later changes: what the model holds stays where it is until it is revoked or compacted.
import type { ActiveUpdate } from "../../core/update-reducer.js";
import { readDeliveryView, type DeliveryView } from "../../core/delivery-view.js";
import type { BranchRead } from "./branch-read.js";
import type { DeliveredChange } from "./timeline-view.js";

export type DeliveryKind = "sections" | "timeline";

/** What the model holds: 1.x's update sections (id -> content, in transcript order) and the timeline (core/delivery-view.ts). */
export type ModelView = DeliveryView;

/** How the model was told an active update: as a section, a message, the compaction fold, or not yet (null). */
export type Told = "section" | "message" | "prompt" | null;

export interface DeliveryPlan {
  /** 1.x: the update sections to set this run, id -> content (any held one left out is dropped by Pi's diff). */
  sections: Map<string, string>;
  /** What to tell as timeline messages: retractions, then applies in activation order. */
  changes: DeliveredChange[];
}

/** The branch read once, as the model sees it. `sectionsHost`: the host keeps prompt sections (1.x). */
export function readModelView(read: BranchRead, sectionsHost: boolean): ModelView {
  return readDeliveryView(read.branch, (id) => read.state.known.has(id), sectionsHost);
}

type Held = { digest: string } | { content: string } | null;

function heldOf(view: ModelView, id: string): Held {
  const message = view.timeline.last.get(id);
  if (message) return message.op === "apply" ? { digest: message.digest! } : null;
  const section = view.sections.get(id);
  if (section !== undefined) return { content: section };
  const folded = view.timeline.folded.find((u) => u.updateId === id);
  return folded ? { digest: folded.digest } : null;
}

function holds(held: Held, u: ActiveUpdate | undefined): boolean {
  if (held === null || u === undefined) return false;
  return "digest" in held ? held.digest === u.digest : held.content === u.contentSnapshot;
}

/** For status: the channel through which the model holds `u`, or null while it is pending. */
export function toldAs(view: ModelView, u: ActiveUpdate): Told {
  if (!holds(heldOf(view, u.updateId), u)) return null;
  if (view.timeline.last.has(u.updateId)) return "message";
  return view.sections.has(u.updateId) ? "section" : "prompt";
}

/** The plan that makes the model hold exactly `active` under delivery `kind` (the rules at the top of this file). */
export function planDelivery(view: ModelView, active: readonly ActiveUpdate[], kind: DeliveryKind): DeliveryPlan {
  const byId = new Map(active.map((u) => [u.updateId, u]));
  const ids = new Set([...view.sections.keys(), ...view.timeline.folded.map((u) => u.updateId), ...view.timeline.last.keys(), ...byId.keys()]);
  const sections = new Map<string, string>();
  const changes: DeliveredChange[] = [];
  const applies = new Set<string>();
  for (const id of ids) {
    const u = byId.get(id);
    const message = view.timeline.last.get(id);
    const section = view.sections.get(id);
    if (kind === "sections" && message === undefined) {
      if (u) sections.set(id, u.contentSnapshot); // Pi adds or keeps it; a held one left out is Pi's retraction
      continue;
    }
    if (section !== undefined && (kind === "timeline" || message?.op === "apply")) sections.set(id, section);
    const held = heldOf(view, id);
    if (holds(held, u)) continue;
    if (held !== null) changes.push({ updateId: id, op: "revoke" });
    if (u) applies.add(id);
  }
  for (const u of active) if (applies.has(u.updateId)) changes.push({ updateId: u.updateId, op: "apply", digest: u.digest });
  return { sections, changes };
}

/** The section changes `plan` makes to what the transcript holds: id -> new content, or null where Pi drops it. */
export function sectionChanges(view: ModelView, plan: DeliveryPlan): Map<string, string | null> {
  const out = new Map<string, string | null>();
  for (const id of new Set([...view.sections.keys(), ...plan.sections.keys()])) {
    const value = plan.sections.get(id) ?? null;
    if (value !== (view.sections.get(id) ?? null)) out.set(id, value);
  }
  return out;
}
