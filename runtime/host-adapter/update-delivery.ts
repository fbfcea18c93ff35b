// The two delivery strategies of the active update set: prompt sections, or timeline messages; the host adapter picks one.
import { wrapSection } from "./index.js";
import type { ActiveUpdate, BranchEntryLike, UpdateState } from "../../core/update-reducer.js";
import { appendPromptBlock, INVENTORY_SECTION, renderCompactionFold, updateSectionName } from "../updates/render.js";
import { buildTimelineView, pendingChanges, renderDeliveryMessage } from "../updates/timeline-view.js";
import type { BeforeAgentStartEvent, BeforeAgentStartResult, ContextWithSystemEvent, CtxPort, PiPort, PromptOptions, TranscriptMessage } from "./ports.js";

/** Per-session delivery state owned by register.ts; reset at every before_agent_start. */
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
  /** before_agent_start, after the core composed the prompt: render the branch's active set (`state` is the branch's fold). */
  beforeAgentStart(event: BeforeAgentStartEvent, branch: readonly BranchEntryLike[], state: UpdateState, inventory: string, run: RunState): BeforeAgentStartResult | undefined;
  /** Right after a command or the tool recorded a change: get it to the model before its next inference. */
  deliverChange(pi: PiPort, change: ChangeInput, run: RunState): void;
}

function deliveredOf(active: readonly ActiveUpdate[]): Map<string, string> {
  return new Map(active.map((u) => [u.updateId, u.digest]));
}

/** The sections the model currently has: every system message's patch replayed in order (as pi-ai does). */
export function foldTranscriptSections(messages: readonly TranscriptMessage[]): Map<string, string> {
  const sections = new Map<string, string>();
  for (const m of messages) {
    if (m.role !== "system" || !m.sections) continue;
    for (const [name, value] of Object.entries(m.sections)) {
      if (value === null) sections.delete(name);
      else sections.set(name, value);
    }
  }
  return sections;
}

/** Index after the tool-result batch that holds `toolCallId`, or the end of the transcript. */
function insertionIndex(messages: readonly TranscriptMessage[], toolCallId: string | null): number {
  if (toolCallId === null) return messages.length;
  const at = messages.findIndex((m) => m.role === "toolResult" && m.toolCallId === toolCallId);
  if (at < 0) return messages.length;
  let end = at + 1;
  while (end < messages.length && messages[end]?.role === "toolResult") end++;
  return end;
}

/**
 * 1.x: each active update is the section `forge-update-<id>`; Pi diffs sections against the
 * transcript and appends one system message patching only what changed, and a removed section
 * becomes its retraction. The inventory is the section `forge-updates`.
 */
export const sectionsDelivery: UpdateDelivery = {
  kind: "sections",
  beforeAgentStart(event, _branch, state, inventory, run) {
    run.kind = "sections";
    run.splices.clear();
    const options = event.systemPromptOptions;
    if (!options) return undefined;
    // Each run starts from Pi's base options, which never hold forge sections: set, never clear
    // (clearing by prefix could hit a core mode section such as forge-update-notes).
    const sections = options.sections ?? (options.sections = {});
    if (inventory !== "") sections[INVENTORY_SECTION] = inventory;
    for (const u of state.active) sections[updateSectionName(u.updateId)] = u.contentSnapshot;
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
  beforeAgentStart(event, branch, state, inventory, run) {
    run.kind = "timeline";
    run.splices.clear();
    run.runOptions = null;
    const view = buildTimelineView(branch, state);
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

/**
 * Sections delivery, per request (1.x context_with_system): splices the patches of mid-run tool changes that
 * Pi has not recorded itself into the transcript about to be sent; undefined when nothing is missing.
 */
function spliceMidRunSections(messages: readonly TranscriptMessage[], run: RunState): TranscriptMessage[] | undefined {
  if (run.splices.size === 0) return undefined;
  const current = foldTranscriptSections(messages);
  // Group the still-missing patches by the tool batch that caused them.
  const groups = new Map<string | null, { sections: Record<string, string | null>; at: number }>();
  for (const [name, splice] of run.splices) {
    // What the transcript holds for a section: Pi's own wrapping.
    const wanted = splice.value === null ? null : wrapSection(name, splice.value);
    const has = current.get(name) ?? null;
    if (has === wanted) continue; // Pi already recorded it (or it never reached the model)
    const group = groups.get(splice.toolCallId) ?? { sections: {}, at: splice.at };
    group.sections[name] = wanted;
    groups.set(splice.toolCallId, group);
  }
  if (groups.size === 0) return undefined;
  const out = [...messages];
  const placed = [...groups].map(([toolCallId, g]) => ({ index: insertionIndex(messages, toolCallId), g }));
  // Insert from the back so earlier indexes stay valid; a stable position keeps later requests' prefixes equal.
  placed.sort((a, b) => b.index - a.index);
  for (const { index, g } of placed) out.splice(index, 0, { role: "system", content: "", sections: g.sections, timestamp: g.at });
  return out;
}

/** Wraps a handler so a failure is reported and swallowed (register.ts's guard). */
export type HandlerGuard = <E, R>(what: string, fn: (event: E, ctx: CtxPort) => R) => (event: E, ctx: CtxPort) => R | undefined;

/**
 * Subscribes the sections strategy to the host's per-request transcript hook (`context_with_system`, a 1.x
 * event that 0.73.1 never emits): a mid-run tool change is spliced into the run's later requests.
 */
export function hookRequestTranscript(pi: Pick<PiPort, "on">, run: RunState, guard: HandlerGuard): void {
  pi.on(
    "context_with_system",
    guard("context_with_system", (event: ContextWithSystemEvent) => {
      if (run.kind !== "sections") return undefined;
      const messages = spliceMidRunSections(event.messages, run);
      return messages ? { messages } : undefined;
    }),
  );
}
