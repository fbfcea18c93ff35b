// The one tool_call handler, which every call passes through on both hosts (a nested one from a codemode script too):
// the call's paths resolved once (as the running host does), then the team policy, then the selection's tool sets,
// then the edit limits in force, then path rules, in that written order: a refused call switches nothing on.
import type { ActiveLimit } from "../core/pinned-limits.js";
import { toolAllowedUnder } from "../core/pinned-limits.js";
import { describeToolRefusal, refusingSet, type ActiveToolSet, type ToolFacts, type ToolSetCache } from "../core/tool-sets.js";
import { EDIT_TOOLS, PATH_TOOLS } from "../core/tool-paths.js";
import { READ_ONLY_TOOLS } from "../core/preferences.js";
import type { HostAdapter } from "./host-adapter/index.js";
import type { CtxPort, ToolCallEvent, ToolCallResult } from "./host-adapter/ports.js";
import { checkLimits, refuseTool, type LimitCache } from "./edit-limits.js";
import { describeError, say } from "./notify.js";
import { callPaths, resolveCall, type CallPaths, type ResolvedCall } from "./tool-call-paths.js";
import { checkPolicyCall, type PolicyInForce } from "./policy-gate.js";

/** The call's project-relative candidates under a root (a rule's layer), resolved once per call; null: not a path tool. */
export type CallPathsAt = (root: string) => CallPaths | null;

/** The path-rule step (the system-update feature's), run after the limits; it never blocks a call. */
export type PathRuleStep = (event: ToolCallEvent, ctx: CtxPort, paths: CallPathsAt) => void;

export interface ToolGateDeps {
  adapter: HostAdapter;
  /** The limits the branch's selection holds, and the root that built-in and global globs are relative to. */
  limitsInForce(ctx: CtxPort): { limits: readonly ActiveLimit[]; root: string };
  /** The tool sets the branch's selection holds (core/tool-sets.ts): a call outside one is refused. */
  toolSetsInForce(ctx: CtxPort): readonly ActiveToolSet[];
  /** What the host reports of a tool (namespace, read-only hints); undefined when it reports nothing. */
  toolFacts(tool: string): ToolFacts | undefined;
  /** Tools that stay on under a limit besides the read-only built-ins (forge's own, which changes no file). */
  ownTools: readonly string[];
  rules?: PathRuleStep;
  /** The team policy the turn runs under (runtime/policy-gate.ts); absent: none. */
  policyInForce?(ctx: CtxPort): PolicyInForce;
  /** forge's own tools that switch system updates on (systemUpdates.modelCallable: false denies them). */
  updateTools?: readonly string[];
}

export type ToolGate = (event: ToolCallEvent, ctx: CtxPort) => ToolCallResult | undefined;

export function createToolGate(deps: ToolGateDeps): ToolGate {
  const cache: LimitCache = new WeakMap();
  const toolCache: ToolSetCache = new WeakMap();
  return (event, ctx) => {
    const tool = event.toolName;
    let resolved: ResolvedCall | null | undefined;
    const resolveOnce = (): ResolvedCall | null =>
      resolved === undefined ? (resolved = resolveCall(tool, event.input, ctx.cwd, deps.adapter.toolPathResolver(ctx))) : resolved;
    let facts: ToolFacts | undefined | null = null;
    const factsOnce = (): ToolFacts | undefined => (facts === null ? (facts = deps.toolFacts(tool)) : facts);
    try {
      // The team policy first: it holds whatever the selection is (also with no mode, and on a native fallback).
      if (deps.policyInForce !== undefined) {
        const verdict = checkPolicyCall(deps.policyInForce(ctx), tool, resolveOnce, deps.ownTools, deps.updateTools ?? []);
        if (verdict !== undefined) return verdict;
      }
      const sets = deps.toolSetsInForce(ctx);
      const refusing = sets.length > 0 ? refusingSet(sets, tool, event.input, factsOnce(), deps.ownTools, toolCache) : null;
      if (refusing !== null) return { block: true, reason: describeToolRefusal(tool, refusing) };
      const { limits, root } = deps.limitsInForce(ctx);
      if (limits.length > 0 && !toolAllowedUnder(limits, tool, deps.ownTools, factsOnce())) return refuseTool(tool, limits);
      if (limits.length > 0 && EDIT_TOOLS.includes(tool)) {
        const call = resolveOnce();
        const verdict = call === null ? undefined : checkLimits(call, limits, root, cache);
        if (verdict !== undefined) return verdict;
      }
    } catch (error) {
      // When forge cannot tell the tool sets or the limits, a call either would govern is refused; read-only calls go on.
      if (!READ_ONLY_TOOLS.includes(tool) && !deps.ownTools.includes(tool)) {
        return {
          block: true,
          reason: `forge: ${tool} refused: forge could not check the active modes' tools and edit limits (${describeError(error)}). Nothing was changed.`,
        };
      }
    }
    if (deps.rules === undefined || !PATH_TOOLS.includes(tool)) return undefined;
    try {
      deps.rules(event, ctx, (root) => {
        const call = resolveOnce();
        return call === null ? null : callPaths(call, root);
      });
    } catch (error) {
      say(ctx, `forge: path rules failed: ${describeError(error)}`, "error");
    }
    return undefined;
  };
}
