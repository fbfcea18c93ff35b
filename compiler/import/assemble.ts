// Turns the drafts of one import into forge source files: key collisions, built-in shadowing, YAML text, sorted diagnostics.
import { compareCodeUnits } from "../../core/canonical-json.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { sortDiagnostics } from "../compile.js";
import { importKeyCollision, importShadowsBuiltin } from "../diagnostics/import-codes.js";
import { emitSourceYaml } from "./emit-yaml.js";
import type { Draft, ImportOptions, ImportResult, ModeDraft, PresetDraft, RuleDraft, SkippedEntry } from "./types.js";

export interface Drafts {
  modes: ModeDraft[];
  presets: PresetDraft[];
  /** Path rules (rules/<id>.yaml), from the agent rule formats. */
  rules?: RuleDraft[];
  diagnostics: Diagnostic[];
  skipped: SkippedEntry[];
}

/**
 * Every key must name exactly one imported definition. Two entries normalizing to one key
 * (Review and review) would otherwise overwrite each other's file, and a mode and a preset
 * with one key would make `forge preview <name>` pick the mode: both are errors, reported at the
 * later entry. The first entry keeps its file in the result (nothing is written anyway).
 */
function keepUnique<T>(drafts: readonly Draft<T>[], kind: string, taken: Map<string, string>, diagnostics: Diagnostic[]): Draft<T>[] {
  const kept: Draft<T>[] = [];
  for (const draft of drafts) {
    const other = taken.get(draft.key);
    if (other !== undefined) {
      diagnostics.push(importKeyCollision(draft.keyWhere, kind, draft.key, other));
      continue;
    }
    taken.set(draft.key, draft.entry);
    kept.push(draft);
  }
  return kept;
}

/** A mode's new key and why it has one. */
interface Rename {
  to: string;
  why: "built-in" | "--rename";
}

/**
 * The new key of every mode that must not keep its own: the user's --rename first, then built-in keys get the format's
 * suffix (plan -> plan-roo; plan-roo-2 when that is taken too). A user rename onto a built-in key is kept, deliberately.
 */
function planRenames(modes: readonly ModeDraft[], presets: readonly PresetDraft[], options: ImportOptions, diagnostics: Diagnostic[]): Map<string, Rename> {
  const builtin = new Set(options.builtinModeKeys);
  const used = new Set([...modes.map((m) => m.key), ...presets.map((p) => p.key)]);
  const renames = new Map<string, Rename>();
  for (const mode of modes) {
    const chosen = options.renames !== undefined && Object.hasOwn(options.renames, mode.key) ? options.renames[mode.key] : undefined;
    if (chosen !== undefined) {
      renames.set(mode.key, { to: chosen, why: "--rename" });
      used.add(chosen);
      if (builtin.has(chosen)) diagnostics.push(importShadowsBuiltin(mode.keyWhere, chosen, null));
      continue;
    }
    if (!builtin.has(mode.key)) continue;
    let next = `${mode.key}-${options.suffix}`;
    for (let n = 2; used.has(next) || builtin.has(next); n++) next = `${mode.key}-${options.suffix}-${n}`;
    used.add(next);
    renames.set(mode.key, { to: next, why: "built-in" });
    diagnostics.push(importShadowsBuiltin(mode.keyWhere, mode.key, next));
  }
  return renames;
}

/** A draft with its own key and every mode key it references renamed. */
function renamed<T>(draft: Draft<T>, renames: ReadonlyMap<string, Rename>, ownKey: boolean): Draft<T> {
  const rename = (k: string): string => renames.get(k)?.to ?? k;
  const source = { ...draft.source } as Record<string, unknown>;
  for (const field of ["requires", "conflictsWith", "before", "after", "overlays"]) {
    if (Array.isArray(source[field])) source[field] = (source[field] as string[]).map(rename);
  }
  if (typeof source.base === "string") source.base = rename(source.base);
  const key = ownKey ? rename(draft.key) : draft.key;
  const why = renames.get(draft.key)?.why === "built-in" ? `"${draft.key}" is a built-in forge mode's key` : "--rename";
  const comments = key === draft.key ? draft.comments : [...draft.comments, `renamed: "${draft.key}" to "${key}" (${why})`];
  return { ...draft, key, comments, source: source as T };
}

export function assembleImport(drafts: Drafts, options: ImportOptions): ImportResult {
  const diagnostics = [...drafts.diagnostics];
  const renames = planRenames(drafts.modes, drafts.presets, options, diagnostics);
  const taken = new Map<string, string>();
  const modes = keepUnique(
    drafts.modes.map((m) => renamed(m, renames, true)),
    "mode",
    taken,
    diagnostics,
  );
  const presets = keepUnique(
    drafts.presets.map((p) => renamed(p, renames, false)),
    "preset",
    taken,
    diagnostics,
  );
  const rules = keepUnique(drafts.rules ?? [], "rule", taken, diagnostics);

  const files: Array<[string, string]> = [
    ...modes.map((m): [string, string] => [`modes/${m.key}.yaml`, emitSourceYaml(m)]),
    ...presets.map((p): [string, string] => [`presets/${p.key}.yaml`, emitSourceYaml(p)]),
    ...rules.map((r): [string, string] => [`rules/${r.key}.yaml`, emitSourceYaml(r)]),
  ];
  files.sort(([a], [b]) => compareCodeUnits(a, b));
  return { sources: Object.fromEntries(files), diagnostics: sortDiagnostics(diagnostics), skipped: drafts.skipped };
}
