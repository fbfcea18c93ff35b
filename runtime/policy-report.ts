// The team policy as /mode status and /forge status show it: which policies are in force (managed or the user's, who
// signed them) and, rule by rule, what they add; or why the policy failed and what forge does meanwhile.
import { describePolicy, describePolicyRules, missingSigner, type PolicyState } from "../core/policy.js";
import { signersOf } from "../core/bundle-signature.js";
import type { ForgeBundle } from "../generated/types.js";
import { shortFingerprint } from "../core/signer-text.js";
import { describePattern } from "../core/path-match.js";

export interface PolicyReport {
  status: "ok" | "failed";
  /** Why it failed (null when it verified). */
  reason: string | null;
  policies: Array<{
    origin: "managed" | "user";
    name: string;
    version: string | null;
    file: string;
    settingsFile: string;
    bundleHash: string;
    signers: Array<{ fingerprint: string; name: string }>;
  }>;
  /** What the policies add, rule by rule (empty when it failed). */
  requireOverlays: string[];
  editsDeny: string[];
  toolsDeny: string[];
  /** null: any strategy. */
  strategies: string[] | null;
  requireSigners: string[][];
  budget: number | null;
  modelCallable: false | null;
  /** The same, one line per rule. */
  adds: string[];
}

/** null when no policy is named anywhere. */
export function buildPolicyReport(state: PolicyState): PolicyReport | null {
  if (state.kind === "none") return null;
  const empty = { requireOverlays: [], editsDeny: [], toolsDeny: [], strategies: null, requireSigners: [], budget: null, modelCallable: null, adds: [] };
  if (state.kind === "failed") return { status: "failed", reason: state.reason, policies: [], ...empty };
  const p = state.policy;
  return {
    status: "ok",
    reason: null,
    policies: p.sources.map((s) => ({
      origin: s.origin,
      name: s.name,
      version: s.version,
      file: s.file,
      settingsFile: s.settingsFile,
      bundleHash: s.bundle.bundleHash,
      signers: s.signers.map((x) => ({ fingerprint: x.fingerprint, name: x.name })),
    })),
    requireOverlays: p.overlays.map((o) => o.key),
    editsDeny: p.editsDeny.map((d) => describePattern(d.pattern)),
    toolsDeny: p.toolsDeny.map((t) => t.tool),
    strategies: p.strategies === null ? null : [...p.strategies.allowed],
    requireSigners: p.requireSigners.map((r) => [...r.keys]),
    budget: p.budget?.alwaysOn ?? null,
    modelCallable: p.modelCallableOff === null ? null : false,
    adds: describePolicyRules(p),
  };
}

/** The status lines: the policy in force (who named it, who signed it) and what it adds, or why it failed. */
export function policyStatusLines(report: PolicyReport | null): string[] {
  if (report === null) return [];
  if (report.status === "failed") return [`  team policy: FAILED, forge fails closed (${report.reason})`];
  const who = report.policies.map((p) => {
    const signed = p.signers.length === 0 ? "unsigned" : `signed by ${p.signers.map((s) => `${s.name} (${shortFingerprint(s.fingerprint)})`).join(", ")}`;
    return `${p.name}${p.version === null ? "" : ` ${p.version}`} (${p.origin}; ${signed})`;
  });
  return [`  team policy: ${who.join(", ")}`, ...report.adds.map((line) => `    adds ${line}`)];
}

/**
 * The trust dialog's own block for the team policy: what it adds whatever the bundle holds, and when it withholds the
 * bundle however the user trusts it (requireSigners). Its own layer, after what the bundle holds.
 */
export function policyTrustLines(state: PolicyState, bundle: ForgeBundle): string[] {
  if (state.kind === "none") return [];
  if (state.kind === "failed") return ["Team policy: it failed to verify, so forge offers nothing of this bundle until it does (see /forge status)."];
  const lines = [`Team policy ${state.policy.sources.map(describePolicy).join(", ")}, its own layer over whatever this bundle holds:`];
  lines.push(...describePolicyRules(state.policy).map((l) => `  ${l}`));
  const missing = missingSigner(state.policy, signersOf(bundle));
  if (missing !== null)
    lines.push(`  This bundle is not signed by a key the policy requires (requireSigners, ${missing.from}): trusting it does not turn it on.`);
  return lines;
}
