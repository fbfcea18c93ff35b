// After an authoring write: `forge build` of the target through the CLI, its diagnostics as file:line lines for Pi, the
// scopes re-read, and on Pi 0.73.1 forge's own trust following an edit that changed only the authored component.
import { forgeCommand } from "../../core/forge-command.js";
import { resolve } from "node:path";
import { unauthoredChanges, type AuthoredChange } from "../../core/authored-change.js";
import type { ForgeCli } from "../forge-cli.js";
import type { CtxPort } from "../host-adapter/ports.js";
import type { SessionView } from "../forge-session.js";
import { readTrustStore, withTrust, writeTrustStore } from "../../io/trust-store.js";
import { escapeOf, shownPath, type AuthoringTarget } from "./authoring-target.js";
import { visible } from "../../core/safe-text.js";
import { diagnosticLine } from "../../core/diagnostics/diagnostic-line.js";
import type { CliBuildReport, CliFailure, ForgeDiagnostic } from "../../generated/types.js";
import { TRUST_NO } from "../commands/signer-trust-command.js";
import { LIMITS } from "../../generated/constants.js";
import { writeTextAtomic } from "../../io/atomic-write.js";
import { readBoundedText } from "../../io/read-bounded.js";
import { unlinkSync } from "node:fs";
import { tellNotice } from "../command-notice.js";

export interface RebuildResult {
  ok: boolean;
  /** The diagnostics (`file:line:col severity code: message`) and, when it failed, why; a trust note after a success. */
  lines: string[];
}

const SHOWN = 20;

/** Tells an authoring outcome in one notice: the head line, the build's diagnostics, then notes; error when it failed. */
export function tellOutcome(ctx: CtxPort, head: string, build: RebuildResult, notes: Array<string | null> = []): void {
  const level = !build.ok ? "error" : build.lines.some((l) => l.includes(" warning ")) ? "warning" : "info";
  tellNotice(ctx, { head, notes: [...build.lines, ...notes], level });
}

/**
 * The CLI's one-line form (core/diagnostics/diagnostic-line.ts), the file as seen from Pi's cwd. The CLI's --json names
 * each file relative to the directory it ran in (`cliCwd`), as it prints every path.
 */
export function diagnosticLines(diagnostics: readonly ForgeDiagnostic[], cliCwd: string, cwd: string): string[] {
  const lines = diagnostics.slice(0, SHOWN).map((d) => diagnosticLine(d, d.file === null ? null : visible(shownPath(cwd, resolve(cliCwd, d.file)))));
  if (diagnostics.length > SHOWN) lines.push(`... and ${diagnostics.length - SHOWN} more (run ${forgeCommand("build")} to see all)`);
  return lines;
}

/** Runs the build; a CLI that cannot run, or reports a failure, is not ok (the bundle is then unchanged). */
export async function runBuild(cli: ForgeCli, target: AuthoringTarget, ctx: CtxPort): Promise<RebuildResult> {
  const answer = await cli(["build", ...target.scopeArgs, "--json"], target.cwd);
  if (!answer.ok) return { ok: false, lines: [answer.failure] };
  // The CLI's --json report (schema/cli-report.schema.json): a build report, or a failure when it could not run.
  const report = answer.json as CliBuildReport | CliFailure;
  const lines = diagnosticLines(Array.isArray(report.diagnostics) ? report.diagnostics : [], target.cwd, ctx.cwd);
  if (answer.code === 0 && (report.status === "written" || report.status === "unchanged")) return { ok: true, lines };
  return { ok: false, lines: "message" in report && typeof report.message === "string" ? [visible(report.message), ...lines] : lines };
}

/**
 * Deletes a source and rebuilds. Sources and bundle stay in step: a deletion the build cannot take (a preset still
 * uses the mode) is undone, the file written back. The build's lines on success; null when it was refused (told).
 */
export async function removeSourceAndRebuild(
  cli: ForgeCli,
  target: AuthoringTarget,
  ctx: CtxPort,
  file: string,
  tell: (head: string, build: RebuildResult) => void,
): Promise<RebuildResult | null> {
  const shown = shownPath(ctx.cwd, file);
  const escape = escapeOf(target, file);
  if (escape !== null) {
    tell(`forge: cannot delete ${shown}: ${escape}`, { ok: false, lines: [] });
    return null;
  }
  const text = readBoundedText(file, LIMITS.maxFileBytes);
  if (!text.ok) {
    tell(`forge: cannot delete ${shown}: it ${text.detail}`, { ok: false, lines: [] });
    return null;
  }
  unlinkSync(file);
  const build = await runBuild(cli, target, ctx);
  if (build.ok) return build;
  writeTextAtomic(file, text.text);
  tell(`forge: not deleted: the build without ${shown} fails, so the file was put back:`, build);
  return null;
}

const TRUST_WHOLE = "Yes, trust the whole bundle";

/**
 * The scopes re-read after a successful build. Pi 0.73.1 has no trust API, so forge's trust store binds the project to
 * a bundleHash. forge build itself keeps a rebuild trusted for the user's own uncommitted edits; what is left here is
 * a bundle that is not trusted after the build (the project's first, or one with changes the build could not
 * attribute). It is trusted when it differs from the bundle before only in the component just written through Pi.
 * Anything else (an unbuilt rule in a clone, a pulled mode) is named: with a dialog forge asks to trust those too,
 * without one it says to review and /forge trust. Returns the note to show, or null.
 */
export async function followTrust(session: SessionView, ctx: CtxPort, target: AuthoringTarget, change: AuthoredChange, now: Date): Promise<string | null> {
  const d = session.scopes(ctx, true).discovered;
  const load = d.loads.project;
  if (target.scope !== "project" || d.trust.decidedBy !== "forge" || d.trust.trusted === true || load.status !== "ok") return null;
  const others = unauthoredChanges(target.previous, load.bundle, change);
  if (others.length > 0) {
    const listing = others.map((line) => `  ${line}`).join("\n");
    const question = `${load.file}\nBesides ${change.kind} "${change.key}", which you wrote through Pi, the rebuilt bundle ${target.previous === null ? "holds sources you did not write here" : "changed in what you did not write here"}:\n${listing}\nTrust the whole bundle?`;
    // No first: Enter never trusts what the user did not write.
    const ok = ctx.hasUI && (await ctx.ui.select(`Trust what you did not write through Pi?\n${question}`, [TRUST_NO, TRUST_WHOLE])) === TRUST_WHOLE;
    if (!ok) {
      return `forge: the project bundle is not trusted: besides ${change.kind} "${change.key}", it ${target.previous === null ? "holds" : "changed in"} what you did not write through Pi:\n${listing}\nIts modes, presets, rules and blocks (yours too) are not offered until you review it and run /forge trust`;
    }
  }
  writeTrustStore(d.paths.trustFile, withTrust(readTrustStore(d.paths.trustFile), d.trust.realRoot!, load.bundle, now));
  session.scopes(ctx, true);
  return null;
}
