// After an authoring write: `forge build` of the target through the CLI, its diagnostics as file:line lines for Pi, the
// scopes re-read, and on Pi 0.73.1 forge's own trust following an edit that changed only the authored component.
import { join } from "node:path";
import { changedOnly, type AuthoredChange } from "../../core/authored-change.js";
import type { ForgeCli } from "../forge-cli.js";
import type { CtxPort } from "../host-adapter/ports.js";
import type { SessionView } from "../forge-session.js";
import { readTrustStore, withTrust, writeTrustStore } from "../../io/trust-store.js";
import { shownPath, type AuthoringTarget } from "./authoring-target.js";

export interface RebuildResult {
  ok: boolean;
  /** The diagnostics (file:line:col severity code: message) and, when it failed, why; a trust note after a success. */
  lines: string[];
}

interface ReportedDiagnostic {
  code: string;
  severity: string;
  message: string;
  file: string | null;
  start: { line: number; column: number } | null;
}

const SHOWN = 20;

/** Text from a repository as Pi shows it: control characters other than newline and tab spelled out. */
export function visible(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, "0")}`);
}

/** `file:line:col severity code: message`, the file as seen from cwd (diagnostics name files relative to the forge root). */
export function diagnosticLines(diagnostics: readonly ReportedDiagnostic[], forgeRoot: string, cwd: string): string[] {
  const lines = diagnostics.slice(0, SHOWN).map((d) => {
    const at = d.file === null ? "" : `${visible(shownPath(cwd, join(forgeRoot, d.file)))}${d.start ? `:${d.start.line}:${d.start.column}` : ""}: `;
    return `${at}${d.severity} ${d.code}: ${visible(d.message)}`;
  });
  if (diagnostics.length > SHOWN) lines.push(`... and ${diagnostics.length - SHOWN} more (run forge build to see all)`);
  return lines;
}

/** Runs the build; a CLI that cannot run, or reports a failure, is not ok (the bundle is then unchanged). */
export async function runBuild(cli: ForgeCli, target: AuthoringTarget, ctx: CtxPort): Promise<RebuildResult> {
  const answer = await cli(["build", ...target.scopeArgs, "--json"], target.cwd);
  if (!answer.ok) return { ok: false, lines: [answer.failure] };
  const report = answer.json as { status?: string; message?: string; diagnostics?: ReportedDiagnostic[] };
  const lines = diagnosticLines(Array.isArray(report.diagnostics) ? report.diagnostics : [], target.forgeRoot, ctx.cwd);
  if (answer.code === 0 && (report.status === "written" || report.status === "unchanged")) return { ok: true, lines };
  return { ok: false, lines: report.message ? [visible(report.message), ...lines] : lines };
}

/**
 * The scopes re-read after a successful build. Pi 0.73.1 has no trust API, so forge's trust store binds the project to
 * a bundleHash, and every rebuild would need /forge trust again. A bundle that differs from the trusted one (or from
 * none) only in the component the user just wrote through Pi stays trusted; anything else still needs /forge trust.
 */
export function followTrust(session: SessionView, ctx: CtxPort, target: AuthoringTarget, change: AuthoredChange, now: Date): string | null {
  const d = session.scopes(ctx, true).discovered;
  const load = d.loads.project;
  if (target.scope !== "project" || d.trust.decidedBy !== "forge" || d.trust.trusted === true || load.status !== "ok") return null;
  if (!changedOnly(target.previous, load.bundle, change)) {
    return `forge: the rebuilt project bundle changed beyond ${change.kind} "${change.key}" (other sources changed too): review it, then /forge trust`;
  }
  writeTrustStore(d.paths.trustFile, withTrust(readTrustStore(d.paths.trustFile), d.trust.realRoot!, load.bundle, now));
  session.scopes(ctx, true);
  return null;
}
