// Phase 4, link/analyze: resolve file references inside the root, check preset references and contracts.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Mode } from "../../generated/types.js";
import { contractConflict, contractOrder, contractRequires, exactBaseWithOverlays, duplicateOverlay, duplicateUpdateId, fileNotFound, invalidBase, invalidOverlay, outputAsSource, pathEscapesRoot, unknownContractReference, unknownMode } from "../diagnostics/codes.js";
import { type Where } from "../../core/diagnostics/make-diagnostic.js";
import { useFile, type DecodedTree } from "./1-decode.js";
import { isOwnOutput } from "../types.js";
import type { ParsedSource } from "./2-parse.js";
import type { PresetData, RuleData, UpdateData, ValidPreset, ValidRule } from "./3-validate.js";
import type { Inheritance, ResolvedMode, ResolvedModeData } from "./extends.js";
import { checkSelection, type ContractComponent } from "../../core/contracts.js";
import { suggestClosest } from "../../core/suggest.js";
import { inlineOrigin, type TemplateOrigin } from "./template-origin.js";
import { whereAt } from "./yaml-positions.js";

/** A template to lower: its text, the file it lives in and how its positions map into that file. */
export interface TemplateRef {
  file: string;
  text: string;
  origin: TemplateOrigin;
  /** Where to report whole-template diagnostics (prompt_too_large, empty_prompt); lazy, as it is rarely needed. */
  where: () => Where;
}

export interface LinkedMode { key: string; file: string; source: ParsedSource; data: ResolvedModeData; template: TemplateRef | null; inherit: Inheritance | null }
export interface LinkedUpdate { data: UpdateData; template: TemplateRef | null }
export interface LinkedPreset { key: string; file: string; data: PresetData; updates: LinkedUpdate[] }
export interface LinkedRule { key: string; file: string; data: RuleData; template: TemplateRef | null }

export interface LinkedSources {
  modes: LinkedMode[];
  presets: LinkedPreset[];
  rules: LinkedRule[];
  diagnostics: Diagnostic[];
}

export interface LinkInput {
  /** Own modes with inheritance resolved (compiler/phases/extends.ts). */
  modes: readonly ResolvedMode[];
  presets: readonly ValidPreset[];
  rules?: readonly ValidRule[];
  /** Every mode key defined by a source file, valid or not (an invalid mode is not also "unknown"). */
  definedModeKeys: ReadonlySet<string>;
  decoded: DecodedTree;
  /** The modes of the other layers a preset may use: forge libraries over the built-in bundle. */
  builtinModes: Readonly<Record<string, Mode | undefined>>;
}

type Resolved = { ok: string } | { escapes: true } | { output: true } | { missing: string };

/** Resolves `ref` relative to the directory of `from`, refusing anything that leaves the root. */
function resolveReference(from: string, ref: string, decoded: DecodedTree): Resolved {
  if (ref.startsWith("/") || ref.startsWith("\\") || /^[A-Za-z]:/.test(ref)) return { escapes: true };
  const parts = from.split("/").slice(0, -1);
  for (const seg of ref.split("/")) {
    if (seg === "" || seg === ".") continue;
    if (seg === "..") {
      if (parts.length === 0) return { escapes: true };
      parts.pop();
    } else parts.push(seg);
  }
  const path = parts.join("/");
  // The output is never an input, whether named directly or through a symlink to it.
  if (isOwnOutput(path) || decoded.outputLinks.includes(path)) return { output: true };
  // A symlink (file or directory) on the way that points outside the root escapes too.
  if (decoded.escapingLinks.some((l) => path === l || path.startsWith(l + "/"))) return { escapes: true };
  return decoded.files.has(path) ? { ok: path } : { missing: path };
}

