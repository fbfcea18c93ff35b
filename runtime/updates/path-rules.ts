// Path rules at a tool call: a rule (rules/, or a preset block with `when`) whose globs match a path the call names is
// applied as a system update with source "rule", once per session branch, through the same record and delivery as the tool.
import { sha256Hex } from "../../core/digest.js";
import { matchRules, ruleCandidates as candidatesOf, type RuleCandidate, type TriggerCache } from "../../core/path-rule-match.js";
import { globRoot, type RuleRef } from "../../core/rule-catalog.js";
import { appliedRuleKey } from "../../core/session-state.js";
import { PATH_TOOLS } from "../../core/tool-paths.js";
import { createApplyEvent } from "../../core/update-events.js";
import type { UpdateState } from "../../core/update-reducer.js";
import { LIMITS } from "../../generated/constants.js";
import type { CtxPort, ToolCallEvent } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import type { CallPaths } from "../tool-call-paths.js";
import { readOf } from "./branch-read.js";
import { chooseBlockUpdateId, usableBlocks, type ActivePresetRef } from "./preset-blocks.js";
import { planChange, recordChange, type UpdatesRuntime } from "./update-change.js";
import { pickDelivery } from "./update-delivery.js";

export type { RuleCandidate, RuleMatch, TriggerCache } from "../../core/path-rule-match.js";
export { matchRules } from "../../core/path-rule-match.js";

/** The offered rules first (sorted by id), then the active preset's usable blocks with `when`, in declaration order. */
export function ruleCandidates(rules: readonly RuleRef[], ref: ActivePresetRef | null): RuleCandidate[] {
  return candidatesOf(rules, ref === null ? null : { key: ref.key, blocks: usableBlocks(ref), layer: ref.layer ?? null });
}

const candidateKey = (c: RuleCandidate): string => appliedRuleKey(c.presetId === undefined ? { ruleId: c.id } : { presetId: c.presetId, blockId: c.id });

function activeFromSame(state: UpdateState, c: RuleCandidate): boolean {
  return state.active.some((u) => (c.presetId === undefined ? u.ruleId === c.id : u.presetId === c.presetId && u.blockId === c.id));
}

/**
 * The tool gate's path-rule step, after the edit limits passed the call (it never blocks it). `pathsAt` gives the call's
 * candidates relative to a root, resolved once per call by the gate.
 */
export function applyPathRules(rt: UpdatesRuntime, event: ToolCallEvent, ctx: CtxPort, cache: TriggerCache, pathsAt: (root: string) => CallPaths | null): void {
  if (!PATH_TOOLS.includes(event.toolName)) return;
  const ref = rt.getActivePreset(ctx);
  const sources = rt.getPathRules?.(ctx);
  const candidates = ruleCandidates(sources?.rules ?? [], ref);
  if (candidates.length === 0) return;
  const root = sources?.root ?? ctx.cwd;
  if (pathsAt(root) === null) return;
  const matches = matchRules(candidates, event.toolName, (c) => pathsAt(globRoot(c.layer, root))?.paths ?? [], cache);
  if (matches.length === 0) return;
  // The session is read only when something matched: most calls cost a few expression tests.
  const session = rt.readSession(ctx);
  const read = readOf(session);
  let state = read.state;
  for (const { candidate: c, path, glob } of matches) {
    if (session.appliedRules.has(candidateKey(c)) || activeFromSame(state, c)) continue;
    const content = rt.renderTemplate(c.content, ctx);
    if (content.trim() === "" || content.length > LIMITS.maxPromptChars) {
      say(ctx, `forge: rule ${c.id} matched ${path} but renders to ${content.length} chars, outside 1..${LIMITS.maxPromptChars}; not applied`, "warning");
      continue;
    }
    const updateId = chooseBlockUpdateId(state, c.id, sha256Hex(content));
    const where = c.presetId === undefined ? { rule: { ruleId: c.id, path, glob } } : { presetId: c.presetId, blockId: c.id, rule: { path, glob } };
    const change = planChange(state, createApplyEvent({ updateId, source: "rule", content, now: rt.now(), ...where }));
    // Inside a run: the change follows the run's delivery, as the agent tool's do. The branch as read, with the
    // changes this call already recorded (a second match must see the first one's id as an update's).
    recordChange(rt, { ...read, state }, change, pickDelivery(rt, ctx, "run"), event.toolCallId, ref);
    state = change.next;
    say(ctx, `forge: rule ${c.id} switched on (${event.toolName} ${path} matches ${glob}) as system update ${updateId}`);
  }
}
