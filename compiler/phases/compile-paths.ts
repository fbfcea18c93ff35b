// Phase 4b, compile paths: every glob and allowRegex of the validated sources becomes a checked PathPattern, or a coded diagnostic.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { EditLimit, PathPattern, PathTool, PathTrigger } from "../../generated/types.js";
import type { EditLimitSource, PathTriggerSource } from "../../generated/types.js";
import { globNeverMatches, globNotLinear, invalidGlob, invalidPathRegex, pathRegexBacktracking } from "../diagnostics/codes.js";
import type { ParsedSource } from "./2-parse.js";
import { compileGlob, compileRegex, type GlobResult } from "./path-patterns.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";
import { whereAt } from "./yaml-positions.js";

export interface CompiledPaths {
  /** A mode's edit limit, by mode key. */
  edits: ReadonlyMap<string, EditLimit>;
  /** A preset block's trigger, by updateKey(preset, index). */
  updateWhen: ReadonlyMap<string, PathTrigger>;
  /** A rule's trigger, by rule key. */
  ruleWhen: ReadonlyMap<string, PathTrigger>;
  diagnostics: Diagnostic[];
}

export interface PathSources {
  modes: ReadonlyArray<{ source: ParsedSource; data: { edits?: EditLimitSource } }>;
  presets: ReadonlyArray<{ source: ParsedSource; data: { systemUpdates?: ReadonlyArray<{ when?: PathTriggerSource }> } }>;
  rules: ReadonlyArray<{ source: ParsedSource; data: { when: PathTriggerSource } }>;
}

export const updateKey = (preset: string, index: number): string => `${preset}\u0000${index}`;

type At = (string | number)[];

/** The coded diagnostic of a glob compileGlob refused. */
export function globDiagnostic(where: Where, glob: string, result: Extract<GlobResult, { ok: false }>): Diagnostic {
  if (result.code === "invalid_glob") return invalidGlob(where, glob, result.detail);
  return result.code === "glob_not_linear" ? globNotLinear(where, glob, result.detail) : globNeverMatches(where, glob, result.detail);
}

function globs(source: ParsedSource, list: readonly string[] | undefined, at: At, diagnostics: Diagnostic[]): PathPattern[] {
  const out: PathPattern[] = [];
  (list ?? []).forEach((glob, i) => {
    const result = compileGlob(glob);
    const where = whereAt(source, [...at, i]);
    if (!result.ok) diagnostics.push(globDiagnostic(where, glob, result));
    // A repeated glob adds nothing (the digest stays the same for the same set in the same order).
    else if (!out.some((p) => p.kind === "glob" && p.source === glob)) out.push(result.pattern);
  });
  return out;
}

function regexes(source: ParsedSource, list: readonly string[] | undefined, at: At, diagnostics: Diagnostic[]): PathPattern[] {
  const out: PathPattern[] = [];
  (list ?? []).forEach((regex, i) => {
    const result = compileRegex(regex);
    const where = whereAt(source, [...at, i]);
    if (!result.ok) return void diagnostics.push(invalidPathRegex(where, regex, result.detail));
    if (result.backtracking) return void diagnostics.push(pathRegexBacktracking(where, regex));
    if (!out.some((p) => p.kind === "regex" && p.source === regex)) out.push(result.pattern);
  });
  return out;
}

function trigger(source: ParsedSource, when: PathTriggerSource, at: At, diagnostics: Diagnostic[]): PathTrigger {
  const compiled: PathTrigger = { paths: globs(source, when.paths, [...at, "paths"], diagnostics) };
  // A set of tool names: sorted, so listing them in another order is no change.
  if (when.tools !== undefined) compiled.tools = [...new Set<PathTool>(when.tools)].sort();
  return compiled;
}

export function compilePaths(input: PathSources): CompiledPaths {
  const diagnostics: Diagnostic[] = [];
  const edits = new Map<string, EditLimit>();
  for (const { source, data } of input.modes) {
    if (data.edits === undefined) continue;
    const { allow, allowRegex, deny } = data.edits;
    const limit: EditLimit = { deny: globs(source, deny, ["edits", "deny"], diagnostics) };
    // allow and allowRegex together are one allow-list: a path matching either may be edited.
    if (allow !== undefined || allowRegex !== undefined) {
      limit.allow = [...globs(source, allow, ["edits", "allow"], diagnostics), ...regexes(source, allowRegex, ["edits", "allowRegex"], diagnostics)];
    }
    edits.set(source.key, limit);
  }
  const updateWhen = new Map<string, PathTrigger>();
  for (const { source, data } of input.presets) {
    (data.systemUpdates ?? []).forEach((u, i) => {
      if (u.when !== undefined) updateWhen.set(updateKey(source.key, i), trigger(source, u.when, ["systemUpdates", i, "when"], diagnostics));
    });
  }
  const ruleWhen = new Map<string, PathTrigger>();
  for (const { source, data } of input.rules) ruleWhen.set(source.key, trigger(source, data.when, ["when"], diagnostics));
  return { edits, updateWhen, ruleWhen, diagnostics };
}
