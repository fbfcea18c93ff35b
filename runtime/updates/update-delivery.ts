// Which delivery the current model gets (and why), and how a plan (model-view.ts) reaches it: at every run start,
// and right after a command or the agent tool recorded a change.
import type { ActiveUpdate } from "../../core/update-reducer.js";
import type { HostAdapter, RunObservation } from "../host-adapter/index.js";
import type { BeforeAgentStartEvent, BeforeAgentStartResult, CtxPort, ModelRef, PiPort, PromptOptions } from "../host-adapter/ports.js";
import type { BranchRead } from "./branch-read.js";
import { planDelivery, readModelView, sectionChanges, type DeliveryKind, type ModelView } from "./model-view.js";
import { renderDeliveryMessage, type DeliveredChange } from "./timeline-view.js";
import { appendPromptBlock, INVENTORY_SECTION, renderPromptFold, updateSectionName } from "./update-text.js";

/** Why a delivery was chosen: no sections (0.73.1), a forced prompt, or the model's mid-conversation system messages. */
export type DeliveryReason = "no-sections" | "forced" | "model-without" | "model-with";

export interface DeliveryChoice {
  kind: DeliveryKind;
  reason: DeliveryReason;
  /** provider/id of the model the choice was made for ("" when none is selected). */
  model: string;
}

/** Per-session delivery state owned by system-updates.ts; set at every before_agent_start. */
export interface RunState {
  /** The choice made at the last before_agent_start (mid-run changes follow the run's choice). */
  choice: DeliveryChoice | null;
  /** Whether the last run's host kept prompt sections (1.x). */
  sectionsHost: boolean;
  /** 1.x sections runs: the run's systemPromptOptions as handed to before_agent_start. */
  runOptions: PromptOptions | null;
  /** 1.x: model requests of the current run so far (context_with_system). */
  requests: number;
  /** Changes sent as messages since the run started: a steered message reaches the branch only after its tool batch. */
  inFlight: DeliveredChange[];
}

export function createRunState(): RunState {
  return { choice: null, sectionsHost: false, runOptions: null, requests: 0, inFlight: [] };
}

/** The run's mutable sections (1.x), or null when the host hands over none. */
function sectionsOf(options: PromptOptions | null | undefined): Record<string, string> | null {
  const sections = options?.sections;
  return typeof sections === "object" && sections !== null && !Array.isArray(sections) ? sections : null;
}

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
 * Sections only where they cost nothing: the host has them, no forced prompt hides them, and the model takes
 * mid-conversation system messages (otherwise Pi folds every section change into the prompt it replays, which
 * rewrites the cached prefix). Timeline messages everywhere else. `options` null: what the last run showed.
 */
export function chooseDelivery(
  adapter: HostAdapter,
  ctx: Pick<CtxPort, "model">,
  options: PromptOptions | null,
  lastRun: RunObservation | null = null,
): DeliveryChoice {
  const model = ctx.model ? `${ctx.model.provider}/${ctx.model.id}` : "";
  if (!adapter.supportsSections(options, lastRun)) return { kind: "timeline", reason: sectionsOf(options) ? "forced" : "no-sections", model };
  if (adapter.foldsSectionChanges(ctx)) return { kind: "timeline", reason: "model-without", model };
  return { kind: "sections", reason: "model-with", model };
}

/** The choice a run on a host with (`sectionsHost`) or without prompt sections would make for `model`, nothing forced. */
export function choiceForModel(adapter: HostAdapter, model: ModelRef | undefined, sectionsHost: boolean): DeliveryChoice {
  if (!sectionsHost) return { kind: "timeline", reason: "no-sections", model: model ? `${model.provider}/${model.id}` : "" };
  return chooseDelivery(adapter, { model }, { cwd: "", sections: {} });
}

/** One sentence for status and notices. */
export function describeChoice(choice: DeliveryChoice): string {
  const model = choice.model === "" ? "the current model" : `model ${choice.model}`;
  switch (choice.reason) {
    case "no-sections":
      return "Pi 0.73.1 has no prompt sections";
    case "forced":
      return "the run's prompt is forced (replace_final), which hides prompt sections";
    case "model-without":
      return `${model} has no mid-conversation system messages (compat.supportsMidConvoSystemMessages): a section change would rewrite the cached prompt`;
    case "model-with":
      return `${model} takes mid-conversation system messages: Pi appends each section change as a patch`;
  }
}

/**
 * before_agent_start, after the core composed the prompt: set the inventory and the planned update sections (1.x),
 * restate in the prompt string what it must carry itself (0.73.1: the compaction fold; a forced 1.x prompt: the update
 * sections it hides), and send the planned messages with the run.
 */
