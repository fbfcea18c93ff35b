// The /forge command: trust (forge's own project trust store) and status (bundles, scopes, trust).
import { stringifyCanonical } from "../../core/canonical-json.js";
import type { SessionView } from "../forge-session.js";
import type { LoadedScopes } from "../scope-loader.js";
import type { CommandSpec, CtxPort } from "../host-adapter/ports.js";
import { guardCommand, say } from "../notify.js";
import { bundleReports } from "../status-report.js";
import { readTrustStore, withTrust, writeTrustStore } from "../trust-store.js";
import { completeLastWord, parseArgs, precedingWords } from "./command-args.js";

export const FORGE_USAGE = "usage: /forge trust | /forge status [--json]";

export function forgeCommand(session: SessionView): CommandSpec {
  return {
    description: "forge bundles: /forge trust (trust this project's bundle), /forge status [--json]",
    getArgumentCompletions: (prefix) =>
      precedingWords(prefix).length === 0 ? completeLastWord(prefix, [{ word: "trust" }, { word: "status" }]) : completeLastWord(prefix, [{ word: "--json" }]),
    handler: guardCommand("forge", (args, ctx) => handleForge(session, args, ctx)),
  };
}

export async function handleForge(session: SessionView, args: string, ctx: CtxPort): Promise<void> {
  const loaded = session.scopes(ctx, true);
  const parsed = parseArgs(args);
  const sub = parsed.words[0];
  if (sub === "trust") return trustProject(session, loaded, ctx);
  if (sub === "status" || sub === undefined) {
    const d = loaded.discovered;
    const data = {
      bundles: bundleReports(d),
      project: { root: d.paths.projectRoot, realRoot: d.trust.realRoot, trusted: d.trust.trusted, decidedBy: d.trust.decidedBy },
      trustFile: d.paths.trustFile,
      modes: loaded.catalog.modes.size,
      presets: loaded.catalog.presets.size,
      notices: d.notices,
    };
    if (parsed.json) return say(ctx, stringifyCanonical(data));
    const lines = [`forge: ${data.modes} modes, ${data.presets} presets offered`];
    for (const [scope, b] of Object.entries(data.bundles)) lines.push(`  ${scope}: ${b.status}${b.file ? ` ${b.file}` : ""}${b.bundleHash ? ` (${b.bundleHash.slice(0, 12)})` : ""}`);
    lines.push(`  project trust: ${String(data.project.trusted)}${data.project.decidedBy ? ` (decided by ${data.project.decidedBy})` : ""}`);
    for (const n of data.notices) lines.push(`  notice: ${n}`);
    return say(ctx, lines.join("\n"));
  }
  say(ctx, FORGE_USAGE, "error");
}

async function trustProject(session: SessionView, loaded: LoadedScopes, ctx: CtxPort): Promise<void> {
  const d = loaded.discovered;
  const load = d.loads.project;
  if (load.status === "absent") return say(ctx, "forge: no project bundle (.pi/forge/bundle.json) above the current directory; nothing to trust", "error");
  if (load.status === "refused") return say(ctx, `${load.reason}; fix or rebuild it before trusting`, "error");
  if (d.trust.decidedBy === "host") {
    return say(ctx, `forge: this Pi decides project trust itself (currently ${d.trust.trusted ? "trusted" : "not trusted"}); use Pi's project trust`, d.trust.trusted ? "info" : "warning");
  }
  if (d.trust.trusted) return say(ctx, `forge: project bundle ${load.file} is already trusted (bundleHash ${load.bundle.bundleHash.slice(0, 12)})`);
  const hash = load.bundle.bundleHash;
  if (ctx.hasUI) {
    const ok = await ctx.ui.confirm("Trust this project's forge bundle?", `${load.file}\nbundleHash ${hash.slice(0, 12)}: its modes and presets will be offered. A rebuilt bundle needs trust again.`);
    if (!ok) return say(ctx, "forge: trust cancelled");
  }
  const root = d.trust.realRoot!;
  writeTrustStore(d.paths.trustFile, withTrust(readTrustStore(d.paths.trustFile), root, hash, new Date()));
  const now = session.scopes(ctx, true).discovered.loads.project;
  if (now.status !== "ok" || now.bundle.bundleHash !== hash) {
    return say(ctx, "forge: the project bundle changed while trusting; run /forge trust again", "warning");
  }
  say(ctx, `forge: trusted project bundle ${load.file} (bundleHash ${hash.slice(0, 12)}); its modes are now offered`);
}
