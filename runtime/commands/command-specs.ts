// The /mode, /preset and /forge commands as Pi registers them at start-up: each description and its argument
// completions (Pi asks for them while the user types, so they stay here, synchronous), with the handler loaded when the
// command first runs: runtime/commands/on-demand.ts, in dist/ its own file, so a session start parses none of the commands' code,
// nor authoring's.
import type { SessionCommands, SessionView } from "../forge-session.js";
import type { CommandSpec } from "../host-adapter/ports.js";
import { guardCommand } from "../notify.js";
import { loadOnDemand } from "../on-demand-load.js";
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
    handler: guardCommand("mode", async (args, ctx) =>
      (await loadOnDemand("/mode", () => import("./on-demand.js"))).handleMode(session, args, ctx, estimator, authoring),
    ),
  };
}

export function presetCommand(session: SessionCommands, estimator?: SelectionEstimator, authoring?: AuthoringDeps): CommandSpec {
  return {
    description: "forge presets: /preset list, /preset use <name>, /preset save <name>, /preset export|import|delete",
    getArgumentCompletions: (prefix) => completePresetArgs(session, prefix),
    handler: guardCommand("preset", async (args, ctx) =>
      (await loadOnDemand("/preset", () => import("./on-demand.js"))).handlePreset(session, args, ctx, estimator, authoring),
    ),
  };
}

export function forgeCommand(session: SessionView, requests?: RequestTools): CommandSpec {
  return {
    description:
      "forge bundles: /forge trust (trust this project's bundle; --key <fingerprint> trusts a signer, --revoke revokes one), /forge status [--json], /forge rules [--json] (path rules switched on in this branch), /forge cost [--json] (this branch's usage, cache share, spend and prefix rewrites)",
    getArgumentCompletions: (prefix) => completeForgeArgs(prefix),
    handler: guardCommand("forge", async (args, ctx) =>
      (await loadOnDemand("/forge", () => import("./on-demand.js"))).handleForge(session, args, ctx, requests),
    ),
  };
}
