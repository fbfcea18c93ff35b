// What forge preview and explain share: a selection resolved by name against the catalog, composed against a sample
// host prompt with the same core functions the runtime uses (no copy of them).
import type { Catalog } from "../../core/component-catalog.js";
import type { Candidate } from "../../core/candidate.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { composeSelection } from "../../core/composition.js";
import { renderPromptString } from "../../core/prompt-layout.js";
import { previewStateEntry, resolveCandidate, type SelectionRequest } from "../../core/selection.js";
import { buildPromptVars, type PromptVars } from "../../core/template.js";
import type { ForgeModeStateEntry } from "../../generated/types.js";

/** Stands in for Pi's native prompt: forge never embeds Pi's real text, it only composes around it. */
const SAMPLE_NATIVE_BASE = "<Pi's native system prompt: role, available tools, guidelines, Pi documentation>";
const SAMPLE_CONTEXT = { path: "AGENTS.md", content: "<your project's context files (AGENTS.md, CLAUDE.md) appear here>" };

/** The target's sources compiled in memory, offered together with the built-in bundle (as the runtime would). */
export interface InspectedSources {
  diagnostics: Diagnostic[];
  /** null when the sources have errors. */
  catalog: Catalog | null;
}

/** The moment and platform the sample renders for (slot values). */
export interface SampleSettings {
  now: Date;
  os: string;
}

export interface ResolvedSelection {
  candidate: Candidate;
  preset: string | null;
}

/** `names`: a single preset name, or mode keys in order (the same rules as `/mode set`). */
export function resolveSelection(catalog: Catalog, names: readonly string[]): ResolvedSelection | { error: string } {
  const only = names.length === 1 ? names[0]! : null;
  const request: SelectionRequest =
    only !== null && catalog.presets.has(only) && !catalog.modes.has(only) ? { kind: "preset", name: only } : { kind: "keys", keys: [...names] };
  const resolved = resolveCandidate(catalog, request);
  if (!resolved.ok) {
    if (request.kind === "preset") return { error: resolved.error };
    const presets = [...catalog.presets.keys()].sort().join(", ") || "none";
    return { error: `${resolved.error}; presets: ${presets}` };
  }
  const { base, overlays, preset } = resolved.candidate;
  return { candidate: { base, overlays }, preset };
}

/** A selection composed against the sample host prompt: the state it would persist, the vars and the prompt. */
export interface SampleComposition {
  state: ForgeModeStateEntry;
  vars: PromptVars;
  prompt: string;
  fallbackReason: string | null;
}

/** Pi 0.73.1's prompt for the sample inputs, as the string forge composes around. */
function sampleHostPrompt(vars: PromptVars, cwd: string): string {
  return `${SAMPLE_NATIVE_BASE}\n\n# Project Context\n\nProject-specific instructions and guidelines:\n\n## ${SAMPLE_CONTEXT.path}\n\n${SAMPLE_CONTEXT.content}\n\n\nCurrent date: ${vars.date}\nCurrent working directory: ${cwd}`;
}

export function composeAgainstSample(catalog: Catalog, resolved: ResolvedSelection, settings: SampleSettings, cwd: string): SampleComposition {
  // A preview is not an activation: a replace_final base is taken as confirmed for display only, nothing is persisted.
  const state = previewStateEntry(catalog, { ...resolved.candidate, preset: resolved.preset, driftPolicy: "block" });
  const vars = buildPromptVars({ cwd, now: settings.now, model: null, os: settings.os, preset: resolved.preset });
  const composed = composeSelection(catalog, { state, error: null }, vars);
  const native = sampleHostPrompt(vars, cwd);
  const options = { cwd, contextFiles: [SAMPLE_CONTEXT], selectedTools: ["read", "bash", "edit", "write"] };
  const prompt = renderPromptString(native, options, composed.composition) ?? native;
  return { state, vars, prompt, fallbackReason: composed.fallbackReason };
}
