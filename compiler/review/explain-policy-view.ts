// The team-policy section of forge explain as data (its own file, type-only: the studio's page type-checks it without Node).
export interface ExplainPolicy {
  name: string;
  /** failed: the policy cannot be used (`problem` says why), and Pi would fail closed. */
  status: "ok" | "failed";
  problem: string | null;
  /** Rule by rule, what it adds (core/policy.ts describePolicyRules, as /forge status shows it). */
  adds: string[];
  /** The overlays it puts first in every prompt, with their always-on tokens as the policy bundle counted them. */
  overlays: Array<{ key: string; label: string; tokens: number | null; from: string }>;
  alwaysOn: { selection: number | null; policy: number | null; total: number | null; budget: number | null };
  /** Why Pi would refuse this selection under the policy, naming the rule; null when it may run. */
  refusal: string | null;
}
