// Wires the system-update feature into Pi: the /system-update command, the agent tool, and delivery at every run.
import type { UpdateState } from "../../core/update-reducer.js";
import type { BeforeAgentStartEvent, CtxPort, ModelSelectEvent, PiPort, ToolCallEvent } from "../host-adapter/ports.js";
import { describeError, guardCommand, say } from "../notify.js";
import { renderInventory } from "./block-inventory.js";
import { readBranch } from "./branch-read.js";
import type { ActivePresetRef } from "./preset-blocks.js";
import { estimateSelectionChange, type SelectionChange } from "./selection-impact.js";
import type { PromptChangeReport } from "./cache-impact.js";
import { runSystemUpdateCommand } from "./update-command.js";
import { COMMAND_NAME, completeSystemUpdateArgs, completionDataFor, type CompletionData } from "./update-command-args.js";
import type { SystemUpdatesDeps, UpdatesRuntime } from "./update-change.js";
import { chooseDelivery, createRunState, deliverRun } from "./update-delivery.js";
import { announceCompaction, announceModelSwitch } from "./cache-notices.js";
import { syncToolAvailability } from "./update-tool.js";
import { applyPathRules, type TriggerCache } from "./path-rules.js";

/** What the rest of the runtime may ask the registered feature. */
export interface SystemUpdates {
  /** For /mode and /preset: the cache estimate of a selection change, the updates' part of the prompt carried over. */
  estimateSelectionChange(ctx: CtxPort, change: SelectionChange): PromptChangeReport | null;
}

export type { SystemUpdatesDeps };

/**
 * Call once from the extension factory, AFTER the core registered its own before_agent_start
 * handler: handlers run in registration order, and this one appends to the prompt the core composed.
 */
export function registerSystemUpdates(pi: PiPort, deps: SystemUpdatesDeps): SystemUpdates {
  const run = createRunState();
  const toolRegistered = { value: false };
  let completions: CompletionData = { blockIds: [], activeIds: [] };
  const rt: UpdatesRuntime = { ...deps, pi, run, now: deps.now ?? (() => new Date()), afterChange: refresh };
  const triggers: TriggerCache = new WeakMap();
  /** The prompt's inventory: the active preset's blocks, then the offered path rules. */
  const inventory = (ref: ActivePresetRef | null, ctx: CtxPort) => renderInventory(ref, deps.getPathRules?.(ctx).rules);

  /** Tool availability and the completion cache follow the active preset and the branch's active updates. */
  function refresh(ref: ActivePresetRef | null, state: UpdateState): void {
    syncToolAvailability(pi, rt, toolRegistered, ref);
    completions = completionDataFor(ref, state);
  }

  /** The host never crashes because of forge: every handler reports and swallows its own errors. */
  function guarded<E, R>(what: string, fn: (event: E, ctx: CtxPort) => R) {
    return (event: E, ctx: CtxPort): R | undefined => {
      try {
        return fn(event, ctx);
      } catch (err) {
        if (ctx) say(ctx, `forge: system updates: ${what} failed: ${describeError(err)}`, "error");
        return undefined;
      }
    };
  }

  const onSession = guarded("session replay", (_event: unknown, ctx: CtxPort) => {
    run.choice = null;
    run.runOptions = null;
    run.requests = 0;
    run.inFlight = [];
    const { state } = readBranch(ctx.sessionManager.getBranch());
    refresh(deps.getActivePreset(ctx), state);
    const diagnostics = state.diagnostics.filter((d) => d.severity !== "info");
    if (diagnostics.length > 0) say(ctx, `forge: system updates: ${diagnostics.length} problem(s) on this branch; see /system-update status`, "warning");
  });
  pi.on("session_start", onSession);
  pi.on("session_tree", onSession);

  pi.on(
    "before_agent_start",
    guarded("before_agent_start", (event: BeforeAgentStartEvent, ctx: CtxPort) => {
      // One read of the branch and of the active preset per run, shared by the caches and the delivery.
      const read = readBranch(ctx.sessionManager.getBranch());
      const ref = deps.getActivePreset(ctx);
      refresh(ref, read.state);
      // Per run, from the current model: what the model already holds is reconciled with the active set here.
      const choice = chooseDelivery(deps.adapter, ctx, event.systemPromptOptions ?? null);
      return deliverRun(event, read, inventory(ref, ctx), run, choice);
    }),
  );

  // A tool call naming a path may switch a rule on; registered after the core's edit limits, so a refused call does not.
  pi.on(
    "tool_call",
    guarded("path rules", (event: ToolCallEvent, ctx: CtxPort) => void applyPathRules(rt, event, ctx, triggers)),
  );

  // Switches of model and compactions rewrite the cached prefix through Pi's own layout: said before the next request.
  pi.on("model_select", guarded("model_select", (event: ModelSelectEvent, ctx: CtxPort) => announceModelSwitch(deps.adapter, ctx, event, run.sectionsHost)));
  pi.on(
    "session_compact",
    guarded("session_compact", (_event: unknown, ctx: CtxPort) => {
      run.inFlight = []; // what they told may be summarized now: the branch decides again
      announceCompaction(deps.adapter, ctx, run.sectionsHost);
    }),
  );

  // 1.x, per model request: after a run's first request Pi no longer diffs the options forge holds (see deliverChange).
  pi.on("context_with_system", () => void run.requests++);

  pi.registerCommand(COMMAND_NAME, {
    description: "System updates: /system-update <text> | status [--json] [--full] | reset | list | use <id> | off <id>",
    getArgumentCompletions: (prefix) => completeSystemUpdateArgs(prefix, completions),
    handler: guardCommand(COMMAND_NAME, (args, ctx) => runSystemUpdateCommand(rt, args, ctx)),
  });

  return { estimateSelectionChange: (ctx, change) => estimateSelectionChange(deps.adapter, ctx, change, deps.getPathRules?.(ctx).rules) };
}
