// The /mode, /preset and /forge commands as Pi registers them at start-up: each description and its argument
// completions (Pi asks for them while the user types), with the handler's own module imported when the command first
// runs. dist/extension.js stays one file (scripts/build.mjs): esbuild initialises such a module on its first import, so
// a session start runs none of the commands' module code, nor authoring's.
import type { SessionCommands, SessionView } from "../forge-session.js";
import type { CommandSpec } from "../host-adapter/ports.js";
import { guardCommand } from "../notify.js";
import type { AuthoringDeps } from "../authoring/mode-authoring.js";
import type { RequestTools } from "./forge-command.js";
import { completeForgeArgs } from "./forge-completion.js";
import { completeModeArgs } from "./mode-completion.js";
import { completePresetArgs } from "./preset-completion.js";
import type { SelectionEstimator } from "./selection-estimate.js";

export function modeCommand(session: SessionCommands, estimator?: SelectionEstimator, authoring?: AuthoringDeps): CommandSpec {
  return {
    description:
      "Select forge prompt modes: /mode set a b, /mode +key, /mode -key, /mode off, /mode status|preview [--json], /mode reapprove, /mode new|edit|delete <key>",
    getArgumentCompletions: (prefix) => completeModeArgs(session, prefix),
    handler: guardCommand("mode", async (args, ctx) => (await import("./mode-command.js")).handleMode(session, args, ctx, estimator, authoring)),
  };
}

export function presetCommand(session: SessionCommands, estimator?: SelectionEstimator, authoring?: AuthoringDeps): CommandSpec {
  return {
    description: "forge presets: /preset list, /preset use <name>, /preset save <name>, /preset export|import|delete",
    getArgumentCompletions: (prefix) => completePresetArgs(session, prefix),
    handler: guardCommand("preset", async (args, ctx) => (await import("./preset-command.js")).handlePreset(session, args, ctx, estimator, authoring)),
  };
}

export function forgeCommand(session: SessionView, requests?: RequestTools): CommandSpec {
  return {
    description:
      "forge bundles: /forge trust (trust this project's bundle; --key <fingerprint> trusts a signer, --revoke revokes one), /forge status [--json], /forge rules [--json] (path rules switched on in this branch), /forge cost [--json] (this branch's usage, cache share, spend and prefix rewrites)",
    getArgumentCompletions: (prefix) => completeForgeArgs(prefix),
    handler: guardCommand("forge", async (args, ctx) => (await import("./forge-command.js")).handleForge(session, args, ctx, requests)),
  };
}