export function deliverRun(
  event: BeforeAgentStartEvent,
  read: BranchRead,
  inventory: string,
  run: RunState,
  choice: DeliveryChoice,
): BeforeAgentStartResult | undefined {
  const sections = sectionsOf(event.systemPromptOptions);
  const view = readModelView(read, sections !== null);
  const plan = planDelivery(view, read.state.active, choice.kind);
  run.choice = choice;
  run.sectionsHost = sections !== null;
  run.requests = 0;
  run.inFlight = [];
  // Pi reads these same options before the run's second request: a change the tool makes through this reference in
  // the run's first tool batch is diffed and recorded by Pi itself (Pi re-normalizes them for every later request).
  run.runOptions = choice.kind === "sections" ? event.systemPromptOptions! : null;
  // Each run starts from Pi's base options, which never hold forge sections: set, never clear (clearing by prefix
  // could hit a core mode section such as forge-update-notes).
  if (sections !== null) {
    if (inventory !== "") sections[INVENTORY_SECTION] = inventory;
    for (const [id, content] of plan.sections) sections[updateSectionName(id)] = content;
  }
  const restated = sections === null ? view.timeline.folded : choice.reason === "forced" ? heldSectionUpdates(view) : null;
  const outcome: BeforeAgentStartResult = {};
  if (restated !== null) {
    const extra = appendPromptBlock(inventory, renderPromptFold(restated));
    if (extra !== "") outcome.systemPrompt = appendPromptBlock(event.systemPrompt, extra);
  }
  const message = renderDeliveryMessage(plan.changes, read.state.active);
  if (message) outcome.message = message;
  return outcome.systemPrompt === undefined && outcome.message === undefined ? undefined : outcome;
}

function heldSectionUpdates(view: ModelView): Array<{ updateId: string; contentSnapshot: string }> {
  return [...view.sections].map(([updateId, contentSnapshot]) => ({ updateId, contentSnapshot }));
}

export interface ChangeInput {
  /** The branch read before the change was recorded. */
  read: BranchRead;
  /** The active set once the change is applied. */
  after: readonly ActiveUpdate[];
  choice: DeliveryChoice;
  sectionsHost: boolean;
  /** Set when the agent tool made the change mid-run. */
  toolCallId: string | null;
}

/**
 * Right after a command or the tool recorded a change: messages go out now (idle: appended at once; mid-run: steered
 * in before the next request). Section changes go into the run's options for Pi to diff; outside a run they wait for
 * the next run start. Mid-run after the run's first request Pi has re-normalized its options and would never see a
 * section change, so from then on the tool's changes travel as messages (and stay on messages, rule 3).
 */
export function deliverChange(pi: PiPort, change: ChangeInput, run: RunState): void {
  const late = change.toolCallId !== null && run.requests > 1;
  const kind = change.choice.kind === "sections" && !late ? "sections" : "timeline";
  const options = run.runOptions?.sections;
  // Mid-run in the first tool batch, the sections Pi will record are those of the run's options.
  const live = kind === "sections" && change.toolCallId !== null ? options : undefined;
  const view = pendingView(readModelView(change.read, change.sectionsHost), run.inFlight, live, (id) => change.read.state.known.has(id));
  const plan = planDelivery(view, change.after, kind);
  if (kind === "sections" && options) {
    for (const [id, value] of sectionChanges(view, plan)) {
      const name = updateSectionName(id);
      if (value === null) delete options[name];
      else options[name] = value;
    }
  }
  const message = renderDeliveryMessage(plan.changes, change.after);
  if (!message) return;
  pi.sendMessage(message, { deliverAs: "steer" });
  run.inFlight.push(...message.details.changes);
}

/** `view` with what the branch does not show yet: messages still in flight, and (mid-run) the run's own sections. */
function pendingView(
  view: ModelView,
  inFlight: readonly DeliveredChange[],
  live: Record<string, string> | undefined,
  isUpdateId: (id: string) => boolean,
): ModelView {
  if (inFlight.length === 0 && live === undefined) return view;
  const last = new Map(view.timeline.last);
  for (const change of inFlight) last.set(change.updateId, change);
  let sections = view.sections;
  if (live !== undefined) {
    const prefix = updateSectionName("");
    const own = new Map<string, string>();
    for (const [name, value] of Object.entries(live)) {
      const id = name.startsWith(prefix) ? name.slice(prefix.length) : "";
      if (id !== "" && isUpdateId(id)) own.set(id, value);
    }
    sections = own;
  }
  return { sections, timeline: { ...view.timeline, last } };
}

/**
 * Which delivery a change takes now. The tool runs inside a run and follows the run's choice. A command asks with the
 * host's base prompt options when the host exposes them (1.x command contexts) and the current model; otherwise the
 * last run's choice, else the adapter's host capability. A wrong guess here costs nothing: the next run start
 * reconciles what the model holds with the active set.
 */
export function pickDelivery(
  { adapter, run, lastRun }: { adapter: HostAdapter; run: RunState; lastRun(): RunObservation | null },
  ctx: CtxPort,
  prefer: "run" | "host",
): { choice: DeliveryChoice; sectionsHost: boolean } {
  if (prefer === "run" && run.choice) return { choice: run.choice, sectionsHost: run.sectionsHost };
  const options = hostPromptOptions(ctx);
  if (options) return { choice: chooseDelivery(adapter, ctx, options), sectionsHost: sectionsOf(options) !== null };
  if (run.choice) return { choice: run.choice, sectionsHost: run.sectionsHost };
  const last = lastRun();
  return { choice: chooseDelivery(adapter, ctx, null, last), sectionsHost: adapter.supportsSections(null, last) };
}
