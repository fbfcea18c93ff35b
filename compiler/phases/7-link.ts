// Phase 7, link: every reference between components and layers. File references inside the root, a mode's contract
// references, a preset's modes and their contracts; then the other way: a mode that takes the key of a mode beneath must
// not break a preset beneath (shadowing.ts), and a library's carried presets must still fit (carry-libraries.ts).
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Mode } from "../../generated/types.js";
import {
  contractConflict,
  contractOrder,
  contractRequires,
  exactBaseWithOverlays,
  duplicateOverlay,
  duplicateUpdateId,
  invalidBase,
  invalidOverlay,
  unknownContractReference,
  unknownMode,
  unknownTool,
} from "../diagnostics/codes.js";
import { compileToolPatterns, isToolGlob, KNOWN_TOOLS, namesMcpTools } from "../../core/tool-patterns.js";
import { type Where } from "../../core/diagnostics/make-diagnostic.js";
import type { ParsedSource } from "./2-parse.js";
import type { ModeData, PresetData, RuleData, UpdateData } from "./3-validate.js";
import type { Inheritance, Resolved, ResolvedModeData } from "./6-extends.js";
import { checkSelection, type ContractComponent } from "../../core/contracts.js";
import { suggestClosest } from "../../core/suggest.js";
import { checkCarriedPresets, planCarry } from "./carry-libraries.js";
import type { Phase } from "./pipeline.js";
import { checkShadowing } from "./shadowing.js";
import { loadTemplate, type TemplateRef } from "./template-refs.js";
import { whereAt } from "./yaml-positions.js";

export type { TemplateRef } from "./template-refs.js";

export interface LinkedMode {
  key: string;
  file: string;
  source: ParsedSource;
  data: ResolvedModeData;
  template: TemplateRef | null;
  inherit: Inheritance | null;
}
export interface LinkedUpdate {
  data: UpdateData;
  template: TemplateRef | null;
}
export interface LinkedPreset {
  key: string;
  file: string;
  data: PresetData;
  updates: LinkedUpdate[];
}
export interface LinkedRule {
  key: string;
  file: string;
  data: RuleData;
  template: TemplateRef | null;
}

export interface LinkedSources {
  modes: LinkedMode[];
  presets: LinkedPreset[];
  rules: LinkedRule[];
  /** Templates of sources that are not built (invalid, or left out by extends): lowered for their diagnostics only. */
  checkOnly: Array<{ template: TemplateRef; what: string }>;
}

/** The value of phase 7: the resolved sources with every reference checked and every template found. */
export interface Linked extends Resolved {
  linked: LinkedSources;
}

function component(key: string, data: { requires?: string[]; conflictsWith?: string[]; before?: string[]; after?: string[] }): ContractComponent {
  return { key, requires: data.requires ?? [], conflictsWith: data.conflictsWith ?? [], before: data.before ?? [], after: data.after ?? [] };
}

