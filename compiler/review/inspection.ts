// What forge preview and explain share: a selection resolved by name against the catalog, composed against a sample
// host prompt with the same core functions the runtime uses (no copy of them).
import type { PolicyInput } from "../types.js";
import { suggestClosest } from "../../core/suggest.js";
import type { Catalog } from "../../core/component-catalog.js";
import type { Candidate } from "../../core/candidate.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { composeSelection, type ComposeResult, type Composition } from "../../core/composition.js";
import { renderPromptString } from "../../core/prompt-layout.js";
import { previewStateEntry, resolveCandidate, type SelectionRequest } from "../../core/selection.js";
import { buildPromptVars, type PromptVars } from "../../core/template.js";
import type { ForgeModeStateEntry } from "../../generated/types.js";
import type { RuleRef } from "../../core/rule-catalog.js";
import type { TokensOf } from "./explain-tokens.js";

/** Stands in for Pi's native prompt: forge never embeds Pi's real text, it only composes around it. */
const SAMPLE_NATIVE_BASE = "<Pi's native system prompt: role, available tools, guidelines, Pi documentation>";
const SAMPLE_CONTEXT = { path: "AGENTS.md", content: "<your project's context files (AGENTS.md, CLAUDE.md) appear here>" };

/** The target's sources compiled in memory, offered together with the built-in bundle (as the runtime would). */
export interface InspectedSources {
  diagnostics: Diagnostic[];
  /** null when the sources have errors. */
  catalog: Catalog | null;
  /** The rules/ rules of the compiled scopes (absent: none). */
  rules?: readonly RuleRef[];
  /** The forge libraries the compiled bundle carries (its lock): package name and version. */
  libraries?: ReadonlyArray<{ name: string; version: string }>;
  /** The bundleHash the sources build (absent after errors): is the bundle on disk current? */
  bundleHash?: string;
  /** forge.yaml's signedBy: the keys each library must be signed by. */
  signedBy?: Readonly<Record<string, readonly string[]>>;
  /** The token counts of the bundle a component came from (by scope and layer). */
  tokensOf?: TokensOf;
  /** forge.yaml's expectPolicy, as the I/O edge found it (explain shows what it adds). */
  expectPolicy?: PolicyInput;
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

/** What the user named: bare names (a preset, or mode keys in order), or explicitly a preset or modes. */
export type SelectionSpec = { kind: "names"; names: readonly string[] } | { kind: "preset"; name: string } | { kind: "modes"; keys: readonly string[] };

/**
 * The request a spec stands for. A bare single name that is both a preset and a mode is ambiguous (Pi's own example
 * `plan` preset next to the built-in `plan` mode): an error naming both explicit choices, never a silent pick.
 */
function requestFor(catalog: Catalog, spec: SelectionSpec): SelectionRequest | { error: string } {
  if (spec.kind === "preset") return { kind: "preset", name: spec.name };
  if (spec.kind === "modes") return { kind: "keys", keys: [...spec.keys] };
  const only = spec.names.length === 1 ? spec.names[0]! : null;
  if (only !== null && catalog.presets.has(only)) {
    if (!catalog.modes.has(only)) return { kind: "preset", name: only };
    const preset = catalog.presets.get(only)!;
    const mode = catalog.modes.get(only)!;
    return {
      error: `"${only}" is both a preset (${preset.scope}, ${preset.preset.source}) and a mode (${mode.scope}, ${mode.mode.source}); say which: --preset ${only} or --modes ${only}`,
    };
  }
  return { kind: "keys", keys: [...spec.names] };
}

/** Resolves what the user named against the catalog (contracts are judged by the caller). */
export function resolveSelection(catalog: Catalog, spec: SelectionSpec): ResolvedSelection | { error: string } {
  const request = requestFor(catalog, spec);
  if ("error" in request) return request;
  const resolved = resolveCandidate(catalog, request);
  if (!resolved.ok) {
    if (request.kind === "preset") return { error: resolved.error };
    const presets = [...catalog.presets.keys()].sort().join(", ") || "none";
    // One bare name that is neither: the nearest preset or mode, whichever it was more likely meant to be.
    const only = spec.kind === "names" && spec.names.length === 1 ? spec.names[0]! : null;
    if (only !== null && !catalog.modes.has(only) && !catalog.presets.has(only)) {
      const near = suggestClosest(only, [...catalog.presets.keys(), ...catalog.modes.keys()]);
      const what = near === null ? "" : ` (did you mean the ${catalog.presets.has(near) ? "preset" : "mode"} "${near}"?)`;
      if (!catalog.withheldModes.has(only)) return { error: `unknown mode "${only}", and no preset of that name${what}; presets: ${presets}` };
    }
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
  /** What the prompt was rendered from (the studio splits it by component). */
  composition: Composition;
  fallbackReason: string | null;
}

/** Pi 0.73.1's prompt for the sample inputs, as the string forge composes around. */
function sampleHostPrompt(vars: PromptVars, cwd: string): string {
  return `${SAMPLE_NATIVE_BASE}\n\n# Project Context\n\nProject-specific instructions and guidelines:\n\n## ${SAMPLE_CONTEXT.path}\n\n${SAMPLE_CONTEXT.content}\n\n\nCurrent date: ${vars.date}\nCurrent working directory: ${cwd}`;
}

/** `adjust`: what the runtime does to a composition before it renders (the team policy's overlays: core/policy-compose.ts). */
export function composeAgainstSample(
  catalog: Catalog,
  resolved: ResolvedSelection,
  settings: SampleSettings,
  cwd: string,
  adjust: (composed: ComposeResult, vars: PromptVars) => ComposeResult = (composed) => composed,
): SampleComposition {
  // A preview is not an activation: a replace_final base is taken as confirmed for display only, nothing is persisted.
  const state = previewStateEntry(catalog, { ...resolved.candidate, preset: resolved.preset, driftPolicy: "block" });
  const vars = buildPromptVars({ cwd, now: settings.now, model: null, os: settings.os, preset: resolved.preset });
  const composed = adjust(composeSelection(catalog, { state, error: null }, vars), vars);
  const native = sampleHostPrompt(vars, cwd);
  const options = { cwd, contextFiles: [SAMPLE_CONTEXT], selectedTools: ["read", "bash", "edit", "write"] };
  const prompt = renderPromptString(native, options, composed.composition) ?? native;
  return { state, vars, prompt, composition: composed.composition, fallbackReason: composed.fallbackReason };
}
