// `forge explain`: the resolved composition of a preset or mode list as data (pure; the CLI renders or prints JSON).
import type { Scope } from "../../common/digest.js";
import type { Diagnostic } from "../../common/diagnostic.js";
import type { Mode } from "../../generated/types.js";
import type { Catalog } from "../../runtime/catalog.js";
import { estimateTokens } from "../../runtime/compose.js";
import { renderOverlaySection } from "../../runtime/composition.js";
import { mergePreferences } from "../../runtime/preferences.js";
import { renderTemplate, type PromptVars } from "../../runtime/render-template.js";
import { findSlotUses, type SlotName, type SlotUse } from "./cache-slots.js";

export interface ExplainComponent {
  /** 1-based position among forge's components (base first, then overlays in order). */
  position: number;
  key: string;
  role: "base" | "overlay";
  strategy: Mode["strategy"];
  label: string;
  scope: Scope;
  /** Where the definition came from, e.g. `.pi/forge/modes/plan.yaml` or `presets/modes/plan.yaml` (in the forge package). */
  source: string;
  digest: string;
  /** The component's rendered text as composed (an overlay includes its heading), with sample values. */
  chars: number;
  estimatedTokens: number;
  slots: SlotUse[];
}

/** One part of the final prompt, in order: a forge component or a part Pi builds. */
export type LayoutPart = { part: "mode"; key: string; role: "base" | "overlay" } | { part: "host"; description: string };

export type ContractKind = "requires" | "conflictsWith" | "before" | "after";

export interface ContractCheck {
  declaredBy: string;
  kind: ContractKind;
  other: string;
  /** not-applicable: an ordering or conflict whose other side is not selected. */
  status: "held" | "not-applicable" | "violated";
  detail: string;
}

export interface PreferenceOrigin<T> {
  value: T;
  /** The component(s) the value comes from. */
  from: string[];
}

export interface ExplainPreferences {
  model: PreferenceOrigin<string> | null;
  thinking: PreferenceOrigin<string> | null;
  tools: PreferenceOrigin<string[]> | null;
}

export interface ExplainUpdate {
  id: string;
  name: string;
  modelCallable: boolean;
  digest: string;
  chars: number;
  estimatedTokens: number;
  slots: SlotUse[];
}

export interface ExplainReport {
  command: "explain";
  status: "ok" | "errors" | "refused";
  /** Why the selection cannot be composed; null when it can. */
  reason: string | null;
  selection: { preset: string | null; base: string | null; overlays: string[] } | null;
  preset: { key: string; scope: Scope; source: string; digest: string; driftPolicy: string; description: string } | null;
  layout: LayoutPart[];
  components: ExplainComponent[];
  contracts: ContractCheck[];
  preferences: ExplainPreferences | null;
  /** Slot uses that cost cache hits, in prompt order. */
  cacheSensitive: Array<{ component: string; slot: SlotName; volatility: string; offset: number }>;
  systemUpdates: ExplainUpdate[];
  /** Whole prompt against the sample host prompt, and forge's own share of it. */
  size: { chars: number; estimatedTokens: number; forgeChars: number; forgeEstimatedTokens: number } | null;
  diagnostics: Diagnostic[];
}

export interface ExplainInput {
  catalog: Catalog;
  preset: string | null;
  base: string | null;
  overlays: string[];
  vars: PromptVars;
  /** The composed prompt against the sample host prompt; null when the selection is refused. */
  prompt: string | null;
  describeSource: (scope: Scope, source: string) => string;
  diagnostics: Diagnostic[];
}

function sampleValue(vars: PromptVars, key: string): (slot: SlotName) => string {
  return (slot) => (slot === "mode" ? key : vars[slot]);
}

