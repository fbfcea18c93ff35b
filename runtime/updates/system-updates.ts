// The system-update feature: the /system-update command, the agent tool, delivery at every run, path rules at a tool call.
import type { UpdateState } from "../../core/update-reducer.js";
import { observeRequest } from "../host-adapter/index.js";
import type { AutocompleteItem, BeforeAgentStartEvent, BeforeAgentStartResult, CtxPort, ModelSelectEvent, PiPort } from "../host-adapter/ports.js";
import { describeError, guardCommand, say } from "../notify.js";
import { loadOnDemand } from "../on-demand-load.js";
import { renderUpdateMessage } from "./update-renderer.js";
import { UPDATE_MESSAGE_TYPE } from "./timeline-view.js";
import { renderInventory } from "./block-inventory.js";
import { readOf } from "./branch-read.js";
import type { ActivePresetRef } from "./preset-blocks.js";
import { estimateSelectionChange, type PendingReport, type SelectionChange } from "./selection-impact.js";
import { COMMAND_NAME, completeSystemUpdateArgs, completionDataFor, type CompletionData } from "./update-command-args.js";
import type { SystemUpdatesDeps, UpdatesRuntime } from "./update-change.js";
import { chooseDelivery, createRunState, deliverRun } from "./update-delivery.js";
import { announceCompaction, announceModelSwitch } from "./cache-notices.js";
import { syncToolAvailability, TOOL_NAME } from "./update-tool.js";
import { applyPathRules, type TriggerCache } from "./path-rules.js";
import { syncToolNotice } from "./tool-notice.js";
import { createSessionStore } from "../session-store.js";
import { callPaths, resolveCall } from "../tool-call-paths.js";
import type { PathRuleStep } from "../tool-gate.js";

/** What the rest of the runtime may ask the feature, and its steps of the host's events (the runtime calls them in order). */
export interface SystemUpdates {
  /**
   * For /mode and /preset, before the change: the cache estimate of a selection change (the updates' part of the prompt
   * carried over), made into a report once the change is applied (the tools Pi then declares).
   */
  estimateSelectionChange(ctx: CtxPort, change: SelectionChange): PendingReport | null;
  /** session_start and session_tree, after the core re-derived the selection: replay the branch's updates. */
  onSession(ctx: CtxPort): void;
  /** After a /mode, /preset or /forge command: the blocks and the agent tool follow the preset now active, before any turn. */
  onSelectionChange(ctx: CtxPort): void;
  /** /system-update's argument completion (its name is COMMAND_NAME), for the editor's Tab (runtime/tab-completion.ts). */
  completeArguments(argumentText: string): AutocompleteItem[] | null;
  /** before_agent_start, after the core composed the prompt (`event` is chained past the core's result). */
  beforeAgentStart(event: BeforeAgentStartEvent, ctx: CtxPort): BeforeAgentStartResult | undefined;
  /** The tool gate's last step: a call that passed the edit limits may switch path rules on. */
  onToolCall: PathRuleStep;
  onModelSelect(event: ModelSelectEvent, ctx: CtxPort): void;
  onCompact(ctx: CtxPort): void;
  /** 1.x, per model request (context_with_system). */
  onRequest(): void;
  /** toolDelivery: gate: the model's note of the tools it may call says `text` (null: no note). After a selection change. */
  syncToolNotice(ctx: CtxPort, text: string | null): void;
}

export type { SystemUpdatesDeps };

/** The tools the feature may register: they change no file, so an edit limit leaves them on. */
export const UPDATE_TOOL_NAMES: readonly string[] = [TOOL_NAME];

/**
 * Builds the feature and registers its /system-update command (its agent tool registers once a preset declares a
 * callable block). Registers no event handler: the runtime's one handler per event calls the steps above in order.
 */
