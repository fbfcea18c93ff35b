// The two delivery strategies of the active update set, prompt sections or timeline messages, and which one applies now.
import type { ActiveUpdate } from "../../core/update-reducer.js";
import type { HostAdapter } from "../host-adapter/index.js";
import type { BeforeAgentStartEvent, BeforeAgentStartResult, CtxPort, PiPort, PromptOptions } from "../host-adapter/ports.js";
import type { BranchRead } from "./branch-read.js";
import { buildTimelineView, pendingChanges, renderDeliveryMessage } from "./timeline-view.js";
import { appendPromptBlock, INVENTORY_SECTION, renderCompactionFold, updateSectionName } from "./update-text.js";

/** Per-session delivery state owned by system-updates.ts; reset at every before_agent_start. */
export interface RunState {
  /** The strategy chosen at the last before_agent_start (mid-run changes follow the run's strategy). */
  kind: "sections" | "timeline" | null;
  /** 1.x: the run's systemPromptOptions as handed to before_agent_start. */
  runOptions: PromptOptions | null;
  /** 1.x: section changes made mid-run by the tool, keyed by section name, spliced into later requests. */
  splices: Map<string, { value: string | null; toolCallId: string | null; at: number }>;
}

export function createRunState(): RunState {
  return { kind: null, runOptions: null, splices: new Map() };
}

export interface ChangeInput {
  before: readonly ActiveUpdate[];
  after: readonly ActiveUpdate[];
  /** Set when the agent tool made the change mid-run. */
  toolCallId: string | null;
  now: number;
}

export interface UpdateDelivery {
  readonly kind: "sections" | "timeline";
  /** before_agent_start, after the core composed the prompt: render the active set of the branch read once. */
  beforeAgentStart(event: BeforeAgentStartEvent, read: BranchRead, inventory: string, run: RunState): BeforeAgentStartResult | undefined;
  /** Right after a command or the tool recorded a change: get it to the model before its next inference. */
  deliverChange(pi: PiPort, change: ChangeInput, run: RunState): void;
}

function deliveredOf(active: readonly ActiveUpdate[]): Map<string, string> {
  return new Map(active.map((u) => [u.updateId, u.digest]));
}

/**
 * 1.x: each active update is the section `forge-update-<id>`; Pi diffs sections against the
 * transcript and appends one system message patching only what changed, and a removed section
 * becomes its retraction. The inventory is the section `forge-updates`.
 */
export const sectionsDelivery: UpdateDelivery = {
  kind: "sections",
  beforeAgentStart(event, read, inventory, run) {
    run.kind = "sections";
    run.splices.clear();
    const options = event.systemPromptOptions;
    if (!options) return undefined;
    // Each run starts from Pi's base options, which never hold forge sections: set, never clear
    // (clearing by prefix could hit a core mode section such as forge-update-notes).
    const sections = options.sections ?? (options.sections = {});
    if (inventory !== "") sections[INVENTORY_SECTION] = inventory;
    for (const u of read.state.active) sections[updateSectionName(u.updateId)] = u.contentSnapshot;
    // Pi reads these same options before the run's next request: a mid-run change made through
    // this reference is diffed and recorded by Pi itself (until Pi re-normalizes them).
    run.runOptions = options;
    return undefined;
  },
  deliverChange(_pi, change, run) {
    const changes = pendingChanges(deliveredOf(change.before), change.after);
    const byId = new Map(change.after.map((u) => [u.updateId, u]));
    for (const c of changes) {
      const name = updateSectionName(c.updateId);
      const value = c.op === "apply" ? (byId.get(c.updateId)?.contentSnapshot ?? null) : null;
      const sections = run.runOptions?.sections;
      if (sections) {
        if (value === null) delete sections[name];
        else sections[name] = value;
      }
      run.splices.set(name, { value, toolCallId: change.toolCallId, at: change.now });
    }
  },
};

/**
 * 0.73.1 (and 1.x runs with a forced prompt): the system prompt stays byte-stable across changes.
 * Each change is a tagged user-role custom message in the timeline, persisted in the session; a
 * revoke is an explicit retraction. After a compaction the active set at the compaction is folded
 * into the prompt, since the summary only paraphrases the messages before the cut.
 */
export const timelineDelivery: UpdateDelivery = {
  kind: "timeline",
  beforeAgentStart(event, read, inventory, run) {
    run.kind = "timeline";
    run.splices.clear();
    run.runOptions = null;
    const view = buildTimelineView(read);
    const extra = appendPromptBlock(inventory, renderCompactionFold(view.folded));
    const outcome: BeforeAgentStartResult = {};
    if (extra !== "") outcome.systemPrompt = appendPromptBlock(event.systemPrompt, extra);
    // Anything recorded but never delivered (a crash between the two writes, a strategy switch).
    const message = renderDeliveryMessage(pendingChanges(view.delivered, view.state.active), view.state.active);
    if (message) outcome.message = message;
    return outcome.systemPrompt === undefined && outcome.message === undefined ? undefined : outcome;
  },
  deliverChange(pi, change) {
    const message = renderDeliveryMessage(pendingChanges(deliveredOf(change.before), change.after), change.after);
    // Idle: appended to the session now. Mid-run: steered in after the tool batch, before the next request.
    if (message) pi.sendMessage(message, { deliverAs: "steer" });
  },
};

/** The host's base prompt inputs outside a run: 1.x command contexts have getSystemPromptOptions(), 0.73.1 has not. */
export function hostPromptOptions(ctx: Pick<CtxPort, "getSystemPromptOptions">): PromptOptions | null {
  try {
    const options = typeof ctx.getSystemPromptOptions === "function" ? ctx.getSystemPromptOptions() : null;
    return options && typeof options === "object" ? options : null; // checked: a host may hand over anything
  } catch {
    return null;
  }
}

/**
 * Which strategy delivers a change now. The tool runs inside a run and follows the run's strategy
 * (a forced prompt makes a 1.x run use the timeline). A command asks the adapter with the host's
 * base prompt options when the host exposes them (1.x command contexts), so a change made before
 * the first run of a process is not delivered twice; otherwise the last run's strategy, else the
 * adapter's host capability.
 */
export function pickDelivery({ adapter, run }: { adapter: HostAdapter; run: RunState }, ctx: CtxPort, prefer: "run" | "host"): UpdateDelivery {
  const pick = (sections: boolean) => (sections ? sectionsDelivery : timelineDelivery);
  const fromRun = run.kind === null ? null : pick(run.kind === "sections");
  if (prefer === "run" && fromRun) return fromRun;
  const options = hostPromptOptions(ctx);
  if (options) return pick(adapter.supportsSections(options));
  return fromRun ?? pick(adapter.supportsSections(null));
}
