// The /forge command's handler (imported on its first run: command-specs.ts): trust (forge's own project trust store), status (bundles, scopes, trust), rules (forge-rules.ts) and cost (usage).
import { stringifyCanonical } from "../../core/canonical-json.js";
import type { SessionView } from "../forge-session.js";
import type { LoadedScopes } from "../scope-loader.js";
import type { CtxPort } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import { bundleReports, layerReports } from "../status-report.js";
import { describeComponentChanges, describeContents } from "../../core/component-changes.js";
import type { ForgeBundle } from "../../generated/types.js";
import { comparableDigests, previouslyTrusted, readTrustStore, withTrust, writeTrustStore, type TrustStore } from "../../io/trust-store.js";
import { nearSubcommand } from "../../core/suggest.js";
import { parseArgs } from "./command-args.js";
import { showRules } from "./forge-rules.js";
import { askLayerTrust, handleSignerRequest, parseSignerRequest, signerStatusLines, SIGNER_USAGE } from "./signer-trust-command.js";
import { describeSigner } from "../../core/bundle-signature.js";
import { describeRollback } from "../signer-trust.js";
import { bundleServers, describeServer } from "../../core/mcp-servers.js";
import { withSeen, withTrustedSigner } from "../../io/signer-trust.js";
import { buildCostReport, renderCostReport } from "../../core/usage-report.js";
import { readUsageLedger } from "../../core/usage-ledger.js";
import type { SessionStore } from "../session-store.js";
import { catalogPrices } from "../host-adapter/index.js";
import { buildPolicyReport, policyStatusLines, policyTrustLines } from "../policy-report.js";
import { dialogText, toned, type DialogLine } from "./trust-dialog.js";
import type { PolicyState } from "../../core/policy.js";

export const FORGE_USAGE = `usage: /forge trust | ${SIGNER_USAGE} | /forge status [--json] | /forge rules [--json] | /forge cost [--json]`;

/** What /forge cost reads of the request bodies this process saw: the tools each declared (0.73.1 records none on the branch). */
export type RequestTools = Pick<SessionStore, "toolsAt">;

/**
 * /forge cost: the branch's usage as the provider reported it (core/usage-report.ts), priced at catalog prices, each
 * rewrite with what changed before it: the branch's records, and the tools the request bodies this process saw declared.
 */
function reportCost(session: SessionView, ctx: CtxPort, json: boolean, requests?: RequestTools): void {
  const state = session.session(ctx);
  const ledger = requests === undefined ? state.usage() : readUsageLedger(state.branch, { toolsAt: (leaf) => requests.toolsAt(leaf) });
  const report = buildCostReport(ledger, (provider, model) => catalogPrices(ctx, provider, model));
  say(ctx, json ? stringifyCanonical(report) : renderCostReport(report));
}

export async function handleForge(session: SessionView, args: string, ctx: CtxPort, requests?: RequestTools): Promise<void> {
  const loaded = session.scopes(ctx, true);
  const parsed = parseArgs(args);
  const sub = parsed.words[0];
  if (sub === "trust") {
    const request = parseSignerRequest(args.trim().split(/\s+/).slice(1));
    if (request.kind === "error") return say(ctx, request.message, "error");
    if (request.kind !== "none") return handleSignerRequest(request, loaded, ctx, () => session.scopes(ctx, true));
    return trustLayers(session, loaded, ctx);
  }
  if (sub === "rules") return showRules(session, ctx, parsed.json);
  if (sub === "cost") return reportCost(session, ctx, parsed.json === true, requests);
  if (sub === "status" || sub === undefined) {
    const d = loaded.discovered;
    const data = {
      bundles: bundleReports(d),
      project: { root: d.paths.projectRoot, realRoot: d.trust.realRoot, trusted: d.trust.trusted, decidedBy: d.trust.decidedBy },
      layers: layerReports(d),
      repositoryRoot: d.paths.repositoryRoot,
      trustFile: d.paths.trustFile,
      trustSetting: loaded.trustSetting.mode,
      modes: loaded.catalog.modes.size,
      presets: loaded.catalog.presets.size,
      withheld: { modes: [...loaded.catalog.withheldModes.keys()].sort(), presets: [...loaded.catalog.withheldPresets.keys()].sort() },
      policy: buildPolicyReport(loaded.policy),
      notices: d.notices,
    };
    if (parsed.json) return say(ctx, stringifyCanonical(data));
    const lines = [`forge: ${data.modes} modes, ${data.presets} presets offered`];
    for (const [scope, b] of Object.entries(data.bundles)) {
      if (scope === "project" && data.layers.length > 1) continue;
      lines.push(`  ${scope}: ${b.status}${b.file ? ` ${b.file}` : ""}${b.bundleHash ? ` (${b.bundleHash.slice(0, 12)})` : ""}`);
    }
    if (data.layers.length > 1) {
      for (const l of data.layers)
        lines.push(`  project layer ${l.root}: ${l.status}${l.bundleHash ? ` (${l.bundleHash.slice(0, 12)})` : ""}, trusted: ${String(l.trusted)}`);
    } else lines.push(`  project trust: ${String(data.project.trusted)}${data.project.decidedBy ? ` (decided by ${data.project.decidedBy})` : ""}`);
    lines.push(...signerStatusLines(loaded));
    lines.push(...policyStatusLines(data.policy));
    const withheld = [...data.withheld.modes, ...data.withheld.presets];
    if (withheld.length > 0) lines.push(`  not offered until trusted: ${withheld.join(", ")}`);
    for (const n of data.notices) lines.push(`  notice: ${n}`);
    return say(ctx, lines.join("\n"));
  }
  const near = nearSubcommand(sub, ["trust", "status", "rules", "cost"]);
  say(ctx, `forge: unknown subcommand "${sub}"${near ? `; did you mean /forge ${near}?` : ""}\n${FORGE_USAGE}`, "error");
}

