// `forge preview`: compile the sources in memory and print the prompt a preset (or modes in order) composes.
import type { Diagnostic } from "../../core/diagnostic.js";
import { hasErrors } from "../../core/diagnostic.js";
import type { ForgeBundle, ForgeModeStateEntry } from "../../generated/types.js";
import { buildCatalog, type Catalog, type ScopedBundles } from "../../core/component-catalog.js";
import { composeSelection } from "../../core/composition.js";
import { estimateTokens } from "../../core/prompt-size.js";
import { candidateFromKeys, checkContracts, type Candidate } from "../../core/candidate.js";
import { effectivePrompt, legacyHostAdapter, type BeforeAgentStartEventLike } from "../../runtime/host-adapter/index.js";
import { buildPromptVars, type PromptVars } from "../../core/template.js";
import { createStateEntry } from "../../core/selection.js";
import { compile } from "../compile.js";
import { sourceLookup, type SourceLookup } from "../diagnostics/format.js";
import type { ForgeTarget } from "../options.js";
import { readSources } from "../read-sources.js";

/** Stands in for Pi's native prompt: forge never embeds Pi's real text, it only composes around it. */
const SAMPLE_NATIVE_BASE = "<Pi's native system prompt: role, available tools, guidelines, Pi documentation>";
const SAMPLE_CONTEXT = { path: "AGENTS.md", content: "<your project's context files (AGENTS.md, CLAUDE.md) appear here>" };

export interface PreviewComponent {
  key: string;
  role: "base" | "overlay";
  strategy: string;
  scope: string;
  digest: string;
}

/** What `forge preview --json` prints; the human output renders the same data. */
export interface PreviewReport {
  command: "preview";
  status: "ok" | "errors" | "refused";
  selection: { preset: string | null; base: string | null; overlays: string[] } | null;
  components: PreviewComponent[];
  /** Why the selection cannot be composed (unknown name, broken contracts). */
  reason: string | null;
  prompt: string | null;
  size: { chars: number; estimatedTokens: number } | null;
  diagnostics: Diagnostic[];
}

export interface PreviewRun {
  report: PreviewReport;
  exitCode: number;
  getSource: SourceLookup;
}

export interface PreviewSettings {
  forgeVersion: string;
  builtinBundle: ForgeBundle | null;
  now: Date;
  os: string;
}

/** Resolves `names`: a single preset name, or mode keys in order (the same rules as `/mode set`). */
export function resolveSelection(catalog: Catalog, names: string[]): ResolvedSelection | { error: string } {
  const only = names.length === 1 ? names[0]! : null;
  if (only !== null && catalog.presets.has(only) && !catalog.modes.has(only)) {
    const preset = catalog.presets.get(only)!.preset;
    return { candidate: { base: preset.base ?? null, overlays: [...preset.overlays] }, preset: only };
  }
  const split = candidateFromKeys(catalog, names);
  if ("error" in split) {
    const presets = [...catalog.presets.keys()].sort().join(", ") || "none";
    return { error: `${split.error}; presets: ${presets}` };
  }
  return { candidate: split.candidate, preset: null };
}

export interface ResolvedSelection {
  candidate: Candidate;
  preset: string | null;
}

/** The target's sources compiled in memory, offered together with the built-in bundle (as the runtime would). */
export interface InspectedSources {
  diagnostics: Diagnostic[];
  getSource: SourceLookup;
  /** null when the sources have errors. */
  catalog: Catalog | null;
}

export function inspectSources(target: ForgeTarget, settings: PreviewSettings): InspectedSources {
  const tree = readSources(target.forgeRoot);
  const getSource = sourceLookup(tree.files);
  const builtinModes = settings.builtinBundle?.modes;
  const result = compile(tree, { scope: target.scope, forgeVersion: settings.forgeVersion, ...(builtinModes ? { builtinModes } : {}) });
  if (hasErrors(result.diagnostics) || result.bundle === null) return { diagnostics: result.diagnostics, getSource, catalog: null };
  const bundles: ScopedBundles = { [target.scope]: result.bundle };
  if (settings.builtinBundle && target.scope !== "builtin") bundles.builtin = settings.builtinBundle;
  return { diagnostics: result.diagnostics, getSource, catalog: buildCatalog(bundles) };
}