export function createSystemUpdates(pi: PiPort, deps: SystemUpdatesDeps): SystemUpdates {
  const run = createRunState();
  const records = deps.records ?? createSessionStore();
  const toolRegistered = { value: false };
  let completions: CompletionData = { blockIds: [], activeIds: [] };
  const rt: UpdatesRuntime = {
    ...deps,
    pi,
    run,
    now: deps.now ?? (() => new Date()),
    afterChange: refresh,
    readSession: (ctx) => records.read(ctx),
    lastRun: records.lastRun,
    lastRequest: records.lastRequest,
  };
  const triggers: TriggerCache = new WeakMap();
  /** The prompt's inventory: the active preset's blocks, then the offered path rules. */
  const inventory = (ref: ActivePresetRef | null, ctx: CtxPort) => renderInventory(ref, deps.getPathRules?.(ctx).rules);

  /** Tool availability and the completion cache follow the active preset and the branch's active updates. */
  function refresh(ref: ActivePresetRef | null, state: UpdateState): void {
    syncToolAvailability(pi, rt, toolRegistered, ref);
    completions = completionDataFor(ref, state);
  }

  /** The host never crashes because of forge: every step reports and swallows its own errors. */
  function guarded<A extends unknown[], R>(what: string, fn: (...args: A) => R, ctxOf: (...args: A) => CtxPort | undefined) {
    return (...args: A): R | undefined => {
      try {
        return fn(...args);
      } catch (err) {
        const ctx = ctxOf(...args);
        if (ctx) say(ctx, `forge: system updates: ${what} failed: ${describeError(err)}`, "error");
        return undefined;
      }
    };
  }

  // A delivered update shows as one compact line that expands to its text (TUI only; RPC clients get the message).
  pi.registerMessageRenderer?.(UPDATE_MESSAGE_TYPE, (message, options, theme) => renderUpdateMessage(message, options, theme));

  pi.registerCommand(COMMAND_NAME, {
    description: "System updates: /system-update <text> | status [--json] [--full] | reset | list | use <id> | off <id>",
    getArgumentCompletions: (prefix) => completeSystemUpdateArgs(prefix, completions),
    // The command's body is loaded on its first use (on-demand.ts; in dist/, dist/on-demand.js).
    handler: guardCommand(COMMAND_NAME, async (args, ctx) =>
      (await loadOnDemand(`/${COMMAND_NAME}`, () => import("./on-demand.js"))).runSystemUpdateCommand(rt, args, ctx),
    ),
  });

  return {
    estimateSelectionChange: (ctx, change) => estimateSelectionChange(deps.adapter, ctx, change, deps.getPathRules?.(ctx).rules ?? [], rt),
    onSession: guarded(
      "session replay",
      (ctx: CtxPort) => {
        run.choice = null;
        run.runOptions = null;
        run.requests = 0;
        run.inFlight = [];
        const state = rt.readSession(ctx).updates;
        refresh(deps.getActivePreset(ctx), state);
        const diagnostics = state.diagnostics.filter((d) => d.severity !== "info");
        if (diagnostics.length > 0) say(ctx, `forge: system updates: ${diagnostics.length} problem(s) on this branch; see /system-update status`, "warning");
      },
      (ctx) => ctx,
    ),
    completeArguments: (argumentText) => completeSystemUpdateArgs(argumentText, completions),
    onSelectionChange: guarded(
      "selection change",
      (ctx: CtxPort) => refresh(deps.getActivePreset(ctx), rt.readSession(ctx).updates),
      (ctx) => ctx,
    ),
    beforeAgentStart: guarded(
      "before_agent_start",
      (event: BeforeAgentStartEvent, ctx: CtxPort) => {
        // One read of the session and of the active preset per run, shared by the caches and the delivery.
        const read = readOf(rt.readSession(ctx));
        const ref = deps.getActivePreset(ctx);
        refresh(ref, read.state);
        // Per run, from the current model: what the model already holds is reconciled with the active set here.
        const choice = chooseDelivery(deps.adapter, ctx, event.systemPromptOptions ?? null);
        return deliverRun(event, read, inventory(ref, ctx), run, choice);
      },
      (_event, ctx) => ctx,
    ),
    onToolCall: (event, ctx, paths) => void guarded("path rules", applyPathRules, (_rt, _event, c) => c)(rt, event, ctx, triggers, paths),
    // Switches of model and compactions rewrite the cached prefix through Pi's own layout: said before the next request.
    onModelSelect: guarded(
      "model_select",
      (event: ModelSelectEvent, ctx: CtxPort) => announceModelSwitch(deps.adapter, ctx, event, run.sectionsHost, rt.readSession(ctx).branch, rt.lastRequest()),
      (_e, ctx) => ctx,
    ),
    onCompact: guarded(
      "session_compact",
      (ctx: CtxPort) => {
        run.inFlight = []; // what they told may be summarized now: the branch decides again
        announceCompaction(ctx, rt.readSession(ctx), rt.lastRequest());
      },
      (ctx) => ctx,
    ),
    // 1.x: after a run's first request Pi no longer diffs the options forge holds (see deliverChange).
    onRequest: () => void run.requests++,
    syncToolNotice: guarded(
      "tools note",
      (ctx: CtxPort, text: string | null) => void syncToolNotice(rt, ctx, text),
      (ctx) => ctx,
    ),
  };
}

/**
 * The feature on its own (tests, and a host without the core): builds it and registers one handler per event that
 * runs its step. The extension instead calls the steps from its own handlers, after the core's (runtime/extension.ts).
 */
export function registerSystemUpdates(pi: PiPort, deps: SystemUpdatesDeps): SystemUpdates {
  const records = deps.records ?? createSessionStore();
  const updates = createSystemUpdates(pi, { ...deps, records });
  pi.on("before_provider_request", (event, ctx) => void records.recordRequest(observeRequest(event, ctx, pi)));
  pi.on("session_start", (_event, ctx) => updates.onSession(ctx));
  pi.on("session_tree", (_event, ctx) => updates.onSession(ctx));
  pi.on("before_agent_start", (event, ctx) => updates.beforeAgentStart(event, ctx));
  pi.on("tool_call", (event, ctx) => {
    const resolver = deps.adapter.toolPathResolver(ctx);
    updates.onToolCall(event, ctx, (root) => {
      const call = resolveCall(event.toolName, event.input, ctx.cwd, resolver);
      return call === null ? null : callPaths(call, root);
    });
    return undefined;
  });
  pi.on("model_select", (event, ctx) => updates.onModelSelect(event, ctx));
  pi.on("session_compact", (_event, ctx) => updates.onCompact(ctx));
  pi.on("context_with_system", () => {
    updates.onRequest();
    return undefined;
  });
  return updates;
}
