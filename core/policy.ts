// A team policy: the verified policy bundles in force (a managed one, the user's own) combined into one set of rules
// that only tighten, each rule remembering which policy added it. Pure: io/policy-load.ts reads and verifies the bundles.
import type { ForgeBundle, Mode, PathPattern, Policy } from "../generated/types.js";
import type { Strategy } from "./composition.js";
import type { Diagnostic } from "./diagnostic.js";
import { describePattern } from "./path-match.js";
import { shortFingerprint, type Signer } from "./signer-text.js";

/** Where a policy is named: an administrator's managed settings (FORGE_POLICY, /etc/pi-forge), or the user's forge.yaml. */
export type PolicyOrigin = "managed" | "user";

/** The rule names as policy.yaml spells them: what a refusal names. */
export type PolicyRule = "requireOverlays" | "edits.deny" | "tools.deny" | "strategies" | "requireSigners" | "budget" | "systemUpdates.modelCallable";

/** One verified policy bundle. */
export interface LoadedPolicy {
  origin: PolicyOrigin;
  /** How messages name it: the package name, or the bundle file as written in the settings. */
  name: string;
  /** The package's version (null for a file). */
  version: string | null;
  /** The bundle file read, and the settings file that names it. */
  file: string;
  settingsFile: string;
  bundle: ForgeBundle & { policy: Policy };
  /** The keys whose signatures of the bundle verified. */
  signers: Signer[];
}

/** A required overlay, from the policy that requires it. */
export interface PolicyOverlay {
  key: string;
  mode: Mode;
  /** Its always-on tokens as the policy bundle counted them (null: not counted). */
  tokens: number | null;
  from: string;
}

/** The rules of every policy in force, combined: lists joined, allowed strategies intersected, the smallest budget. */
export interface EffectivePolicy {
  sources: readonly LoadedPolicy[];
  overlays: readonly PolicyOverlay[];
  editsDeny: ReadonlyArray<{ pattern: PathPattern; from: string }>;
  toolsDeny: ReadonlyArray<{ tool: string; from: string }>;
  /** null: any strategy. */
  strategies: { allowed: readonly Strategy[]; from: readonly string[] } | null;
  /** Each policy's list: a bundle must be signed by one key of every list. */
  requireSigners: ReadonlyArray<{ keys: readonly string[]; from: string }>;
  budget: { alwaysOn: number; from: string } | null;
  /** The agent may not switch a block on (systemUpdates.modelCallable: false), and which policy says so. */
  modelCallableOff: string | null;
}

export type PolicyState =
  /** No policy is named anywhere. */
  | { kind: "none" }
  | { kind: "ok"; policy: EffectivePolicy }
  /**
   * A named policy cannot be read or does not verify: forge fails closed (Pi's native prompt, no project or global
   * content, no edit, write, bash or tool not known to be read-only) until it does.
   */
  | { kind: "failed"; reason: string; diagnostic: Diagnostic };

export const NO_POLICY: PolicyState = { kind: "none" };

/** How a policy is shown: `@acme/team-policy 1.2.0 (managed; signed by Ada (3f1c2a9be07d5c4e))`. */
export function describePolicy(p: LoadedPolicy): string {
  const signed = p.signers.length === 0 ? "unsigned" : `signed by ${p.signers.map((s) => `${s.name} (${shortFingerprint(s.fingerprint)})`).join(", ")}`;
  return `${p.name}${p.version === null ? "" : ` ${p.version}`} (${p.origin}; ${signed})`;
}