/** A selection composed against the sample host prompt: the state it would persist, the vars and the prompt. */
export interface SampleComposition {
  state: ForgeModeStateEntry;
  vars: PromptVars;
  prompt: string;
  fallbackReason: string | null;
}

export function composeAgainstSample(catalog: Catalog, resolved: ResolvedSelection, settings: PreviewSettings, cwd: string): SampleComposition {
  const base = resolved.candidate.base === null ? undefined : catalog.modes.get(resolved.candidate.base);
  // A preview is not an activation: confirm replace_final for display only, nothing is persisted.
  const confirmedExact = base?.mode.strategy === "replace_final" ? base.mode.digest : undefined;
  const state: ForgeModeStateEntry = createStateEntry(
    catalog,
    { ...resolved.candidate, preset: resolved.preset, driftPolicy: "block" },
    { source: "command", now: settings.now, ...(confirmedExact ? { confirmedExact } : {}) },
  );
  const vars = buildPromptVars({ cwd, now: settings.now, model: null, os: settings.os, preset: resolved.preset });
  const composed = composeSelection(catalog, { state, error: null }, vars);
  const event: BeforeAgentStartEventLike = {
    systemPrompt: `${SAMPLE_NATIVE_BASE}\n\n# Project Context\n\nProject-specific instructions and guidelines:\n\n## ${SAMPLE_CONTEXT.path}\n\n${SAMPLE_CONTEXT.content}\n\n\nCurrent date: ${vars.date}\nCurrent working directory: ${cwd}`,
    systemPromptOptions: { cwd, contextFiles: [SAMPLE_CONTEXT], selectedTools: ["read", "bash", "edit", "write"] },
  };
  const prompt = effectivePrompt(event, legacyHostAdapter.applyComposition(event, composed.composition));
  return { state, vars, prompt, fallbackReason: composed.fallbackReason };
}

function refused(reason: string, diagnostics: Diagnostic[]): PreviewReport {
  return { command: "preview", status: "refused", selection: null, components: [], reason, prompt: null, size: null, diagnostics };
}

export function runPreview(target: ForgeTarget, settings: PreviewSettings, names: string[]): PreviewRun {
  const { diagnostics, getSource, catalog } = inspectSources(target, settings);
  if (catalog === null) {
    const report: PreviewReport = { ...refused("the sources have errors; fix them first", diagnostics), status: "errors" };
    return { report, exitCode: 1, getSource };
  }
  const resolved = resolveSelection(catalog, names);
  if ("error" in resolved) return { report: refused(resolved.error, diagnostics), exitCode: 1, getSource };
  const violations = checkContracts(catalog, resolved.candidate);
  if (violations.length > 0) return { report: refused(`contracts: ${violations.join("; ")}`, diagnostics), exitCode: 1, getSource };

  const { state, prompt, fallbackReason } = composeAgainstSample(catalog, resolved, settings, target.root);
  const components: PreviewComponent[] = [];
  const roles: Array<[string, "base" | "overlay"]> = [
    ...(state.base === null ? [] : [[state.base, "base"] as [string, "base"]]),
    ...state.overlays.map((k) => [k, "overlay"] as [string, "overlay"]),
  ];
  for (const [key, role] of roles) {
    const entry = catalog.modes.get(key)!;
    components.push({ key, role, strategy: entry.mode.strategy, scope: entry.scope, digest: entry.mode.digest });
  }
  const report: PreviewReport = {
    command: "preview",
    status: "ok",
    selection: { preset: resolved.preset, base: state.base, overlays: state.overlays },
    components,
    reason: fallbackReason,
    prompt,
    size: { chars: prompt.length, estimatedTokens: estimateTokens(prompt.length) },
    diagnostics,
  };
  return { report, exitCode: 0, getSource };
}

/** Human output: a header naming each component, then the prompt exactly as composed. */
export function renderPreviewHeader(report: PreviewReport): string {
  if (report.status !== "ok" || report.selection === null) return `forge: preview refused: ${report.reason}\n`;
  const lines = [
    `forge preview: ${report.selection.preset ? `preset ${report.selection.preset}` : "modes"} against a sample host prompt`,
    ...report.components.map((c) => `  ${c.role.padEnd(7)} ${c.key} (${c.strategy}, ${c.scope}, ${c.digest.slice(0, 12)})`),
    `  size: ${report.size!.chars} chars, ~${report.size!.estimatedTokens} tokens`,
  ];
  return lines.join("\n") + "\n";
}
