// `forge explain`: the resolved composition of a preset or mode list as data (pure; the CLI renders or prints JSON).
import type { Scope } from "../../core/digest.js";
import type { Mode } from "../../generated/types.js";
import { checkContracts } from "../../core/candidate.js";
import { composeAgainstSample, resolveSelection, type InspectedSources, type SampleSettings, type SelectionSpec } from "./inspection.js";
import { tracePreferences } from "../../core/preferences.js";
import { estimateTokens } from "../../core/prompt-size.js";
import { renderOverlaySection } from "../../core/composition.js";
import { renderTemplate, type PromptVars } from "../../core/template.js";
import { findSlotUses, type SlotName } from "./cache-slots.js";
import { bashWarnings, explainEditLimits, explainPath, explainPathOnly, explainRules, type PathQuery } from "./explain-paths.js";
import { extendsChain } from "./extends-chain.js";
import { checkDeclaredContracts, type ContractCheck } from "./explain-contracts.js";
import { explainTokens } from "./explain-tokens.js";
import { explainTools } from "./explain-tools.js";

export { checkDeclaredContracts, type ContractCheck };

export type { ExplainComponent, ExplainInput, ExplainPreferences, ExplainReport, ExplainUpdate, LayoutPart } from "./explain-report.js";
import type { ExplainComponent, ExplainInput, ExplainPreferences, ExplainReport, ExplainUpdate, LayoutPart } from "./explain-report.js";

function sampleValue(vars: PromptVars, key: string): (slot: SlotName) => string {
  return (slot) => (slot === "mode" ? key : vars[slot]);
}

/** The same merge as the runtime (later components win model/thinking; tool lists intersect), with origins. */
export function explainPreferences(modes: ReadonlyArray<{ key: string; mode: Mode }>): ExplainPreferences {
  return tracePreferences(modes);
}

/** The runtime's delivery rule (runtime/updates/model-view.ts) in one paragraph, for a selection with a forced prompt or not. */
export function describeUpdateDelivery(forced: boolean): string {
  if (forced)
    return "this selection forces the prompt (replace_final), which hides prompt sections: every host gets tagged <system_update> messages, and the forced prompt restates updates the model already holds as sections";
  return (
    "Pi 1.x with a model that has mid-conversation system messages (compat.supportsMidConvoSystemMessages): a prompt section per update, which Pi appends as a patch; " +
    "any other model, and Pi 0.73.1: tagged <system_update> messages, the prompt stays byte-stable. No update change rewrites the cached prefix; " +
    "after a model switch, updates stay where the model got them. /system-update status shows the current model's delivery"
  );
}

function layoutFor(base: Mode | undefined, baseKey: string | null, overlays: readonly string[]): LayoutPart[] {
  const tail: LayoutPart[] = overlays.map((key) => ({ part: "mode", key, role: "overlay" }));
  if (base?.strategy === "replace_final") return [{ part: "mode", key: baseKey!, role: "base" }];
  if (base) {
    return [
      { part: "mode", key: baseKey!, role: "base" },
      { part: "host", description: "Pi's envelope: appended system prompt, project context files, skills, date and cwd" },
      ...tail,
    ];
  }
  return [{ part: "host", description: "Pi's native prompt: role, tools, guidelines, context files, skills, date and cwd" }, ...tail];
}