/**
 * The trust prompt's body: the bundle, everything it switches on kind by kind (modes, edit limits, presets, blocks,
 * rules, libraries), and what changed since the version the user trusted last when forge recorded it.
 */
export function trustQuestion(file: string, bundle: ForgeBundle, store: TrustStore, realRoot: string, policy: PolicyState = { kind: "none" }): DialogLine[] {
  const lines = [file, `bundleHash ${bundle.bundleHash.slice(0, 12)}: its modes, presets, rules and blocks will be offered.`];
  const before = previouslyTrusted(store, realRoot, bundle.bundleHash);
  if (before?.components) {
    const changes = describeComponentChanges(before.components, comparableDigests(bundle));
    lines.push(
      changes.length > 0
        ? `Since the version you trusted (${before.bundleHash.slice(0, 12)}):`
        : "Since the version you trusted: nothing it switches on changed.",
      ...changes.map((c) => `  ${c}`),
    );
  } else if (before) lines.push(`You trusted another version before (${before.bundleHash.slice(0, 12)}).`);
  else lines.push("You have not trusted this project's forge bundle before.");
  const contents = describeContents(bundle);
  lines.push("It holds:", ...(contents.length > 0 ? contents.map((c) => `  ${c}`) : ["  nothing"]));
  const servers = bundleServers(bundle);
  if (servers.length > 0)
    lines.push("MCP servers it would start (Pi 1.x) while a mode that brings them is active:", ...servers.map((v) => `  ${describeServer(v)}`));
  lines.push("A bundle that arrives changed (a pull, a copy) needs trust again; your own forge build keeps it trusted for your own uncommitted edits.");
  // The team policy's block is its own layer: the TUI draws it in its own colour (trust-dialog.ts).
  return [...toned(lines.join("\n")), ...policyTrustLines(policy, bundle).map((text) => ({ text, tone: "policy" as const }))];
}

/** /forge trust (Pi 0.73.1): asks for each untrusted layer, root first, showing what changed since it was trusted. */
async function trustLayers(session: SessionView, loaded: LoadedScopes, ctx: CtxPort): Promise<void> {
  const d = loaded.discovered;
  if (d.layers.length === 0) return say(ctx, "forge: no project bundle (.pi/forge/bundle.json) above the current directory; nothing to trust", "error");
  // Where Pi decides trust, forge's own record is still what lets a layer's MCP servers start (scope-discovery.ts).
  const serversPending = d.layers.filter((l) => l.decidedBy === "host" && l.trusted === true && !l.serversTrusted);
  if (d.trust.decidedBy === "host" && serversPending.length === 0) {
    return say(
      ctx,
      `forge: this Pi decides project trust itself (currently ${d.trust.trusted ? "trusted" : "not trusted"}); use Pi's project trust`,
      d.trust.trusted ? "info" : "warning",
    );
  }
  for (const layer of d.trust.decidedBy === "host" ? serversPending : d.layers) {
    const load = layer.load;
    if (load.status === "refused") {
      say(ctx, `${load.reason}; fix or rebuild it before trusting`, "error");
      continue;
    }
    if (load.status !== "ok") continue;
    const hash = load.bundle.bundleHash;
    if (layer.trusted && layer.serversTrusted) {
      say(ctx, `forge: project bundle ${load.file} is already trusted (bundleHash ${hash.slice(0, 12)})`);
      continue;
    }
    const store = readTrustStore(d.paths.trustFile);
    const question = trustQuestion(load.file, load.bundle, store, layer.realRoot!, loaded.policy);
    if (ctx.hasUI) {
      const choice = await askLayerTrust(ctx, "Trust this project's forge bundle?", question, layer, store);
      if (choice === null) {
        say(ctx, `forge: trust of ${load.file} cancelled`);
        continue;
      }
      if (choice.kind === "signer") {
        const now = new Date();
        writeTrustStore(d.paths.trustFile, withSeen(withTrustedSigner(store, choice.signer, now), layer.realRoot!, load.bundle, choice.signer, now));
        // Read the scopes again, as a trusted hash does: the "not trusted" widget goes away now, not at the next turn.
        session.scopes(ctx, true);
        say(
          ctx,
          `forge: trusted the key ${describeSigner(choice.signer)}: ${load.file} and every later bundle it signs are trusted when they load; revoke it with /forge trust --revoke ${choice.signer.fingerprint.slice(0, 16)}`,
        );
        continue;
      }
    } else {
      const rollback = layer.rollback === undefined ? "" : `\nNot applied on its own: ${describeRollback(layer.rollback)}.`;
      say(ctx, `forge: trusting, as you asked (no dialog in this mode):\n${dialogText(question)}${rollback}`);
    }
    writeTrustStore(d.paths.trustFile, withTrust(store, layer.realRoot!, load.bundle, new Date()));
    const now = session.scopes(ctx, true).discovered.layers.find((l) => l.root === layer.root)?.load;
    if (now?.status !== "ok" || now.bundle.bundleHash !== hash) {
      say(ctx, `forge: ${load.file} changed while trusting; run /forge trust again`, "warning");
      continue;
    }
    say(
      ctx,
      `forge: trusted project bundle ${load.file} (bundleHash ${hash.slice(0, 12)}); ${layer.decidedBy === "host" ? "the MCP servers its modes bring may start" : "its modes are now offered"}`,
    );
  }
}
