// The Compose view's data: `forge explain`'s report for a selection plus the composed prompt for either host, split
// by component. Pure; every figure and every byte of text comes from the same functions explain and the runtime use.
import { toolReportLines } from "../../../core/tool-report.js";
import type { Catalog, Origin } from "../../../core/component-catalog.js";
import { composeSelection } from "../../../core/composition.js";
import type { Diagnostic } from "../../../core/diagnostic.js";
import type { Scope } from "../../../core/digest.js";
import { estimateTokens } from "../../../core/prompt-size.js";
import { sectionsDelivery } from "../../../core/sections-delivery.js";
import { describeVolatility, SLOT_VOLATILITY } from "../../review/cache-slots.js";
import { explainNames, type ExplainReport } from "../../review/explain.js";
import { componentTokens, type TokensOf } from "../../review/explain-tokens.js";
import { composeAgainstSample, resolveSelection, type SampleSettings, type SelectionSpec } from "../../review/inspection.js";
import type { SourceOrigin } from "./source-refs.js";
import { componentSegments, sectionsBlocks, sectionsText, stringBlocks, type SegmentsOf } from "./prompt-segments.js";
import { sampleHostSections } from "./sample-sections.js";
import type { ComposeData, EffectivePreferences, HostKind, PromptView, SourceRef } from "./studio-api.js";

export interface ComposeInput {
  catalog: Catalog;
  diagnostics: Diagnostic[];
  /** A preset name, or mode keys in order (as `forge explain` takes them). */
  names: string[];
  /** How the page picked them: the preset list, the mode keys field, or unsaid (a bare name: an ambiguous one is refused). */
  as?: "preset" | "modes";
  host: HostKind;
  settings: SampleSettings;
  /** The {{cwd}} of the sample (the project root, as preview and explain use). */
  cwd: string;
  /** Where a component's prompt text starts, for its link. */
  promptRef: (origin: SourceOrigin, source: string) => SourceRef;
  /** Where a preset is defined. */
  definitionRef: (origin: SourceOrigin, source: string) => SourceRef;
  /** The token counts of the bundle a component came from (absent: none shown). */
  tokensOf?: TokensOf;
}

/** The selection the page asked for, as forge explain's --preset / --modes / bare names. */
function specOf(input: Pick<ComposeInput, "names" | "as">): SelectionSpec {
  if (input.as === "preset" && input.names.length === 1) return { kind: "preset", name: input.names[0]! };
  if (input.as === "modes") return { kind: "modes", keys: input.names };
  return { kind: "names", names: input.names };
}

const joined = (segmentsOf: SegmentsOf, key: string, role: "base" | "overlay") =>
  segmentsOf(key, role)
    .map((s) => s.text)
    .join("");

function promptFor(input: ComposeInput): { prompt: PromptView; fallbackReason: string | null } | null {
  const { catalog, settings, cwd } = input;
  const resolved = resolveSelection(catalog, specOf(input));
  if ("error" in resolved) return null;
  const sample = composeAgainstSample(catalog, resolved, settings, cwd);
  // The same call composeAgainstSample made, for the parts the prompt string was built from.
  const { composition } = composeSelection(catalog, { state: sample.state, error: null }, sample.vars);
  const segmentsOf: SegmentsOf = (key, role) => componentSegments(catalog, key, role, sample.vars);
  if (input.host === "string") {
    const { blocks, attributed } = stringBlocks(sample.prompt, composition, segmentsOf);
    const view = {
      host: input.host,
      text: sample.prompt,
      blocks,
      attributed,
      chars: sample.prompt.length,
      estimatedTokens: estimateTokens(sample.prompt.length),
    };
    return { prompt: view, fallbackReason: sample.fallbackReason };
  }
  const delivery = sectionsDelivery(composition);
  const blocks = sectionsBlocks(delivery, sampleHostSections(cwd), sample.state.base, segmentsOf);
  const text = sectionsText(blocks);
  const baseText = delivery?.forceSystemPrompt ?? delivery?.customPrompt ?? null;
  const attributed =
    (baseText === null || sample.state.base === null || joined(segmentsOf, sample.state.base, "base") === baseText) &&
    (delivery?.sections ?? []).every((s) => joined(segmentsOf, s.key, "overlay") === s.body);
  return {
    prompt: { host: input.host, text, blocks, attributed, chars: text.length, estimatedTokens: estimateTokens(text.length) },
    fallbackReason: sample.fallbackReason,
  };
}