/** Phase 7 (a template reference is kept while its source and the file it names are the same). */
export const linkSources: Phase<Resolved, Linked> = (input, { memo }) => {
  const diagnostics: Diagnostic[] = [];
  const { modeKeys } = input.parsed;
  const beneath = input.beneath.all.modes;
  const own = new Map(input.resolved.modes.map((m) => [m.source.key, m] as const));
  const knownKeys = [...new Set([...modeKeys, ...beneath.keys()])].sort();
  const known = new Set(knownKeys);
  const template = (
    source: ParsedSource,
    base: (string | number)[],
    fields: readonly [string, string],
    inline: string | undefined,
    fileRef: string | undefined,
  ) => loadTemplate({ source, base, fields, inline, fileRef }, input, memo, diagnostics);

  /** A mode's contract references and its template. */
  const linkMode = (source: ParsedSource, data: ModeData): TemplateRef | null => {
    for (const field of ["requires", "conflictsWith", "before", "after"] as const) {
      (data[field] ?? []).forEach((ref, i) => {
        if (!known.has(ref)) diagnostics.push(unknownContractReference(whereAt(source, [field, i]), field, ref, suggestClosest(ref, knownKeys)));
      });
    }
    checkTools(source, data.tools, diagnostics);
    return template(source, [], ["prompt", "promptFile"], data.prompt, data.promptFile);
  };

  /** The strategy and contracts of a referenced mode; null when unknown (reported) or invalid (already reported). */
  const lookup = (key: string, where: Where): { strategy: string; contracts: ContractComponent } | null => {
    const mine = own.get(key);
    if (mine) return { strategy: mine.data.strategy, contracts: component(key, mine.data) };
    if (modeKeys.has(key)) return null;
    const found: Mode | undefined = beneath.get(key)?.mode;
    if (found) return { strategy: found.strategy, contracts: component(key, found) };
    diagnostics.push(unknownMode(where, key, suggestClosest(key, knownKeys), knownKeys));
    return null;
  };

  /** A preset's modes, their roles and contracts, and its update blocks' templates. */
  const linkPreset = (source: ParsedSource, data: Partial<PresetData>): LinkedUpdate[] => {
    let base: ContractComponent | null = null;
    let baseStrategy: string | null = null;
    const located = new Map<string, Where>();
    if (data.base !== undefined) {
      const where = whereAt(source, ["base"]);
      const found = lookup(data.base, where);
      if (found && found.strategy === "append") diagnostics.push(invalidBase(where, data.base, found.strategy));
      else if (found) {
        base = found.contracts;
        baseStrategy = found.strategy;
        located.set(data.base, where);
      }
    }
    const overlays: ContractComponent[] = [];
    const seen = new Set<string>();
    (data.overlays ?? []).forEach((key, i) => {
      const where = whereAt(source, ["overlays", i]);
      if (seen.has(key)) {
        diagnostics.push(duplicateOverlay(where, key));
        return;
      }
      seen.add(key);
      const found = lookup(key, where);
      if (found && found.strategy !== "append") diagnostics.push(invalidOverlay(where, key, found.strategy));
      else if (found) {
        overlays.push(found.contracts);
        located.set(key, where);
      }
    });
    if (base !== null && baseStrategy === "replace_final" && (data.overlays ?? []).length > 0) {
      diagnostics.push(exactBaseWithOverlays(located.get(base.key)!, base.key, data.overlays ?? []));
    }
    for (const v of checkSelection(base, overlays)) {
      const where = located.get(v.at)!;
      if (v.kind === "requires") diagnostics.push(contractRequires(where, v.mode, v.missing));
      else if (v.kind === "conflict") diagnostics.push(contractConflict(where, v.mode, v.other));
      else diagnostics.push(contractOrder(where, v.first, v.second, v.declaredBy));
    }
    const ids = new Set<string>();
    return (data.systemUpdates ?? []).map((u, i): LinkedUpdate => {
      if (ids.has(u.id)) diagnostics.push(duplicateUpdateId(whereAt(source, ["systemUpdates", i, "id"]), u.id));
      ids.add(u.id);
      return { data: u, template: template(source, ["systemUpdates", i], ["content", "file"], u.content, u.file) };
    });
  };

  const modes: LinkedMode[] = input.resolved.modes.map(({ source, data, inherit }) => ({
    key: source.key,
    file: source.file,
    source,
    data,
    template: linkMode(source, data),
    inherit,
  }));
  const presets = input.valid.presets.map(
    ({ source, data }): LinkedPreset => ({ key: source.key, file: source.file, data, updates: linkPreset(source, data) }),
  );
  const rules = input.valid.rules.map(
    ({ source, data }): LinkedRule => ({
      key: source.key,
      file: source.file,
      data,
      template: template(source, [], ["content", "file"], data.content, data.file),
    }),
  );
  const checkOnly = checkUnbuilt(input, linkMode, linkPreset, (source, data) => template(source, [], ["content", "file"], data.content, data.file));
  diagnostics.push(...checkOtherLayers(input, modes));
  return { value: { ...input, linked: { modes, presets, rules, checkOnly } }, diagnostics };
};

/**
 * A mode's own tools: each name or pattern that matches no tool Pi or forge has, and could not name an MCP server's tool,
 * is a warning with the nearest known name (an extension's tool may be unknown here, so the build goes on).
 */
function checkTools(source: ParsedSource, tools: readonly string[] | undefined, diagnostics: Diagnostic[]): void {
  // Only the source's own list: an inherited one was checked in its parent's file.
  if (!Array.isArray((source.value as { tools?: unknown } | null | undefined)?.tools)) return;
  (tools ?? []).forEach((pattern, i) => {
    if (namesMcpTools(pattern)) return;
    const glob = isToolGlob(pattern);
    const matcher = compileToolPatterns([pattern]);
    if (KNOWN_TOOLS.some((t) => matcher.first(t) !== null)) return;
    diagnostics.push(unknownTool(whereAt(source, ["tools", i]), pattern, glob ? null : suggestClosest(pattern, KNOWN_TOOLS), glob));
  });
}

/** The sources that are not built get the same checks of the fields they have: their templates go on to lower. */
function checkUnbuilt(
  input: Resolved,
  linkMode: (source: ParsedSource, data: ModeData) => TemplateRef | null,
  linkPreset: (source: ParsedSource, data: Partial<PresetData>) => LinkedUpdate[],
  linkRule: (source: ParsedSource, data: Partial<RuleData>) => TemplateRef | null,
): LinkedSources["checkOnly"] {
  const out: LinkedSources["checkOnly"] = [];
  const add = (template: TemplateRef | null, what: string) => void (template !== null && out.push({ template, what }));
  for (const { source, data } of [...input.unsound.modes, ...input.resolved.dropped]) add(linkMode(source, data), `the prompt of mode "${source.key}"`);
  for (const { source, data } of input.unsound.presets) for (const u of linkPreset(source, data)) add(u.template, `system update "${u.data.id}"`);
  for (const { source, data } of input.unsound.rules) add(linkRule(source, data), `rule "${source.key}"`);
  return out;
}

/** Shadowing and carried presets: what this layer's modes do to the presets beneath it. */
function checkOtherLayers(input: Resolved, modes: readonly LinkedMode[]): Diagnostic[] {
  const { offered, libraries } = input.beneath;
  const shadowing = checkShadowing(modes, offered);
  const plan = planCarry(libraries, input.parsed.modeKeys, input.parsed.presetKeys);
  return [...shadowing, ...checkCarriedPresets(plan, libraries, modes, offered)];
}
