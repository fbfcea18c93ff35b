// The Library view's data: every mode, preset and path rule (nested context files' too) of every loaded layer (built-in, global, the target), shadowing,
// sizes with sample values, contracts, and the diagnostics that point into each one's files. Pure.
import type { Catalog, Origin } from "../../../core/component-catalog.js";
import { judgeCandidate } from "../../../core/candidate.js";
import { renderOverlaySection } from "../../../core/composition.js";
import type { Scope } from "../../../core/digest.js";
import { describePattern } from "../../../core/path-match.js";
import { estimateTokens } from "../../../core/prompt-size.js";
import { renderTemplate, type PromptVars } from "../../../core/template.js";
import type { ForgeBundle, Mode, TokenCounts } from "../../../generated/types.js";
import { describePart } from "../../tokens/part-names.js";
import type { SourceOrigin } from "./source-refs.js";
import type { DiagnosticView, LibraryData, LibraryEntry, SourceRef, StrategyName } from "./studio-api.js";

export interface LibraryLayer {
  scope: Scope;
  /** A project layer's root (a monorepo has several); null for the built-in and global scopes. */
  layer: string | null;
  /** Where the bundle came from, e.g. `.pi/forge/ (sources, built in memory)`. */
  origin: string;
  bundle: ForgeBundle;
  notes: string[];
}

export interface LibraryInput {
  /** Shallow to deep (builtin, global, project): a deeper layer shadows a shallower one per key. */
  layers: LibraryLayer[];
  /** The catalog of the same layers (what a selection resolves against). */
  catalog: Catalog;
  vars: PromptVars;
  definitionRef: (origin: SourceOrigin, source: string) => SourceRef;
  promptRef: (origin: SourceOrigin, source: string) => SourceRef;
  /** The target's diagnostics; they attach to the target layer's entries. */
  diagnostics: DiagnosticView[];
  /** The layer being edited (its scope, and its root for a project): the only one diagnostics attach to. */
  target: Origin;
}

/** A mode's text as composed (an overlay with its heading), with sample values: the size `forge explain` reports. */
function composedChars(key: string, mode: Mode, vars: PromptVars): number {
  const body = renderTemplate(mode.prompt, vars, key);
  return (mode.strategy === "append" ? renderOverlaySection(mode.label, body) : body).length;
}

function shadowOf(layers: readonly LibraryLayer[], index: number, has: (b: ForgeBundle) => boolean): Scope | null {
  for (let i = layers.length - 1; i > index; i--) if (has(layers[i]!.bundle)) return layers[i]!.scope;
  return null;
}

const SCOPE_RANK: Record<Scope, number> = { project: 0, global: 1, builtin: 2 };
const KIND_RANK: Record<LibraryEntry["kind"], number> = { mode: 0, preset: 1, rule: 2 };

/** A mode's tokens as its bundle counted them (null: a bundle built before forge counted tokens). */
function modeTokens(tokens: TokenCounts | undefined, key: string): LibraryEntry["tokens"] {
  const total = tokens !== undefined && Object.hasOwn(tokens.modes, key) ? tokens.modes[key] : undefined;
  return total === undefined ? null : { total, parts: [] };
}

/** A rule's tokens when it switches on, as its bundle counted them (its text; a context rule's under its heading). */
function ruleTokens(tokens: TokenCounts | undefined, key: string): LibraryEntry["tokens"] {
  const total = tokens?.rules !== undefined && Object.hasOwn(tokens.rules, key) ? tokens.rules[key] : undefined;
  return total === undefined ? null : { total, parts: [] };
}

/** A preset's always-on tokens, part by part in prompt order, as its bundle counted them. */
function presetTokens(tokens: TokenCounts | undefined, key: string): LibraryEntry["tokens"] {
  const counts = tokens !== undefined && Object.hasOwn(tokens.presets, key) ? tokens.presets[key] : undefined;
  if (counts === undefined) return null;
  return { total: counts.alwaysOn, parts: counts.parts.map((p) => ({ what: describePart(p), key: p.key ?? null, tokens: p.tokens })) };
}