/** Each limit as one line: "allow docs/**, *.md; deny docs/generated/**". */
function editLimitsOf(limits: ExplainReport["editLimits"]): NonNullable<EffectivePreferences["editLimits"]> {
  const value = Object.fromEntries(
    limits.map((l) => [
      l.mode,
      `allow ${l.allow === null ? "any path" : l.allow.join(", ") || "nothing"}${l.deny.length ? `; deny ${l.deny.join(", ")}` : ""}`,
    ]),
  );
  return { value, from: limits.map((l) => l.mode) };
}

/** A component's origin for its link, from the catalog entry it resolved to (its layer, and library if carried). */
function originOf<T extends Origin>(entry: T | undefined, scope: Scope, library: (entry: T) => string | undefined): SourceOrigin {
  return { scope, layer: entry?.layer ?? null, library: entry ? library(entry) : undefined };
}

export function composeView(input: ComposeInput): ComposeData {
  const { catalog, names } = input;
  // Sources are described raw here (a carried one with its library's name); the links are built below from each
  // component's catalog entry: scope, layer, library and source file.
  const { report } = explainNames(
    { diagnostics: input.diagnostics, catalog, ...(input.tokensOf ? { tokensOf: input.tokensOf } : {}) },
    specOf(input),
    input.settings,
    input.cwd,
    (_scope, source) => source,
  );
  const composed = report.status === "ok" ? promptFor(input) : null;
  const promptRefOf = (c: ExplainReport["components"][number]): SourceRef => {
    const entry = catalog.modes.get(c.key);
    return input.promptRef(
      originOf(entry, c.scope, (m) => m.mode.library),
      entry?.mode.source ?? c.source,
    );
  };
  return {
    names: [...names],
    host: input.host,
    status: report.status,
    reason: report.reason,
    selection: report.selection,
    preset: report.preset && {
      ...report.preset,
      source: input.definitionRef(
        originOf(catalog.presets.get(report.preset.key), report.preset.scope, (p) => p.preset.library),
        report.preset.source,
      ),
    },
    components: report.components.map((c) => ({
      position: c.position,
      key: c.key,
      role: c.role,
      strategy: c.strategy,
      label: c.label,
      scope: c.scope,
      source: promptRefOf(c),
      digest: c.digest,
      chars: c.chars,
      estimatedTokens: c.estimatedTokens,
      tokens: componentTokens(report.tokens, c.key),
    })),
    contracts: report.contracts,
    // editLimits only when a selected mode declares one (the page lists each mode's allowed and denied paths).
    preferences:
      report.preferences && report.editLimits.length > 0 ? { ...report.preferences, editLimits: editLimitsOf(report.editLimits) } : report.preferences,
    tools: report.tools === null ? [] : toolReportLines(report.tools).map((line) => line.trim()),
    cacheSensitive: report.cacheSensitive.map((c) => ({
      component: c.component,
      slot: c.slot,
      volatility: SLOT_VOLATILITY[c.slot],
      describe: describeVolatility(SLOT_VOLATILITY[c.slot]),
    })),
    systemUpdates: report.systemUpdates.map(({ id, name, modelCallable, digest, chars, estimatedTokens }) => ({
      id,
      name,
      modelCallable,
      digest,
      chars,
      estimatedTokens,
      tokens: report.tokens?.blocks.find((b) => b.id === id)?.tokens ?? null,
    })),
    tokens: report.tokens,
    prompt: composed?.prompt ?? null,
    fallbackReason: composed?.fallbackReason ?? null,
  };
}
