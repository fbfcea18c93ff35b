// Entry of the system-update feature: registerSystemUpdates(pi, deps) wires the command, the tool and delivery.
import { describeError, guardCommand, say } from "../output.js";
import { readState, type UpdatesRuntime } from "./actions.js";
import { completeSystemUpdateArgs, completionDataFor, COMMAND_NAME, runSystemUpdateCommand, type CompletionData } from "./commands.js";
import type { ActivePresetRef } from "./blocks.js";
import type { SystemUpdatesDeps } from "./deps.js";
import { createRunState, hookRequestTranscript, sectionsDelivery, timelineDelivery } from "../host-adapter/update-delivery.js";
import type { BeforeAgentStartEvent, CtxPort, PiPort } from "../host-adapter/ports.js";
import { renderInventory } from "./inventory.js";
import { foldUpdateEvents, type UpdateState } from "../../core/update-reducer.js";
import { syncToolAvailability } from "./tool.js";

export type { SystemUpdatesDeps } from "./deps.js";
export type { ActivePresetRef } from "./blocks.js";

/**
 * Call once from the extension factory, AFTER the core registered its own before_agent_start
 * handler: handlers run in registration order, and this one appends to the prompt the core composed.
 */
export function registerSystemUpdates(pi: PiPort, deps: SystemUpdatesDeps): void {
  const run = createRunState();
  const toolRegistered = { value: false };
  let completions: CompletionData = { blockIds: [], activeIds: [] };
  const rt: UpdatesRuntime = {
    pi,
    deps,
    run,
    now: deps.now ?? (() => new Date()),
    afterChange: (ctx) => refresh(deps.getActivePreset(ctx), readState(ctx)),
  };

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

  const onSession = guarded(
    "session replay",
    (_event: unknown, ctx: CtxPort) => {
      run.kind = null;
      run.runOptions = null;
      run.splices.clear();
      const state = readState(ctx);
      refresh(deps.getActivePreset(ctx), state);
      const diagnostics = state.diagnostics.filter((d) => d.severity !== "info");
      if (diagnostics.length > 0) say(ctx, `forge: system updates: ${diagnostics.length} problem(s) on this branch; see /system-update status`, "warning");
    },
  );
  pi.on("session_start", onSession);
  pi.on("session_tree", onSession);

  pi.on(
    "before_agent_start",
    guarded(
      "before_agent_start",
      (event: BeforeAgentStartEvent, ctx: CtxPort) => {
        // One read of the branch and of the active preset per run, shared by the caches and the delivery.
        const branch = ctx.sessionManager.getBranch();
        const state = foldUpdateEvents(branch);
        const ref = deps.getActivePreset(ctx);
        refresh(ref, state);
        const delivery = deps.adapter.supportsSections(event.systemPromptOptions ?? null) ? sectionsDelivery : timelineDelivery;
        return delivery.beforeAgentStart(event, branch, state, renderInventory(ref), run);
      },
    ),
  );

  // Mid-run tool changes reach the run's later requests through the host's per-request hook, where it has one.
  hookRequestTranscript(pi, run, guarded);

  pi.registerCommand(COMMAND_NAME, {
    description: "System updates: /system-update <text> | status [--json] [--full] | reset | list | use <id> | off <id>",
    getArgumentCompletions: (prefix) => completeSystemUpdateArgs(prefix, completions),
    handler: guardCommand(COMMAND_NAME, (args: string, ctx: CtxPort) => runSystemUpdateCommand(rt, args, ctx)),
  });
}
