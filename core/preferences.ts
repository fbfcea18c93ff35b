// Preference merging: the model, thinking level and tools a selection asks for, and which component each comes from.
import type { Mode } from "../generated/types.js";
import { compileToolPatterns } from "./tool-patterns.js";

export type ThinkingLevel = NonNullable<Mode["thinking"]>;

/** Merged preferences of the selected modes: later components win for model/thinking; tool lists intersect. */
export interface MergedPreferences {
  model?: string;
  thinking?: ThinkingLevel;
  tools?: string[];
}

export function mergePreferences(modes: readonly Mode[]): MergedPreferences {
  const merged: MergedPreferences = {};
  for (const mode of modes) {
    if (mode.model) merged.model = mode.model;
    if (mode.thinking) merged.thinking = mode.thinking;
    if (mode.tools) merged.tools = merged.tools ? intersectTools(merged.tools, mode.tools) : [...mode.tools];
  }
  return merged;
}

/**
 * Two tool lists intersected, patterns included: each entry of one list that the other list matches (a name, or a
 * narrower pattern read as a name), so [read, mcp__*] and [read, mcp__docs__search] give [read, mcp__docs__search].
 */
export function intersectTools(a: readonly string[], b: readonly string[]): string[] {
  const inA = compileToolPatterns(a);
  const inB = compileToolPatterns(b);
  return [...new Set([...a.filter((t) => inB.first(t) !== null), ...b.filter((t) => inA.first(t) !== null)])];
}

/** Pi's read-only built-ins: a mode's tools list may switch these on; no other tool is ever switched on. */
export const READ_ONLY_TOOLS: readonly string[] = ["read", "grep", "find", "ls"];

/**
 * The active tools a selection asks for over `baseline` (Pi's tools before forge changed them): the baseline
 * narrowed to `wanted`, plus the read-only built-ins `wanted` names that were off. A tool that can change files or
 * run commands (edit, write, bash, any extension tool) is kept only when it was already active.
 */
export function resolveTools(baseline: readonly string[], wanted: readonly string[] | undefined): string[] {
  if (wanted === undefined) return [...baseline];
  return declaredTools(baseline, (t) => wanted.includes(t), READ_ONLY_TOOLS);
}

/** `baseline` narrowed to what `allowed` lets run, plus the tools of `switchOn` it allows that were off. */
export function declaredTools(baseline: readonly string[], allowed: (tool: string) => boolean, switchOn: readonly string[]): string[] {
  const kept = baseline.filter(allowed);
  return [...kept, ...switchOn.filter((t) => allowed(t) && !kept.includes(t))];
}

export function hasPreferences(p: MergedPreferences): boolean {
  return p.model !== undefined || p.thinking !== undefined || p.tools !== undefined;
}

export interface PreferenceOrigin<T> {
  value: T;
  /** The component(s) the value comes from. */
  from: string[];
}

export interface PreferenceOrigins {
  model: PreferenceOrigin<string> | null;
  thinking: PreferenceOrigin<string> | null;
  tools: PreferenceOrigin<string[]> | null;
}

/** The merge above, with the component each preference comes from (the last that sets model/thinking; every tools list). */
export function tracePreferences(modes: ReadonlyArray<{ key: string; mode: Mode }>): PreferenceOrigins {
  const merged = mergePreferences(modes.map((m) => m.mode));
  const last = (pick: (m: Mode) => unknown) => [...modes].reverse().find((m) => pick(m.mode) !== undefined)?.key;
  return {
    model: merged.model === undefined ? null : { value: merged.model, from: [last((m) => m.model)!] },
    thinking: merged.thinking === undefined ? null : { value: merged.thinking, from: [last((m) => m.thinking)!] },
    tools: merged.tools === undefined ? null : { value: merged.tools, from: modes.filter((m) => m.mode.tools).map((m) => m.key) },
  };
}
