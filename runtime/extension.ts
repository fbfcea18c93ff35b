// The forge Pi extension entry: registers flags, commands and events; every handler fails closed to Pi's native prompt.
import { forgeCommand } from "./commands/forge-command.js";
import { modeCommand } from "./commands/mode-command.js";
import { presetCommand } from "./commands/preset-command.js";
import { ForgeController } from "./controller.js";
import { createCacheReporter, presetRefFor } from "./commands/selection-estimate.js";
import { detectHostAdapter, legacyHostAdapter, type HostAdapter } from "./host-adapter/index.js";
import type { CtxPort, PiPort } from "./host-adapter/ports.js";
import { describeError, say } from "./notify.js";
import { defaultBuiltinFile } from "./scope-discovery.js";
import { renderTemplate } from "../core/template.js";
import { registerSystemUpdates, type ActivePresetRef, type SystemUpdates } from "./updates/index.js";

export interface ExtensionOptions {
  adapter?: HostAdapter | null;
  env?: NodeJS.ProcessEnv;
  builtinFile?: string;
  now?: () => Date;
  os?: string;
  /** Wire the system-update feature (runtime/updates); default true. */
  systemUpdates?: boolean;
}

/** Builds the extension; tests pass a fake pi and options, Pi calls the default export. */
export function createForgeExtension(pi: PiPort, options: ExtensionOptions = {}): ForgeController {
  let adapter: HostAdapter | null = null;
  let adapterError: string | null = null;
  if (options.adapter !== undefined) adapter = options.adapter;
  else {
    try {
      adapter = detectHostAdapter(pi);
    } catch (error) {
      adapterError = `forge: host adapter unavailable (${describeError(error)}); using Pi's native prompt`;
    }
  }
  const controller = new ForgeController({
    pi,
    adapter,
    env: options.env ?? process.env,
    builtinFile: options.builtinFile ?? defaultBuiltinFile(),
    now: options.now,
    os: options.os,
  });

  pi.registerFlag("mode", { description: "forge: start with these modes (--mode=a,b; comma list)", type: "string" });
  pi.registerFlag("preset", { description: "forge: start with this preset", type: "string" });
  // /mode and /preset report the cache impact of a change (and warn before a large cached rewrite).
  // The feature registers after the core (its before_agent_start handler builds on the core's prompt).
  let updates: SystemUpdates | null = null;
  const reporter = options.systemUpdates === false || adapter === null ? undefined : createCacheReporter(controller, () => updates);
  pi.registerCommand("mode", modeCommand(controller, reporter));
  pi.registerCommand("preset", presetCommand(controller, reporter));
  pi.registerCommand("forge", forgeCommand(controller));

  const guard = (what: string, ctx: CtxPort, error: unknown) => {
    controller.selection = { state: controller.selection.state, error: `forge: ${what} failed (${describeError(error)}); using Pi's native prompt` };
    say(ctx, controller.selection.error!, "error");
  };

  // Every session_start reason (startup, resume, fork, new, reload) re-derives; idempotent, as RPC
  // switch_session fires it twice. Explicit startup requests (env, flags) apply to the process's
  // first session and to fresh ones (/new), never over a resumed, forked or reloaded branch's state.
  pi.on("session_start", async (event, ctx) => {
    try {
      if (adapterError) controller.tellOnce(ctx, adapterError, "error");
      const reason = event?.reason;
      await controller.rederive(ctx, reason === undefined || reason === "startup" || reason === "new");
    } catch (error) {
      guard("session start", ctx, error);
    }
  });

  // /tree moved the leaf: the active branch alone decides (no startup request is re-applied), preferences included.
  pi.on("session_tree", async (_event, ctx) => {
    try {
      await controller.rederive(ctx, false, true);
    } catch (error) {
      guard("tree navigation", ctx, error);
    }
  });

  pi.on("before_agent_start", (event, ctx) => {
    try {
      return controller.beforeAgentStart(event, ctx);
    } catch (error) {
      guard("composition", ctx, error);
      return controller.nativeAfterFailure(event);
    }
  });

  if (options.systemUpdates !== false) updates = wireSystemUpdates(pi, controller, adapter);
  return controller;
}

/**
 * System updates (runtime/updates) register after the core, so their before_agent_start handler runs on the
 * prompt forge composed. Whether a change travels as a prompt section is the host adapter's call; without an
 * adapter, changes travel in the timeline (the legacy adapter's answers: the prompt is never restructured).
 */
function wireSystemUpdates(pi: PiPort, controller: ForgeController, adapter: HostAdapter | null): SystemUpdates {
  return registerSystemUpdates(pi, {
    adapter: adapter ?? legacyHostAdapter,
    getActivePreset: (ctx): ActivePresetRef | null => {
      const composition = controller.compose(ctx).composition;
      return presetRefFor(controller, composition, controller.selection.state?.preset);
    },
    renderTemplate: (segments, ctx) => renderTemplate(segments, controller.vars(ctx), ""),
  });
}

export default function forgeExtension(pi: PiPort): void {
  try {
    createForgeExtension(pi);
  } catch (error) {
    process.stderr.write(`forge: extension failed to load (${describeError(error)}); Pi runs without forge\n`);
  }
}
