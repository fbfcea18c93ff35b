// The forge Pi extension entry: registers flags, commands, and one handler per host event that runs the parts in a
// written order (the core, then the system-update feature), so nothing depends on the order handlers were registered
// in. Every handler fails closed: Pi's native prompt, and no edit a limit could refuse.
import { renderTemplate } from "../core/template.js";
import { createRuleDriftNotice } from "./commands/forge-rules.js";
import { forgeCommand, modeCommand, presetCommand } from "./commands/command-specs.js";
import { createSelectionEstimator } from "./commands/selection-estimate.js";
import { createForgeSession, type ForgeSession } from "./forge-session.js";
import { detectHostAdapter, observeRequest, type HostAdapter } from "./host-adapter/index.js";
import type { BeforeAgentStartEvent, BeforeAgentStartResult, CommandSpec, CtxPort, PiPort } from "./host-adapter/ports.js";
import { describeError, say } from "./notify.js";
import { createDriftHold, type DriftHold } from "./drift-hold.js";
import { reapproveSelection } from "./commands/reapprove.js";
import { createForgeCli, type ForgeCli } from "./forge-cli.js";
import { defaultBuiltinFile } from "./scope-discovery.js";
import { createSessionStore } from "./session-store.js";
import { carryFork, noteFork } from "./fork-carry.js";
import { createSystemUpdates, SYSTEM_UPDATE_COMMAND, UPDATE_TOOL_NAMES, type SystemUpdates } from "./updates/index.js";
import { forgeArgumentProvider, type ArgumentCompleter } from "./tab-completion.js";
import { createRuleSources } from "./rule-sources.js";
import { createToolGate } from "./tool-gate.js";
import { explainMissingTool } from "./edit-limits.js";
import { toolAllowedUnder } from "../core/pinned-limits.js";
import { toolFactsOf, withoutRefusedDeclarations } from "./host-adapter/tool-host.js";
import { claimExtensionCopy, registerPassiveCopy } from "./extension-copies.js";
import { forgeVersion } from "../core/forge-version.js";
import { LEAVE_OUT_TYPE } from "../core/usage-ledger.js";
import { fileURLToPath } from "node:url";

export interface ExtensionOptions {
  /** The host adapter (default: the one detected for this Pi); tests wrap the real one. */
  adapter?: HostAdapter;
  env?: NodeJS.ProcessEnv;
  builtinFile?: string;
  now?: () => Date;
  os?: string;
  /** Wire the system-update feature (runtime/updates); default true. */
  systemUpdates?: boolean;
  /** How authoring runs the forge CLI (default: dist/cli.js beside this extension); tests run it in process. */
  cli?: ForgeCli;
  /** Redraw the footer's drift badge when a bundle changes between turns (Pi's load: on; unit tests: off). */
  watchFooter?: boolean;
  /** This extension's file: a team policy package is also looked up beside it (a global install next to forge). */
  extensionFile?: string;
}

/** before_agent_start: the core composes, then the feature adds to what the core returned, chained as the host chains. */
async function runAgentStart(
  session: ForgeSession,
  hold: DriftHold,
  updates: SystemUpdates | null,
  adapter: HostAdapter,
  event: BeforeAgentStartEvent,
  ctx: CtxPort,
  tellRuleDrift: (ctx: CtxPort) => void,
): Promise<BeforeAgentStartResult | undefined> {
  let core: BeforeAgentStartResult | undefined;
  try {
    core = await session.beforeAgentStart(event, ctx, hold.takeLeaveOut);
  } catch (error) {
    session.fail(ctx, "composition", error);
    core = session.nativeAfterFailure(event);
  }
  if (updates === null) return core;
  try {
    tellRuleDrift(ctx);
  } catch {
    // a notice only: /forge rules says the same when asked
  }
  const extra = updates.beforeAgentStart(adapter.chainEvent(event, core), ctx);
  const systemPrompt = extra?.systemPrompt ?? core?.systemPrompt;
  const merged: BeforeAgentStartResult = {
    ...(systemPrompt !== undefined ? { systemPrompt } : {}),
    ...(extra?.message ? { message: extra.message } : {}),
  };
  return merged.systemPrompt === undefined && merged.message === undefined ? undefined : merged;
}

