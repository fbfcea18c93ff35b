// The tool gate's team-policy step, run before the edit limits: a denied tool is refused (a nested call through another
// tool passes the same gate), edit and write never touch a path the policy denies, and a policy that failed to verify
// lets only Pi's read-only built-ins (and forge's own tool) run. Also which tools the policy lets be active.
import { checkEdit, compileLimit, type CompiledLimit } from "../core/edit-limits.js";
import { describePattern } from "../core/path-match.js";
import { deniedTool, type EffectivePolicy, type PolicyState } from "../core/policy.js";
import { READ_ONLY_TOOLS } from "../core/preferences.js";
import { EDIT_TOOLS } from "../core/tool-paths.js";
import type { ToolCallResult } from "./host-adapter/ports.js";
import { callPaths, type ResolvedCall } from "./tool-call-paths.js";

/** The policy a turn runs under, and the directory its edits.deny globs are relative to (the project root, else cwd). */
export interface PolicyInForce {
  state: PolicyState;
  root: string;
}

/** Which tools may be active under `state`: none it denies; when it failed, only read-only built-ins and `ownTools`. */
export function policyToolFilter(state: PolicyState, ownTools: readonly string[], updateTools: readonly string[]): (tool: string) => boolean {
  if (state.kind === "none") return () => true;
  if (state.kind === "failed") return (tool) => READ_ONLY_TOOLS.includes(tool) || ownTools.includes(tool);
  return (tool) => deniedTool(state.policy, tool, updateTools) === null;
}

/** The policy's deny list as one limit, built once per policy value. */
const compiledDeny = new WeakMap<EffectivePolicy, CompiledLimit>();
function denyLimit(policy: EffectivePolicy): CompiledLimit {
  let c = compiledDeny.get(policy);
  if (c === undefined) compiledDeny.set(policy, (c = compileLimit("team policy", { deny: policy.editsDeny.map((d) => d.pattern) })));
  return c;
}

function refuseEdit(policy: EffectivePolicy, shown: string, why: string): ToolCallResult {
  const from = [...new Set(policy.editsDeny.map((d) => d.from))].join(", ");
  const never = policy.editsDeny.map((d) => describePattern(d.pattern)).join(", ");
  return {
    block: true,
    reason: `forge: edit refused by the team policy (rule edits.deny, ${from}): ${why}; edit and write never change ${never} (paths relative to the project root), whatever mode is active. "${shown}" was not changed.`,
  };
}

/** The verdict of the policy step (undefined: the call goes on to the edit limits). */
export function checkPolicyCall(
  inForce: PolicyInForce,
  tool: string,
  call: () => ResolvedCall | null,
  ownTools: readonly string[],
  updateTools: readonly string[],
): ToolCallResult | undefined {
  const { state } = inForce;
  if (state.kind === "none") return undefined;
  if (state.kind === "failed") {
    if (READ_ONLY_TOOLS.includes(tool) || ownTools.includes(tool)) return undefined;
    return {
      block: true,
      reason: `forge: ${tool} refused: the team policy failed to verify, so forge refuses every tool that could change something (${state.reason}). Nothing ran.`,
    };
  }
  const denied = deniedTool(state.policy, tool, updateTools);
  if (denied !== null)
    return {
      block: true,
      reason: `forge: ${tool} refused by the team policy (rule ${denied.rule}, ${denied.from}): it is never allowed, also when another tool calls it. Nothing ran.`,
    };
  if (!EDIT_TOOLS.includes(tool) || state.policy.editsDeny.length === 0) return undefined;
  const resolved = call();
  if (resolved === null) return undefined;
  const unresolved = resolved.targets.find((t) => !t.ok);
  if (unresolved !== undefined && !unresolved.ok)
    return refuseEdit(state.policy, resolved.shown, `forge cannot tell which file it names (${unresolved.reason})`);
  const paths = callPaths(resolved, inForce.root);
  const verdict = checkEdit([denyLimit(state.policy)], paths.paths, paths.shown);
  if (verdict.ok) return undefined;
  const why = verdict.why === "denied" ? `"${verdict.path}" matches ${describePattern(verdict.pattern!)}` : `forge could not check "${verdict.path}"`;
  return refuseEdit(state.policy, resolved.shown, why);
}
