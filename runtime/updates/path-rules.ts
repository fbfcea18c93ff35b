// Path rules at a tool call: a rule (rules/, or a preset block with `when`) whose globs match a path the call names is
// applied as a system update with source "rule", once per session branch, through the same record and delivery as the tool.
import { sha256Hex } from "../../core/digest.js";
import { compilePatterns, firstMatch, type CompiledPattern } from "../../core/path-match.js";
import { globRoot, type RuleRef } from "../../core/rule-catalog.js";
import { PATH_TOOLS } from "../../core/tool-paths.js";
import { createApplyEvent, UPDATE_ENTRY_TYPE } from "../../core/update-events.js";
import type { UpdateState } from "../../core/update-reducer.js";
import { LIMITS } from "../../generated/constants.js";
import { validateUpdateEvent } from "../../generated/runtime-validators.js";
import type { ForgeUpdateEvent, PathTrigger, Segment } from "../../generated/types.js";
import type { BranchEntry, CtxPort, ToolCallEvent } from "../host-adapter/ports.js";
import { say } from "../notify.js";
import { callPaths } from "../tool-call-paths.js";
import { readBranch } from "./branch-read.js";
import { chooseBlockUpdateId, usableBlocks, type ActivePresetRef } from "./preset-blocks.js";
import { planChange, recordChange, type UpdatesRuntime } from "./update-change.js";
import { pickDelivery } from "./update-delivery.js";

/** A rule that may switch on: a rules/ rule, or a block of the active preset that declares `when`. */
export interface RuleCandidate {
  /** rules/ rule id, or the block id. */
  id: string;
  /** Set for a preset block. */
  presetId?: string;
  when: PathTrigger;
  content: readonly Segment[];
  /** The project layer whose bundle holds it (its globs are relative to that layer's root); null outside the project scope. */
  layer: string | null;
}

export interface RuleMatch {
  candidate: RuleCandidate;
  path: string;
  glob: string;
}

/** Built once per loaded trigger object (a re-read bundle brings new objects); kept by the feature, not the module. */
export type TriggerCache = WeakMap<PathTrigger, CompiledPattern[]>;

/** The offered rules first (sorted by id), then the active preset's blocks with `when`, in declaration order. */
export function ruleCandidates(rules: readonly RuleRef[], ref: ActivePresetRef | null): RuleCandidate[] {
  const out: RuleCandidate[] = rules.map((r) => ({ id: r.key, when: r.rule.when, content: r.rule.content, layer: r.layer }));
  for (const b of usableBlocks(ref)) if (b.when && ref) out.push({ id: b.id, presetId: ref.key, when: b.when, content: b.content, layer: ref.layer ?? null });
  return out;
}

/**
 * Every candidate whose tools include this call's tool and one of whose globs matches one of its paths. `paths` gives
 * the call's paths relative to a candidate's root (its project layer's, a monorepo having several).
 */
export function matchRules(
  candidates: readonly RuleCandidate[],
  toolName: string,
  paths: ReadonlyArray<string | null> | ((candidate: RuleCandidate) => ReadonlyArray<string | null>),
  cache: TriggerCache,
): RuleMatch[] {
  const out: RuleMatch[] = [];
  for (const candidate of candidates) {
    if (!(candidate.when.tools ?? PATH_TOOLS).includes(toolName)) continue;
    let compiled = cache.get(candidate.when);
    if (compiled === undefined) cache.set(candidate.when, (compiled = compilePatterns(candidate.when.paths)));
    for (const path of typeof paths === "function" ? paths(candidate) : paths) {
      const hit = path === null ? null : firstMatch(compiled, path);
      if (hit !== null && path !== null) {
        out.push({ candidate, path, glob: hit.source });
        break;
      }
    }
  }
  return out;
}

const ruleKey = (c: { id?: string; ruleId?: string; presetId?: string; blockId?: string }): string =>
  c.ruleId !== undefined ? `rule:${c.ruleId}` : `block:${c.presetId ?? ""}/${c.blockId ?? ""}`;
const candidateKey = (c: RuleCandidate): string => (c.presetId === undefined ? `rule:${c.id}` : `block:${c.presetId}/${c.id}`);

/** The rules that already switched on somewhere on this branch: a rule applies once per branch, even after a revoke. */
export function rulesAppliedOnBranch(branch: readonly BranchEntry[]): Set<string> {
  const out = new Set<string>();
  for (const entry of branch) {
    if (entry?.type !== "custom" || entry.customType !== UPDATE_ENTRY_TYPE || !validateUpdateEvent(entry.data)) continue;
    const event = entry.data as ForgeUpdateEvent;
    if (event.op === "apply" && event.source === "rule") out.add(ruleKey(event));
  }
  return out;
}

function activeFromSame(state: UpdateState, c: RuleCandidate): boolean {
  return state.active.some((u) => (c.presetId === undefined ? u.ruleId === c.id : u.presetId === c.presetId && u.blockId === c.id));
}

/** The tool_call handler's work; it never blocks the call. */
export function applyPathRules(rt: UpdatesRuntime, event: ToolCallEvent, ctx: CtxPort, cache: TriggerCache): void {
  if (!PATH_TOOLS.includes(event.toolName)) return;
  const ref = rt.getActivePreset(ctx);
  const sources = rt.getPathRules?.(ctx);
  const candidates = ruleCandidates(sources?.rules ?? [], ref);
  if (candidates.length === 0) return;
  const root = sources?.root ?? ctx.cwd;
  // The call's paths relative to each root a candidate's globs use: one resolution per root, only when needed.
  const byRoot = new Map<string, ReturnType<typeof callPaths>>();
  const resolve = (dir: string) => {
    if (!byRoot.has(dir)) byRoot.set(dir, callPaths(event.toolName, event.input, ctx.cwd, dir));
    return byRoot.get(dir)!;
  };
  if (resolve(root) === null) return;
  const matches = matchRules(candidates, event.toolName, (c) => resolve(globRoot(c.layer, root))?.paths ?? [], cache);
  if (matches.length === 0) return;
  // The branch is read only when something matched: most calls cost a few expression tests.
  const read = readBranch(ctx.sessionManager.getBranch());
  const applied = rulesAppliedOnBranch(read.branch);
  let state = read.state;
  for (const { candidate: c, path, glob } of matches) {
    if (applied.has(candidateKey(c)) || activeFromSame(state, c)) continue;
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
    recordChange(rt, { branch: read.branch, state }, change, pickDelivery(rt, ctx, "run"), event.toolCallId, ref);
    state = change.next;
    say(ctx, `forge: rule ${c.id} switched on (${event.toolName} ${path} matches ${glob}) as system update ${updateId}`);
  }
}