/** Builds the extension; tests pass a fake pi and options, Pi calls the default export. */
export function createForgeExtension(pi: PiPort, options: ExtensionOptions = {}): void {
  const adapter = options.adapter ?? detectHostAdapter(pi);
  const env = options.env ?? process.env;
  const records = createSessionStore();
  const session = createForgeSession({
    pi,
    adapter,
    env,
    records,
    ownTools: options.systemUpdates === false ? [] : UPDATE_TOOL_NAMES,
    // Under toolDelivery: gate the model is told the selected modes' tools as a system update (the feature, once built).
    afterSelection: (ctx) => updates?.syncToolNotice(ctx, session.gateNotice(ctx)),
    builtinFile: options.builtinFile ?? defaultBuiltinFile(),
    extensionFile: options.extensionFile,
    now: options.now,
    os: options.os,
    watchFooter: options.watchFooter ?? false,
  });

  pi.registerFlag("mode", {
    description: "forge: start with these modes (--mode=a,b; comma list)",
    type: "string",
  });
  pi.registerFlag("preset", {
    description: "forge: start with this preset",
    type: "string",
  });
  // /mode and /preset report the cache impact of a change (and warn before a large cached rewrite); the feature that
  // estimates it is built after the core's commands are registered.
  let updates: SystemUpdates | null = null;
  const estimator = options.systemUpdates === false ? undefined : createSelectionEstimator(session, () => updates);
  // Authoring writes sources and builds them with the package's own CLI (the extension carries no compiler).
  const authoring = {
    session,
    cli: options.cli ?? createForgeCli(env),
    now: options.now ?? (() => new Date()),
    newlineKeys: (ctx: CtxPort) => adapter.newlineKeys(ctx),
  };
  // Every command reads ctx's session model first: one fold per event, which the whole command then reads.
  const reading = (spec: CommandSpec): CommandSpec => ({
    ...spec,
    handler: async (args, ctx) => {
      try {
        session.session(ctx);
      } catch {
        // the command reports its own failure when it reads the session
      }
      await spec.handler(args, ctx);
      // The preset a command activated offers its blocks to /system-update's completion now, not after the next turn.
      updates?.onSelectionChange(ctx);
    },
  });
  const commands = {
    mode: modeCommand(session, estimator, authoring),
    preset: presetCommand(session, estimator, authoring),
    forge: forgeCommand(session, records),
  };
  for (const [name, spec] of Object.entries(commands)) pi.registerCommand(name, reading(spec));
  if (options.systemUpdates !== false) {
    updates = createSystemUpdates(pi, {
      adapter,
      records,
      getActivePreset: (ctx) => session.activePreset(ctx),
      getPathRules: createRuleSources((ctx) => session.scopes(ctx)),
      renderTemplate: (segments, ctx) => renderTemplate(segments, session.vars(ctx), ""),
    });
  }
  const feature = updates;
  // Tab after a completed word completes the next argument (the editors force file completion there otherwise).
  const completers = new Map<string, ArgumentCompleter>(
    Object.entries(commands).map(([name, spec]) => [name, (text) => spec.getArgumentCompletions?.(text) ?? null]),
  );
  if (feature !== null) completers.set(SYSTEM_UPDATE_COMMAND, (text) => feature.completeArguments(text));
  const tabCompletion = forgeArgumentProvider(completers);
  const hold = createDriftHold({
    session,
    reapprove: (ctx) => reapproveSelection(session, ctx, { given: false }),
    recordLeaveOut: (_ctx, keys) => pi.appendEntry(LEAVE_OUT_TYPE, { v: 1, leftOut: [...keys] }),
  });

  // A prompt about to go out on a drift fallback is held and asked about (a UI only). A failing dialog lets the prompt
  // run as policy block says (Pi's native prompt, limits in force), never with the drifted text.
  pi.on("input", async (event, ctx) => {
    try {
      return await hold.onInput(event, ctx);
    } catch (error) {
      say(ctx, `forge: the drift question failed (${describeError(error)}); the prompt runs on Pi's native prompt as policy block says`, "error");
      return undefined;
    }
  });

  // Every session_start reason (startup, resume, fork, new, reload) re-derives; idempotent, as RPC
  // switch_session fires it twice. Explicit startup requests (env, flags) apply to the process's
  // first session and to fresh ones (/new), never over a resumed, forked or reloaded branch's state.
  pi.on("session_start", async (event, ctx) => {
    try {
      // The host drops extension wrappers when it resets its UI; each session start puts forge's back (a duplicate is harmless).
      ctx.ui.addAutocompleteProvider?.(tabCompletion);
    } catch {
      // completion only: Pi's own stays
    }
    try {
      const reason = event?.reason;
      hold.reset();
      // Another session (new, resume, fork, reload): the last request body was another session's.
      if (reason !== undefined && reason !== "startup") records.recordRequest(null);
      // A fork the host opened without forge's records (runtime/fork-carry.ts) gets those of the branch it forked.
      if (reason === "fork" && carryFork(pi, records, ctx) > 0)
        say(ctx, "forge: the fork keeps the forked branch's modes and system updates (Pi opened it without them)");
      await session.rederive(ctx, reason === undefined || reason === "startup" || reason === "new");
    } catch (error) {
      session.fail(ctx, "session start", error);
    }
    feature?.onSession(ctx);
  });

  // Before a fork: what forge's records are on the path the fork starts from (kept for its session_start).
  pi.on("session_before_fork", (event, ctx) => {
    try {
      noteFork(records, ctx, event.entryId, event.position);
    } catch {
      // The fork's own branch then decides, as before.
    }
    return undefined;
  });

  // /tree moved the leaf: the active branch alone decides (no startup request is re-applied), preferences included.
  pi.on("session_tree", async (_event, ctx) => {
    try {
      hold.reset();
      await session.rederive(ctx, false, true);
    } catch (error) {
      session.fail(ctx, "tree navigation", error);
    }
    feature?.onSession(ctx);
  });

  const tellRuleDrift = createRuleDriftNotice(session);
  pi.on("before_agent_start", (event, ctx) => runAgentStart(session, hold, feature, adapter, event, ctx, tellRuleDrift));

  // One gate: the call's paths resolved once, then the team policy, then the selection's tool sets, then the edit
  // limits the selection pinned, then path rules. Every call passes through it, nested ones from codemode scripts included.
  pi.on(
    "tool_call",
    createToolGate({
      adapter,
      limitsInForce: (ctx) => session.limits(ctx),
      toolSetsInForce: (ctx) => session.toolSets(ctx),
      toolFacts: (tool) => toolFactsOf(pi, tool),
      ownTools: feature === null ? [] : UPDATE_TOOL_NAMES,
      rules: feature?.onToolCall,
      policyInForce: (ctx) => session.policyInForce(ctx),
      updateTools: UPDATE_TOOL_NAMES,
    }),
  );

  // Every request body Pi sends, kept by reference (nothing serialized here): cache notices compare with the last one.
  pi.on("before_provider_request", (event, ctx) => {
    try {
      records.recordRequest(observeRequest(event, ctx, pi));
    } catch {
      records.recordRequest(null); // a notice then says it does not know, rather than compare with an older body
    }
    return undefined;
  });

  // The declared set re-applied after each turn, before the next request's tools are declared: an MCP server that
  // connected mid-run, or tool_search, may have switched on a tool outside the selection's tools.
  pi.on("turn_end", (_event, ctx) => {
    try {
      session.reapplyTools(ctx);
    } catch (error) {
      say(ctx, `forge: could not narrow the declared tools (${describeError(error)}); the gate still refuses calls outside the mode's tools`, "warning");
    }
    return undefined;
  });

  // A call to a tool the edit limits turned off gets Pi's "Tool bash not found"; forge's reason replaces it.
  pi.on("message_end", (event, ctx) => {
    try {
      const { limits } = session.limits(ctx);
      const allowed = (tool: string) => toolAllowedUnder(limits, tool, feature === null ? [] : UPDATE_TOOL_NAMES, toolFactsOf(pi, tool));
      const registered = (tool: string) => pi.getAllTools?.().some((t) => t.name === tool) ?? false;
      const replaced = explainMissingTool(event.message, limits, allowed, registered);
      return replaced === undefined ? undefined : { message: replaced };
    } catch {
      return undefined; // Pi's own text stays: the call did not run either way
    }
  });

  // 1.x, per request: no tool outside the selection's set is declared, even one registered after forge narrowed them.
  pi.on("context_with_system", (event, ctx) => {
    feature?.onRequest();
    try {
      const messages = withoutRefusedDeclarations(event.messages, session.declaredTools(ctx));
      return messages === null ? undefined : { messages };
    } catch (error) {
      say(ctx, `forge: could not narrow the declared tools (${describeError(error)}); the gate still refuses calls outside the mode's tools`, "warning");
      return undefined;
    }
  });
  if (feature !== null) {
    pi.on("model_select", (event, ctx) => feature.onModelSelect(event, ctx));
    pi.on("session_compact", (_event, ctx) => feature.onCompact(ctx));
  }
}

export default function forgeExtension(pi: PiPort): void {
  try {
    // Another copy of forge already loaded in this Pi (a global install beside a project's): it stays in charge.
    const self = {
      file: fileURLToPath(import.meta.url),
      version: forgeVersion,
    };
    const claim = claimExtensionCopy(pi, self);
    if (claim.role === "passive") return registerPassiveCopy(pi, self, claim.notice);
    createForgeExtension(pi, { watchFooter: true, extensionFile: self.file });
  } catch (error) {
    process.stderr.write(`forge: extension failed to load (${describeError(error)}); Pi runs without forge\n`);
  }
}
