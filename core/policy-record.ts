// The branch's record of the team policy it runs under: a `forge-policy` custom entry (never sent to the model) appended
// at the first turn under a policy that differs from the branch's last record, so a new or changed policy is told once,
// and a resumed branch under the same policy is told nothing. The session fold (core/session-state.ts) keeps the newest.
import { describePolicy, describePolicyRules, policyIdentity, type PolicyState } from "./policy.js";

export const POLICY_ENTRY_TYPE = "forge-policy";

/** One policy as the record names it. */
export interface RecordedPolicy {
  origin: string;
  name: string;
  version: string | null;
  bundleHash: string;
}

/** The data of a forge-policy entry, and (in the fold) the entry it came from. */
export interface PolicyRecord {
  v: 1;
  /** core/policy.ts policyIdentity: what a later turn compares with. */
  identity: string;
  policies: RecordedPolicy[];
  at: string;
}

const isText = (v: unknown): v is string => typeof v === "string" && v.length <= 4096;

/** The record in a session entry, or null when it is not a well-formed forge-policy entry. */
export function readPolicyEntry(entry: { type?: unknown; customType?: unknown; data?: unknown } | null | undefined): PolicyRecord | null {
  if (entry?.type !== "custom" || entry.customType !== POLICY_ENTRY_TYPE) return null;
  const d = entry.data as Partial<PolicyRecord> | null | undefined;
  if (d === null || typeof d !== "object" || d.v !== 1 || !isText(d.identity) || !isText(d.at) || !Array.isArray(d.policies)) return null;
  const policies: RecordedPolicy[] = [];
  for (const p of d.policies.slice(0, 16) as unknown[]) {
    const r = p as Partial<RecordedPolicy> | null;
    if (r === null || typeof r !== "object" || !isText(r.origin) || !isText(r.name) || !isText(r.bundleHash) || !(r.version === null || isText(r.version)))
      return null;
    policies.push({ origin: r.origin, name: r.name, version: r.version, bundleHash: r.bundleHash });
  }
  return { v: 1, identity: d.identity, policies, at: d.at };
}

/** The entry to append for `state` (only an `ok` policy is recorded: a failed one is told every turn it fails). */
export function createPolicyEntry(state: Extract<PolicyState, { kind: "ok" }>, now: Date): PolicyRecord {
  return {
    v: 1,
    identity: policyIdentity(state),
    policies: state.policy.sources.map((s) => ({ origin: s.origin, name: s.name, version: s.version, bundleHash: s.bundle.bundleHash })),
    at: now.toISOString(),
  };
}

/** The one notice of a policy the branch has not run under: in force (first), or changed since the branch's record. */
export function describePolicyChange(before: PolicyRecord | null, state: Extract<PolicyState, { kind: "ok" }>): string {
  const now = state.policy.sources.map(describePolicy).join(", ");
  const rules = describePolicyRules(state.policy)
    .map((l) => `\n  ${l}`)
    .join("");
  if (before === null) return `forge: team policy in force: ${now}${rules}`;
  const was = before.policies.map((p) => `${p.name}${p.version === null ? "" : ` ${p.version}`} (bundleHash ${p.bundleHash.slice(0, 12)})`).join(", ");
  return `forge: team policy changed since this session last ran: now ${now}; was ${was || "none"}. It applies from this turn:${rules}`;
}
