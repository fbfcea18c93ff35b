// The forge Pi extension entry: registers flags, commands and events; every handler fails closed to Pi's native prompt.
import { renderTemplate } from "../core/template.js";
import { forgeCommand } from "./commands/forge-command.js";
import { modeCommand } from "./commands/mode-command.js";
import { presetCommand } from "./commands/preset-command.js";
import { createSelectionEstimator } from "./commands/selection-estimate.js";
import { createForgeSession } from "./forge-session.js";
import { detectHostAdapter, type HostAdapter } from "./host-adapter/index.js";
import type { PiPort } from "./host-adapter/ports.js";
import { describeError } from "./notify.js";
import { createForgeCli, type ForgeCli } from "./forge-cli.js";
import { defaultBuiltinFile } from "./scope-discovery.js";
import { registerSystemUpdates, type SystemUpdates } from "./updates/index.js";
import { registerEditLimits } from "./edit-limits.js";
import { createRuleSources } from "./rule-sources.js";
import { claimExtensionCopy, registerPassiveCopy } from "./extension-copies.js";
import { forgeVersion } from "../core/forge-version.js";
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
}

/** Builds the extension; tests pass a fake pi and options, Pi calls the default export. */
export function createForgeExtension(pi: PiPort, options: ExtensionOptions = {}): void {
  const adapter = options.adapter ?? detectHostAdapter(pi);
  const env = options.env ?? process.env;
  const session = createForgeSession({
    pi,
    adapter,
    env,
    builtinFile: options.builtinFile ?? defaultBuiltinFile(),
    now: options.now,
    os: options.os,
  });

  pi.registerFlag("mode", { description: "forge: start with these modes (--mode=a,b; comma list)", type: "string" });
  pi.registerFlag("preset", { description: "forge: start with this preset", type: "string" });
  // /mode and /preset report the cache impact of a change (and warn before a large cached rewrite). The
  // feature that estimates it registers after the core (its before_agent_start handler builds on the core's prompt).
  let updates: SystemUpdates | null = null;
  const estimator = options.systemUpdates === false ? undefined : createSelectionEstimator(session, () => updates);
  // Authoring writes sources and builds them with the package's own CLI (the extension carries no compiler).
  const authoring = { session, cli: options.cli ?? createForgeCli(env), now: options.now ?? (() => new Date()) };
  pi.registerCommand("mode", modeCommand(session, estimator, authoring));
  pi.registerCommand("preset", presetCommand(session, estimator, authoring));
  pi.registerCommand("forge", forgeCommand(session));

  // Every session_start reason (startup, resume, fork, new, reload) re-derives; idempotent, as RPC
  // switch_session fires it twice. Explicit startup requests (env, flags) apply to the process's
  // first session and to fresh ones (/new), never over a resumed, forked or reloaded branch's state.
  pi.on("session_start", async (event, ctx) => {
    try {
      const reason = event?.reason;
      await session.rederive(ctx, reason === undefined || reason === "startup" || reason === "new");
    } catch (error) {
      session.fail(ctx, "session start", error);
    }
  });

  // /tree moved the leaf: the active branch alone decides (no startup request is re-applied), preferences included.
  pi.on("session_tree", async (_event, ctx) => {
    try {
      await session.rederive(ctx, false, true);
    } catch (error) {
      session.fail(ctx, "tree navigation", error);
    }
  });

  pi.on("before_agent_start", async (event, ctx) => {
    try {
      return await session.beforeAgentStart(event, ctx);
    } catch (error) {
      session.fail(ctx, "composition", error);
      return session.nativeAfterFailure(event);
    }
  });

  // Before the feature's own tool_call handler: an edit a mode's limit refuses switches no rule on.
  registerEditLimits(pi, session);

  // Whether a change travels as a prompt section is the host adapter's call, made inside the feature.
  if (options.systemUpdates !== false) {
    updates = registerSystemUpdates(pi, {
      adapter,
      getActivePreset: (ctx) => session.activePreset(ctx),
      getPathRules: createRuleSources((ctx) => session.scopes(ctx)),
      renderTemplate: (segments, ctx) => renderTemplate(segments, session.vars(ctx), ""),
    });
  }
}

export default function forgeExtension(pi: PiPort): void {
  try {
    // Another copy of forge already loaded in this Pi (a global install beside a project's): it stays in charge.
    const self = { file: fileURLToPath(import.meta.url), version: forgeVersion };
    const claim = claimExtensionCopy(pi, self);
    if (claim.role === "passive") return registerPassiveCopy(pi, self, claim.notice);
    createForgeExtension(pi);
  } catch (error) {
    process.stderr.write(`forge: extension failed to load (${describeError(error)}); Pi runs without forge\n`);
  }
}