/** Every contract the selected components declare, with whether it held for this exact selection. */
export function checkDeclaredContracts(catalog: Catalog, base: string | null, overlays: readonly string[]): ContractCheck[] {
  const selected = base === null ? [...overlays] : [base, ...overlays];
  const chosen = new Set(selected);
  const at = (k: string) => overlays.indexOf(k);
  const out: ContractCheck[] = [];
  for (const key of selected) {
    const mode = catalog.modes.get(key)?.mode;
    if (!mode) continue;
    for (const other of mode.requires) {
      out.push(chosen.has(other)
        ? { declaredBy: key, kind: "requires", other, status: "held", detail: `${key} requires ${other}: selected` }
        : { declaredBy: key, kind: "requires", other, status: "violated", detail: `${key} requires ${other}, which is not selected` });
    }
    for (const other of mode.conflictsWith) {
      out.push(chosen.has(other)
        ? { declaredBy: key, kind: "conflictsWith", other, status: "violated", detail: `${key} conflicts with ${other}, which is selected` }
        : { declaredBy: key, kind: "conflictsWith", other, status: "not-applicable", detail: `${key} conflicts with ${other}: not selected` });
    }
    for (const [kind, list] of [["before", mode.before], ["after", mode.after]] as const) {
      for (const other of list) {
        const i = at(key);
        const j = at(other);
        if (i < 0 || j < 0) {
          out.push({ declaredBy: key, kind, other, status: "not-applicable", detail: `${key} ${kind} ${other}: ${i < 0 ? `${key} is not an overlay` : `${other} is not a selected overlay`}` });
          continue;
        }
        // The same rule as common/contracts.ts: only the other overlay on the wrong side breaks it (a self-reference holds).
        const held = kind === "before" ? !(j < i) : !(j > i);
        out.push({ declaredBy: key, kind, other, status: held ? "held" : "violated", detail: `${key} (overlay ${i + 1}) ${kind} ${other} (overlay ${j + 1})` });
      }
    }
  }
  return out;
}

/** The same merge as the runtime (later components win model/thinking; tool lists intersect), with origins. */
export function explainPreferences(modes: ReadonlyArray<{ key: string; mode: Mode }>): ExplainPreferences {
  const merged = mergePreferences(modes.map((m) => m.mode));
  const last = (pick: (m: Mode) => unknown) => [...modes].reverse().find((m) => pick(m.mode) !== undefined)?.key;
  return {
    model: merged.model === undefined ? null : { value: merged.model, from: [last((m) => m.model)!] },
    thinking: merged.thinking === undefined ? null : { value: merged.thinking, from: [last((m) => m.thinking)!] },
    tools: merged.tools === undefined ? null : { value: merged.tools, from: modes.filter((m) => m.mode.tools).map((m) => m.key) },
  };
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
      source: input.describeSource(entry.scope, entry.mode.source),
      digest: entry.mode.digest,
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
  return {
    command: "explain",
    status: violations.length > 0 ? "refused" : "ok",
    reason: violations.length > 0 ? `contracts: ${violations.join("; ")}` : null,
    selection: { preset: input.preset, base: input.base, overlays: [...input.overlays] },
    preset: presetEntry
      ? {
          key: presetEntry.key,
          scope: presetEntry.scope,
          source: input.describeSource(presetEntry.scope, presetEntry.preset.source),
          digest: presetEntry.preset.digest,
          driftPolicy: presetEntry.preset.driftPolicy ?? "block",
          description: presetEntry.preset.description,
        }
      : null,
    layout: layoutFor(baseMode, input.base, input.overlays),
    components,
    contracts: checkDeclaredContracts(catalog, input.base, input.overlays),
    preferences: explainPreferences(roles.map(([key]) => ({ key, mode: catalog.modes.get(key)!.mode }))),
    cacheSensitive,
    systemUpdates,
    size:
      input.prompt === null
        ? null
        : { chars: input.prompt.length, estimatedTokens: estimateTokens(input.prompt.length), forgeChars, forgeEstimatedTokens: estimateTokens(forgeChars) },
    diagnostics: input.diagnostics,
  };
}
