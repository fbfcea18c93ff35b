// Turns the drafts of one import into forge source files: key collisions, built-in shadowing, YAML text, sorted diagnostics.
import { compareCodeUnits } from "../../core/canonical-json.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { sortDiagnostics } from "../compile.js";
import { importKeyCollision, importShadowsBuiltin } from "../diagnostics/import-codes.js";
import { emitSourceYaml } from "./emit-yaml.js";
import type { Draft, ImportOptions, ImportResult, ModeDraft, PresetDraft, SkippedEntry } from "./types.js";

export interface Drafts {
  modes: ModeDraft[];
  presets: PresetDraft[];
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

export function assembleImport(drafts: Drafts, options: ImportOptions): ImportResult {
  const diagnostics = [...drafts.diagnostics];
  const taken = new Map<string, string>();
  const modes = keepUnique(drafts.modes, "mode", taken, diagnostics);
  const presets = keepUnique(drafts.presets, "preset", taken, diagnostics);
  const builtin = new Set(options.builtinModeKeys);
  for (const mode of modes) if (builtin.has(mode.key)) diagnostics.push(importShadowsBuiltin(mode.keyWhere, mode.key));

  const files: Array<[string, string]> = [
    ...modes.map((m): [string, string] => [`modes/${m.key}.yaml`, emitSourceYaml(m)]),
    ...presets.map((p): [string, string] => [`presets/${p.key}.yaml`, emitSourceYaml(p)]),
  ];
  files.sort(([a], [b]) => compareCodeUnits(a, b));
  return { sources: Object.fromEntries(files), diagnostics: sortDiagnostics(diagnostics), skipped: drafts.skipped };
}