/** A template given inline or as a file reference, by field name: a mode's prompt/promptFile, an update's content/file. */
function loadTemplate(
  source: ParsedSource,
  base: (string | number)[],
  [inlineField, fileField]: readonly [string, string],
  inline: string | undefined,
  fileRef: string | undefined,
  decoded: DecodedTree,
  diagnostics: Diagnostic[],
): TemplateRef | null {
  if (inline !== undefined) {
    const at = [...base, inlineField];
    return { file: source.file, text: inline, origin: inlineOrigin(source, source.text, at), where: () => whereAt(source, at) };
  }
  if (fileRef === undefined) return null;
  const where = whereAt(source, [...base, fileField]);
  const resolved = resolveReference(source.file, fileRef, decoded);
  if ("escapes" in resolved) {
    diagnostics.push(pathEscapesRoot(where, fileRef));
    return null;
  }
  if ("output" in resolved) {
    diagnostics.push(outputAsSource(where, fileRef));
    return null;
  }
  if ("missing" in resolved) {
    diagnostics.push(fileNotFound(where, fileRef, resolved.missing));
    return null;
  }
  const text = useFile(decoded, resolved.ok, diagnostics);
  return text === null ? null : { file: resolved.ok, text, origin: { kind: "file" }, where: () => where };
}

function component(key: string, data: { requires?: string[]; conflictsWith?: string[]; before?: string[]; after?: string[] }): ContractComponent {
  return { key, requires: data.requires ?? [], conflictsWith: data.conflictsWith ?? [], before: data.before ?? [], after: data.after ?? [] };
}

export function linkSources(input: LinkInput): LinkedSources {
  const { decoded, builtinModes } = input;
  const diagnostics: Diagnostic[] = [];
  const own = new Map(input.modes.map((m) => [m.source.key, m] as const));
  const builtinKeys = Object.keys(builtinModes).filter((k) => builtinModes[k] !== undefined);
  const knownKeys = [...new Set([...input.definedModeKeys, ...builtinKeys])].sort();
  const known = new Set(knownKeys);

  const modes: LinkedMode[] = input.modes.map(({ source, data, inherit }) => {
    for (const field of ["requires", "conflictsWith", "before", "after"] as const) {
      (data[field] ?? []).forEach((ref, i) => {
        if (!known.has(ref)) diagnostics.push(unknownContractReference(whereAt(source, [field, i]), field, ref, suggestClosest(ref, knownKeys)));
      });
    }
    const template = loadTemplate(source, [], ["prompt", "promptFile"], data.prompt, data.promptFile, decoded, diagnostics);
    return { key: source.key, file: source.file, source, data, template, inherit };
  });

  /** The strategy and contracts of a referenced mode; null when unknown (reported) or invalid (already reported). */
  const lookup = (key: string, where: Where): { strategy: string; contracts: ContractComponent } | null => {
    const mine = own.get(key);
    if (mine) return { strategy: mine.data.strategy, contracts: component(key, mine.data) };
    if (input.definedModeKeys.has(key)) return null;
    // hasOwn: a key such as "constructor" must never resolve to Object.prototype machinery.
    const builtin = Object.hasOwn(builtinModes, key) ? builtinModes[key] : undefined;
    if (builtin) return { strategy: builtin.strategy, contracts: component(key, builtin) };
    diagnostics.push(unknownMode(where, key, suggestClosest(key, knownKeys), knownKeys));
    return null;
  };

  const presets: LinkedPreset[] = input.presets.map(({ source, data }) => {
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
    const updates = (data.systemUpdates ?? []).map((u, i): LinkedUpdate => {
      if (ids.has(u.id)) diagnostics.push(duplicateUpdateId(whereAt(source, ["systemUpdates", i, "id"]), u.id));
      ids.add(u.id);
      return { data: u, template: loadTemplate(source, ["systemUpdates", i], ["content", "file"], u.content, u.file, decoded, diagnostics) };
    });
    return { key: source.key, file: source.file, data, updates };
  });
  const rules = (input.rules ?? []).map(({ source, data }): LinkedRule => ({
    key: source.key,
    file: source.file,
    data,
    template: loadTemplate(source, [], ["content", "file"], data.content, data.file, decoded, diagnostics),
  }));
  return { modes, presets, rules, diagnostics };
}
