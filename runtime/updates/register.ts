// Entry of the system-update feature: registerSystemUpdates(pi, deps) wires the command, the tool and delivery.
import { readState, type UpdatesRuntime } from "./actions.js";
import { completeSystemUpdateArgs, completionDataFor, COMMAND_NAME, runSystemUpdateCommand, type CompletionData } from "./commands.js";
import type { SystemUpdatesDeps } from "./deps.js";
import { createRunState, sectionsDelivery, timelineDelivery, type SystemMessageLike } from "./delivery.js";
import { say, type BeforeAgentStartSlice, type UpdatesCtx, type UpdatesPi } from "./host-types.js";
import { renderInventory } from "./inventory.js";
import { syncToolAvailability } from "./tool.js";

export type { SystemUpdatesDeps } from "./deps.js";
export type { ActivePresetRef } from "./blocks.js";

/**
 * Call once from the extension factory, AFTER the core registered its own before_agent_start
 * handler: handlers run in registration order, and this one appends to the prompt the core composed.
 */
export function registerSystemUpdates(pi: UpdatesPi, deps: SystemUpdatesDeps): void {
  const run = createRunState();
  const toolRegistered = { value: false };
  let completions: CompletionData = { blockIds: [], activeIds: [] };
  const rt: UpdatesRuntime = {
    pi,
    deps,
    run,
    now: deps.now ?? (() => new Date()),
    afterChange: (ctx) => refresh(ctx),
  };

  function refresh(ctx: UpdatesCtx): void {
    syncToolAvailability(pi, rt, toolRegistered, ctx);
    completions = completionDataFor(rt, ctx);
  }

  /** The host never crashes because of forge: every handler reports and swallows its own errors. */
  function guarded<A extends unknown[], R>(what: string, fn: (...args: A) => R, ctxOf: (...args: A) => UpdatesCtx | undefined) {
    return (...args: A): R | undefined => {
      try {
        return fn(...args);
      } catch (err) {
        const ctx = ctxOf(...args);
        if (ctx) say(ctx, `forge: system updates: ${what} failed: ${err instanceof Error ? err.message : String(err)}`, "error");
        return undefined;
      }
    };
  }

  const onSession = guarded(
    "session replay",
    (_event: unknown, ctx: UpdatesCtx) => {
      run.kind = null;
      run.runOptions = null;
      run.splices.clear();
      refresh(ctx);
      const diagnostics = readState(ctx).diagnostics.filter((d) => d.severity !== "info");
      if (diagnostics.length > 0) say(ctx, `forge: system updates: ${diagnostics.length} problem(s) on this branch; see /system-update status`, "warning");
    },
    (_e, ctx) => ctx,
  );
  pi.on("session_start", onSession);
  pi.on("session_tree", onSession);

  pi.on(
    "before_agent_start",
    guarded(
      "before_agent_start",
      (event: BeforeAgentStartSlice, ctx: UpdatesCtx) => {
        refresh(ctx);
        const inventory = renderInventory(deps.getActivePreset(ctx));
        const delivery = deps.adapter.supportsSections(event.systemPromptOptions ?? null) ? sectionsDelivery : timelineDelivery;
        return delivery.beforeAgentStart(event, ctx.sessionManager.getBranch(), inventory, run);
      },
      (_e, ctx) => ctx,
    ),
  );

  // 1.x only (0.73.1 never emits it): splice a mid-run tool change into the run's later requests.
  pi.on(
    "context_with_system",
    guarded(
      "context_with_system",
      (event: { messages: SystemMessageLike[] }, _ctx: UpdatesCtx) => {
        if (run.kind !== "sections") return undefined;
        const messages = sectionsDelivery.contextWithSystem(event.messages, run);
        return messages ? { messages } : undefined;
      },
      (_e, ctx: UpdatesCtx) => ctx,
    ),
  );

  pi.registerCommand(COMMAND_NAME, {
    description: "System updates: /system-update <text> | status [--json] [--full] | reset | list | use <id> | off <id>",
    getArgumentCompletions: (prefix) => completeSystemUpdateArgs(prefix, completions),
    handler: async (args: string, ctx: UpdatesCtx) => {
      try {
        await runSystemUpdateCommand(rt, args, ctx);
      } catch (err) {
        say(ctx, `forge: /system-update failed: ${err instanceof Error ? err.message : String(err)}`, "error");
      }
    },
  });
}