/** The policies in force combined; a later one only adds to (or narrows) what an earlier one said. */
export function combinePolicies(sources: readonly LoadedPolicy[]): EffectivePolicy {
  const overlays: PolicyOverlay[] = [];
  const editsDeny: Array<{ pattern: PathPattern; from: string }> = [];
  const toolsDeny: Array<{ tool: string; from: string }> = [];
  const requireSigners: Array<{ keys: readonly string[]; from: string }> = [];
  let strategies = null as EffectivePolicy["strategies"];
  let budget = null as EffectivePolicy["budget"];
  let modelCallableOff: string | null = null;
  for (const source of sources) {
    const { policy, modes, tokens } = source.bundle;
    const from = source.name;
    for (const key of policy.requireOverlays) {
      const mode = Object.hasOwn(modes, key) ? modes[key] : undefined;
      if (mode === undefined || overlays.some((o) => o.key === key)) continue;
      overlays.push({ key, mode, tokens: tokens?.modes[key] ?? null, from });
    }
    for (const pattern of policy.edits?.deny ?? [])
      if (!editsDeny.some((d) => d.pattern.source === pattern.source && d.pattern.kind === pattern.kind)) editsDeny.push({ pattern, from });
    for (const tool of policy.tools?.deny ?? []) if (!toolsDeny.some((t) => t.tool === tool)) toolsDeny.push({ tool, from });
    if (policy.strategies !== undefined) {
      const wanted: readonly Strategy[] = policy.strategies;
      const before: EffectivePolicy["strategies"] = strategies;
      const allowed: Strategy[] = before === null ? [...wanted] : before.allowed.filter((s) => wanted.includes(s));
      strategies = { allowed, from: [...(before?.from ?? []), from] };
    }
    if (policy.requireSigners !== undefined) requireSigners.push({ keys: policy.requireSigners, from });
    const limit = policy.budget?.alwaysOn;
    if (limit !== undefined && (budget === null || limit < budget.alwaysOn)) budget = { alwaysOn: limit, from };
    if (policy.systemUpdates?.modelCallable === false && modelCallableOff === null) modelCallableOff = from;
  }
  return { sources, overlays, editsDeny, toolsDeny, strategies, requireSigners, budget, modelCallableOff };
}

/** The strategies a selected mode may have: the allowed ones, and never replace_final while overlays are required. */
export function strategyRefusal(policy: EffectivePolicy, strategy: Strategy): { rule: PolicyRule; why: string } | null {
  if (policy.strategies !== null && !policy.strategies.allowed.includes(strategy)) {
    return { rule: "strategies", why: `the team policy (${policy.strategies.from.join(", ")}) allows only ${policy.strategies.allowed.join(", ")}` };
  }
  if (strategy === "replace_final" && policy.overlays.length > 0) {
    const from = [...new Set(policy.overlays.map((o) => o.from))].join(", ");
    return { rule: "requireOverlays", why: `the team policy (${from}) requires overlays in every prompt, and an exact (replace_final) prompt takes none` };
  }
  return null;
}

/** Whether a bundle's verified signers satisfy every requireSigners list; the first list it fails, or null. */
export function missingSigner(policy: EffectivePolicy, signers: readonly Signer[]): { keys: readonly string[]; from: string } | null {
  return policy.requireSigners.find((r) => !signers.some((s) => r.keys.includes(s.fingerprint))) ?? null;
}

/** A tool the policy denies (tools.deny, or forge's own update tool under systemUpdates.modelCallable: false). */
export function deniedTool(policy: EffectivePolicy, tool: string, updateTools: readonly string[] = []): { rule: PolicyRule; from: string } | null {
  const hit = policy.toolsDeny.find((t) => t.tool === tool);
  if (hit !== undefined) return { rule: "tools.deny", from: hit.from };
  if (policy.modelCallableOff !== null && updateTools.includes(tool)) return { rule: "systemUpdates.modelCallable", from: policy.modelCallableOff };
  return null;
}

/** What the policy adds, one line per rule that says something (status, explain, the trust dialog). */
export function describePolicyRules(policy: EffectivePolicy): string[] {
  const lines: string[] = [];
  if (policy.overlays.length > 0) lines.push(`requireOverlays: ${policy.overlays.map((o) => o.key).join(", ")} in every prompt (cannot be deselected)`);
  if (policy.editsDeny.length > 0)
    lines.push(`edits.deny: edit and write never change ${policy.editsDeny.map((d) => describePattern(d.pattern)).join(", ")}, whatever mode is active`);
  if (policy.toolsDeny.length > 0)
    lines.push(`tools.deny: ${policy.toolsDeny.map((t) => t.tool).join(", ")} never active, refused also when another tool calls it`);
  if (policy.strategies !== null) lines.push(`strategies: only ${policy.strategies.allowed.join(", ")}`);
  for (const r of policy.requireSigners)
    lines.push(`requireSigners: project and global bundles only when signed by ${r.keys.map(shortFingerprint).join(" or ")} (${r.from})`);
  if (policy.budget !== null) lines.push(`budget: at most ${policy.budget.alwaysOn} always-on tokens in any composition`);
  if (policy.modelCallableOff !== null) lines.push("systemUpdates.modelCallable: false: the agent may not switch a system-update block on");
  return lines;
}

/** The identity of the policies in force (their bundleHashes): a change is a new policy, told once. */
export function policyIdentity(state: PolicyState): string {
  if (state.kind === "none") return "none";
  if (state.kind === "failed") return "failed";
  return state.policy.sources.map((s) => `${s.origin}:${s.name}:${s.bundle.bundleHash}`).join(",");
}
