// The Compose view's data: `forge explain`'s report for a selection plus the composed prompt for either host, split
// by component. Pure; every figure and every byte of text comes from the same functions explain and the runtime use.
import { toolReportLines } from "../../../core/tool-report.js";
import type { Catalog, Origin } from "../../../core/component-catalog.js";
import type { Diagnostic } from "../../../core/diagnostic.js";
import type { Scope } from "../../../core/digest.js";
import { estimateTokens } from "../../../core/prompt-size.js";
import { sectionsDelivery } from "../../../core/sections-delivery.js";
import { describeVolatility, SLOT_VOLATILITY } from "../../review/cache-slots.js";
import { explainNames, type ExplainReport } from "../../review/explain.js";
import { componentTokens, type TokensOf } from "../../review/explain-tokens.js";
import { composeAgainstSample, resolveSelection, type SampleSettings, type SelectionSpec } from "../../review/inspection.js";
import type { SourceOrigin } from "./source-refs.js";
import { componentSegments, modeSegments, sectionsBlocks, sectionsText, stringBlocks, type SegmentsOf } from "./prompt-segments.js";
import { composeWithPolicy } from "../../../core/policy-compose.js";
import type { EffectivePolicy } from "../../../core/policy.js";
import { explainPolicy } from "../../review/explain-policy.js";
import { teamPolicyOf } from "../../phases/team-policy.js";
import type { PolicyInput } from "../../types.js";
import { sampleHostSections } from "./sample-sections.js";
import type { ComposeData, EffectivePreferences, HostKind, PromptBlock, PromptView, SourceRef } from "./studio-api.js";

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
  /** The team policy (expectPolicy or `forge studio --policy`): its overlays are composed into the prompt as Pi does. */
  policy?: PolicyInput;
}

/** The team policy as the runtime applies it to this selection: its overlays, or why the selection is refused. */
type PolicyApplied = { policy: EffectivePolicy; refusal: string | null } | { failed: string } | null;

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

function promptFor(input: ComposeInput, applied: PolicyApplied): { prompt: PromptView; fallbackReason: string | null } | null {
  const { catalog, settings, cwd } = input;
  const resolved = resolveSelection(catalog, specOf(input));
  if ("error" in resolved) return null;
  // Under a team policy, the composition the runtime renders (core/policy-compose.ts): its overlays first, or Pi's
  // native prompt plus them when it refuses the selection, or the native prompt alone when it cannot be used.
  const sample = composeAgainstSample(catalog, resolved, settings, cwd, (composed, vars) => {
    if (applied === null) return composed;
    if ("failed" in applied) {
      const reason = `forge: the team policy cannot be used (${applied.failed}); Pi keeps its native prompt`;
      return { ...composed, composition: { kind: "native", reason }, fallbackReason: reason };
    }
    return composeWithPolicy(composed, { kind: "ok", policy: applied.policy }, vars, applied.refusal);
  });
  const { composition } = sample;
  const policyModes = new Map(applied !== null && "policy" in applied ? applied.policy.overlays.map((o) => [o.key, o.mode]) : []);
  // A policy overlay's text is the policy's, also where a selected overlay has its key (the policy's text wins).
  const segmentsOf: SegmentsOf = (key, role) => {
    const own = policyModes.get(key);
    return own === undefined ? componentSegments(catalog, key, role, sample.vars) : modeSegments(own, key, role, sample.vars);
  };
  const layered = (blocks: PromptBlock[]): PromptBlock[] =>
    blocks.map((b) => ({
      ...b,
      segments: b.segments.map((s) => (s.component !== null && policyModes.has(s.component) ? { ...s, layer: "policy" as const } : s)),
    }));
  if (input.host === "string") {
    const split = stringBlocks(sample.prompt, composition, segmentsOf);
    const blocks = layered(split.blocks);
    const attributed = split.attributed;
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
  // The base forge composed (none where the policy refused the selection: the preamble is then Pi's own).
  const base = composition.kind === "compose" ? (composition.base?.key ?? null) : null;
  const blocks = layered(sectionsBlocks(delivery, sampleHostSections(cwd), base, segmentsOf));
  const text = sectionsText(blocks);
  const baseText = delivery?.forceSystemPrompt ?? delivery?.customPrompt ?? null;
  const attributed =
    (baseText === null || base === null || joined(segmentsOf, base, "base") === baseText) &&
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
  // The policy's own layer for this selection (its overlays, rules, and Pi's refusal under it), and the same verdict
  // applied to the prompt shown below it.
  const policy = input.policy === undefined ? undefined : explainPolicy(input.policy, report, catalog);
  const team = input.policy === undefined ? null : teamPolicyOf(input.policy);
  const applied: PolicyApplied = team === null ? null : "why" in team ? { failed: team.why } : { policy: team.policy, refusal: policy?.refusal ?? null };
  const composed = report.status === "ok" ? promptFor(input, applied) : null;
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
    ...(policy === undefined ? {} : { policy }),
  };
}