export function buildLibrary(input: LibraryInput): LibraryData {
  const { layers, catalog, vars } = input;
  const attached = new Set<DiagnosticView>();
  const diagnosticsFor = (origin: Origin, files: ReadonlyArray<string | null>): DiagnosticView[] => {
    if (origin.scope !== input.target.scope || origin.layer !== input.target.layer) return [];
    const found = input.diagnostics.filter((d) => d.file !== null && files.includes(d.file));
    for (const d of found) attached.add(d);
    return found;
  };
  const entries: LibraryEntry[] = [];
  for (const [index, layer] of layers.entries()) {
    const { scope } = layer;
    const origin: Origin = { scope, layer: layer.layer };
    for (const [key, mode] of Object.entries(layer.bundle.modes)) {
      if (!mode) continue;
      const chars = composedChars(key, mode, { ...vars, preset: "" });
      const source = input.definitionRef({ ...origin, library: mode.library }, mode.source);
      const prompt = input.promptRef({ ...origin, library: mode.library }, mode.source);
      const { requires, conflictsWith, before, after } = mode;
      entries.push({
        kind: "mode",
        key,
        scope,
        shadowedBy: shadowOf(layers, index, (b) => Object.hasOwn(b.modes, key)),
        label: mode.label,
        description: mode.description,
        strategy: mode.strategy,
        source,
        digest: mode.digest,
        chars,
        estimatedTokens: estimateTokens(chars),
        tokens: modeTokens(layer.bundle.tokens, key),
        contracts: { requires: [...requires], conflictsWith: [...conflictsWith], before: [...before], after: [...after] },
        preset: null,
        rule: null,
        diagnostics: diagnosticsFor(origin, [mode.source, prompt.file]),
      });
    }
    for (const [key, rule] of Object.entries(layer.bundle.rules ?? {})) {
      if (!rule) continue;
      // A rule's text as it arrives (a system update), with sample values; a context rule's is the file under its heading.
      const chars = renderTemplate(rule.content, { ...vars, preset: "" }, key).length;
      entries.push({
        kind: "rule",
        key,
        scope,
        shadowedBy: shadowOf(layers, index, (b) => Object.hasOwn(b.rules ?? {}, key)),
        label: rule.contextFile === undefined ? rule.name : null,
        description: rule.description,
        strategy: null,
        source: input.definitionRef(origin, rule.source),
        digest: rule.digest,
        chars,
        estimatedTokens: estimateTokens(chars),
        tokens: ruleTokens(layer.bundle.tokens, key),
        contracts: null,
        preset: null,
        rule: { paths: rule.when.paths.map(describePattern), contextFile: rule.contextFile ?? null },
        diagnostics: diagnosticsFor(origin, [rule.source]),
      });
    }
    for (const [key, preset] of Object.entries(layer.bundle.presets)) {
      if (!preset) continue;
      const base = preset.base ?? null;
      const keys = base === null ? preset.overlays : [base, ...preset.overlays];
      const presetVars = { ...vars, preset: key };
      const chars = keys.reduce((n, k) => {
        const m = catalog.modes.get(k)?.mode;
        return n + (m ? composedChars(k, m, presetVars) : 0);
      }, 0);
      const judged = judgeCandidate(catalog, { base, overlays: [...preset.overlays] });
      const count = (status: string) => judged.filter((j) => j.status === status).length;
      const strategy: StrategyName = base === null ? "append" : (catalog.modes.get(base)?.mode.strategy ?? "replace_base");
      entries.push({
        kind: "preset",
        key,
        scope,
        shadowedBy: shadowOf(layers, index, (b) => Object.hasOwn(b.presets, key)),
        label: null,
        description: preset.description,
        strategy,
        source: input.definitionRef({ ...origin, library: preset.library }, preset.source),
        digest: preset.digest,
        chars,
        estimatedTokens: estimateTokens(chars),
        tokens: presetTokens(layer.bundle.tokens, key),
        contracts: null,
        preset: {
          base,
          overlays: [...preset.overlays],
          driftPolicy: preset.driftPolicy ?? "block",
          contracts: { held: count("held"), notApplicable: count("not-applicable"), violated: count("violated") },
        },
        rule: null,
        diagnostics: diagnosticsFor(origin, [preset.source]),
      });
    }
  }
  entries.sort((a, b) => KIND_RANK[a.kind] - KIND_RANK[b.kind] || a.key.localeCompare(b.key) || SCOPE_RANK[a.scope] - SCOPE_RANK[b.scope]);
  return {
    entries,
    layers: layers.map((l) => ({ scope: l.scope, origin: l.origin, bundleHash: l.bundle.bundleHash, notes: l.notes })),
    unattached: input.diagnostics.filter((d) => !attached.has(d)),
  };
}
