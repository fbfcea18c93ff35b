// Which path rules a tool call switches on: the offered rules (rules/, nested context files) and the active preset's
// blocks with `when`, matched against the call's paths with RE2. Pure: the runtime's tool gate runs it at a tool call,
// and forge test runs it for a test's touched paths.
import { firstFormMatch, nameForms } from "./edit-limits.js";
import { compilePatterns, type CompiledPattern } from "./path-match.js";
import type { RuleRef } from "./rule-catalog.js";
import { PATH_TOOLS } from "./tool-paths.js";
import type { PathTrigger, Segment, SystemUpdate } from "../generated/types.js";

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

/** The active preset's blocks that may switch on (the caller leaves out an untrusted bundle's). */
export interface CandidatePreset {
  key: string;
  blocks: readonly SystemUpdate[];
  layer: string | null;
}

/** Built once per loaded trigger object (a re-read bundle brings new objects); kept by the caller, not the module. */
export type TriggerCache = WeakMap<PathTrigger, CompiledPattern[]>;

/** The offered rules first (in the order given: sorted by id), then the preset's blocks with `when`, in declaration order. */
export function ruleCandidates(rules: readonly RuleRef[], preset: CandidatePreset | null): RuleCandidate[] {
  const out: RuleCandidate[] = rules.map((r) => ({ id: r.key, when: r.rule.when, content: r.rule.content, layer: r.layer }));
  for (const b of preset?.blocks ?? [])
    if (b.when && preset) out.push({ id: b.id, presetId: preset.key, when: b.when, content: b.content, layer: preset.layer });
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
      // A name matches in any of its forms (as written, NFC, NFD): a file on disk may carry either.
      const hit = path === null ? null : firstFormMatch(compiled, nameForms(path));
      if (hit !== null && path !== null) {
        out.push({ candidate, path, glob: hit.source });
        break;
      }
    }
  }
  return out;
}
