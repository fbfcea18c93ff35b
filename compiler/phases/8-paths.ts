// Phase 8, paths: every glob and allowRegex of the validated sources becomes a checked PathPattern, or a coded diagnostic.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { EditLimit, PathPattern, PathTool, PathTrigger } from "../../generated/types.js";
import type { EditLimitSource, PathTriggerSource } from "../../generated/types.js";
import { globNeverMatches, globNotLinear, invalidGlob, invalidPathRegex, pathRegexBacktracking } from "../diagnostics/codes.js";
import type { ParsedSource } from "./2-parse.js";
import type { Linked } from "./7-link.js";
import { compileGlob, compileRegex, type GlobResult } from "./path-patterns.js";
import type { Phase } from "./pipeline.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";
import { whereAt } from "./yaml-positions.js";

export interface CompiledPaths {
  /** A mode's edit limit, by mode key. */
  edits: ReadonlyMap<string, EditLimit>;
  /** A preset block's trigger, by updateKey(preset, index). */
  updateWhen: ReadonlyMap<string, PathTrigger>;
  /** A rule's trigger, by rule key. */
  ruleWhen: ReadonlyMap<string, PathTrigger>;
}

/** The value of phase 8: the linked sources and their compiled path patterns. */
export interface Paths extends Linked {
  paths: CompiledPaths;
}

/** What one source's patterns compile to; kept while the source is the same. */
interface SourcePaths {
  edits: EditLimit | null;
  when: Array<[index: number, trigger: PathTrigger]>;
  diagnostics: Diagnostic[];
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

function modePaths(source: ParsedSource, data: { edits?: EditLimitSource }): SourcePaths {
  const diagnostics: Diagnostic[] = [];
  if (data.edits === undefined) return { edits: null, when: [], diagnostics };
  const { allow, allowRegex, deny } = data.edits;
  const limit: EditLimit = { deny: globs(source, deny, ["edits", "deny"], diagnostics) };
  // allow and allowRegex together are one allow-list: a path matching either may be edited.
  if (allow !== undefined || allowRegex !== undefined) {
    limit.allow = [...globs(source, allow, ["edits", "allow"], diagnostics), ...regexes(source, allowRegex, ["edits", "allowRegex"], diagnostics)];
  }
  return { edits: limit, when: [], diagnostics };
}

function presetPaths(source: ParsedSource, data: { systemUpdates?: ReadonlyArray<{ when?: PathTriggerSource }> }): SourcePaths {
  const diagnostics: Diagnostic[] = [];
  const when: SourcePaths["when"] = [];
  (data.systemUpdates ?? []).forEach((u, i) => {
    if (u.when !== undefined) when.push([i, trigger(source, u.when, ["systemUpdates", i, "when"], diagnostics)]);
  });
  return { edits: null, when, diagnostics };
}

/** Phase 8 (a source's patterns are kept while the source is the same). */
export const compilePaths: Phase<Linked, Paths> = (input, { memo }) => {
  const diagnostics: Diagnostic[] = [];
  const edits = new Map<string, EditLimit>();
  const updateWhen = new Map<string, PathTrigger>();
  const ruleWhen = new Map<string, PathTrigger>();
  const kept = (source: ParsedSource, compute: () => SourcePaths): SourcePaths => {
    const out = memo.reuse("paths", source.file, () => [source], compute);
    diagnostics.push(...out.diagnostics);
    return out;
  };
  for (const { source, data } of input.valid.modes) {
    const { edits: limit } = kept(source, () => modePaths(source, data));
    if (limit !== null) edits.set(source.key, limit);
  }
  for (const { source, data } of input.valid.presets) {
    for (const [i, when] of kept(source, () => presetPaths(source, data)).when) updateWhen.set(updateKey(source.key, i), when);
  }
  const rulePaths = (source: ParsedSource, when: PathTriggerSource | undefined): SourcePaths => {
    const own: Diagnostic[] = [];
    return { edits: null, when: when === undefined ? [] : [[0, trigger(source, when, ["when"], own)]], diagnostics: own };
  };
  for (const { source, data } of input.valid.rules) ruleWhen.set(source.key, kept(source, () => rulePaths(source, data.when)).when[0]![1]);
  // Sources that are not built: the patterns they declare are checked all the same, so a file reports every mistake.
  for (const { source, data } of input.unsound.modes) kept(source, () => modePaths(source, data));
  for (const { source, data } of input.unsound.presets) kept(source, () => presetPaths(source, data));
  for (const { source, data } of input.unsound.rules) kept(source, () => rulePaths(source, data.when));
  return { value: { ...input, paths: { edits, updateWhen, ruleWhen } }, diagnostics };
};