export function explainSelection(input: ExplainInput, violations: readonly string[]): ExplainReport {
  const { catalog, vars } = input;
  const roles: Array<[string, "base" | "overlay"]> = [
    ...(input.base === null ? [] : [[input.base, "base"] as [string, "base"]]),
    ...input.overlays.map((k) => [k, "overlay"] as [string, "overlay"]),
  ];
  const components: ExplainComponent[] = [];
  const cacheSensitive: ExplainReport["cacheSensitive"] = [];
  const version = input.libraryVersion ?? (() => null);
  // A carried library component keeps the source path it has in its library, not one under this forge root.
  const describe = (scope: Scope, source: string, library: string | null | undefined, layer: string | null = null) =>
    library ? `${library}${version(library) ? `@${version(library)}` : ""}: ${source}` : input.describeSource(scope, source, layer);
  for (const [index, [key, role]] of roles.entries()) {
    const entry = catalog.modes.get(key)!;
    const body = renderTemplate(entry.mode.prompt, vars, key);
    const text = role === "overlay" ? renderOverlaySection(entry.mode.label, body) : body;
    // An overlay's slots sit after its heading; offsets are within the composed component text.
    const shift = text.length - body.length;
    const slots = findSlotUses(entry.mode.prompt, sampleValue(vars, key)).map((s) => ({ ...s, offset: s.offset + shift }));
    components.push({
      position: index + 1,
      key,
      role,
      strategy: entry.mode.strategy,
      label: entry.mode.label,
      scope: entry.scope,
      source: describe(entry.scope, entry.mode.source, entry.mode.library, entry.layer),
      digest: entry.mode.digest,
      library: entry.mode.library ? { name: entry.mode.library, version: version(entry.mode.library) } : null,
      extends: extendsChain(catalog, key, entry.mode).map((s) => ({
        key: s.key,
        digest: s.digest,
        scope: s.found?.scope ?? null,
        source: s.found ? describe(s.found.scope, s.found.source, s.found.library) : null,
        library: s.found?.library ?? null,
      })),
      chars: text.length,
      estimatedTokens: estimateTokens(text.length),
      slots,
    });
    for (const s of slots) if (s.cacheSensitive) cacheSensitive.push({ component: key, slot: s.slot, volatility: s.volatility, offset: s.offset });
  }
  const presetEntry = input.preset === null ? undefined : catalog.presets.get(input.preset);
  const systemUpdates: ExplainUpdate[] = (presetEntry?.preset.systemUpdates ?? []).map((u) => {
    const text = renderTemplate(u.content, vars, input.preset ?? "");
    return {
      id: u.id,
      name: u.name,
      modelCallable: u.modelCallable,
      digest: u.digest,
      chars: text.length,
      estimatedTokens: estimateTokens(text.length),
      slots: findSlotUses(u.content, sampleValue(vars, input.preset ?? "")),
    };
  });
  const forgeChars = components.reduce((n, c) => n + c.chars, 0);
  const baseMode = input.base === null ? undefined : catalog.modes.get(input.base)?.mode;
  const selected = roles.map(([key]) => ({ key, mode: catalog.modes.get(key)!.mode, layer: catalog.modes.get(key)!.layer }));
  const preferences = explainPreferences(selected);
  const triggered = explainRules(input.rules ?? [], catalog, input.preset === null ? [] : [input.preset], input.describeSource);
  // Limits apply together with the merged tools: bash is unchecked unless the selection's tools leave it out.
  const editLimits = explainEditLimits(selected, () => preferences.tools?.value);
  const tools = explainTools(catalog, selected, input.preset);
  return {
    command: "explain",
    status: violations.length > 0 ? "refused" : "ok",
    reason: violations.length > 0 ? `contracts: ${violations.join("; ")}` : null,
    selection: { preset: input.preset, base: input.base, overlays: [...input.overlays] },
    preset: presetEntry
      ? {
          key: presetEntry.key,
          scope: presetEntry.scope,
          source: input.describeSource(presetEntry.scope, presetEntry.preset.source, presetEntry.layer),
          digest: presetEntry.preset.digest,
          driftPolicy: presetEntry.preset.driftPolicy ?? "block",
          description: presetEntry.preset.description,
        }
      : null,
    layout: layoutFor(baseMode, input.base, input.overlays),
    components,
    contracts: checkDeclaredContracts(catalog, input.base, input.overlays),
    preferences,
    cacheSensitive,
    systemUpdates,
    rules: triggered.map((t) => t.rule),
    editLimits,
    tools,
    warnings: bashWarnings(editLimits),
    path: input.pathQuery ? explainPath(input.pathQuery, input.root ?? "", triggered, selected) : null,
    updateDelivery: systemUpdates.length > 0 ? describeUpdateDelivery(baseMode?.strategy === "replace_final") : null,
    size:
      input.prompt === null
        ? null
        : { chars: input.prompt.length, estimatedTokens: estimateTokens(input.prompt.length), forgeChars, forgeEstimatedTokens: estimateTokens(forgeChars) },
    tokens: explainTokens(
      catalog,
      input.preset,
      roles.map(([key]) => key),
      input.tokensOf ?? (() => null),
    ),
    diagnostics: input.diagnostics,
  };
}

function refusedExplain(reason: string, status: ExplainReport["status"], diagnostics: ExplainReport["diagnostics"]): ExplainReport {
  const none = { selection: null, preset: null, preferences: null, path: null, updateDelivery: null, size: null, tokens: null };
  return {
    command: "explain",
    status,
    reason,
    ...none,
    layout: [],
    components: [],
    contracts: [],
    cacheSensitive: [],
    systemUpdates: [],
    rules: [],
    editLimits: [],
    tools: null,
    warnings: [],
    diagnostics,
  };
}

/** `forge explain <names>` over the inspected sources: the report and its exit code (1 when refused or a contract breaks). */
export function explainNames(
  inspected: InspectedSources,
  spec: SelectionSpec,
  settings: SampleSettings,
  cwd: string,
  describeSource: (scope: Scope, source: string, layer: string | null) => string,
  pathQuery: PathQuery | null = null,
): { report: ExplainReport; exitCode: number } {
  const { diagnostics, catalog } = inspected;
  if (catalog === null) return { report: refusedExplain("the sources have errors; fix them first", "errors", diagnostics), exitCode: 1 };
  if (pathQuery !== null && spec.kind === "names" && spec.names.length === 0) {
    const parts = explainPathOnly(catalog, inspected.rules ?? [], pathQuery, cwd, describeSource);
    return { report: { ...refusedExplain("", "ok", diagnostics), reason: null, ...parts }, exitCode: 0 };
  }
  const resolved = resolveSelection(catalog, spec);
  if ("error" in resolved) return { report: refusedExplain(resolved.error, "refused", diagnostics), exitCode: 1 };
  const violations = checkContracts(catalog, resolved.candidate);
  const sample = violations.length === 0 ? composeAgainstSample(catalog, resolved, settings, cwd) : null;
  const report = explainSelection(
    {
      catalog,
      preset: resolved.preset,
      base: resolved.candidate.base,
      overlays: resolved.candidate.overlays,
      vars: sample?.vars ?? { cwd, date: "YYYY-MM-DD", time: "HH:MM", model: "", os: settings.os, preset: resolved.preset ?? "" },
      prompt: sample?.prompt ?? null,
      describeSource,
      libraryVersion: (name) => inspected.libraries?.find((l) => l.name === name)?.version ?? null,
      diagnostics,
      rules: inspected.rules ?? [],
      pathQuery,
      root: cwd,
      tokensOf: inspected.tokensOf,
    },
    violations,
  );
  return { report, exitCode: violations.length > 0 ? 1 : 0 };
}
