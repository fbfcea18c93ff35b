// Phase 3, validate: run the generated ajv validators and turn each ajv error into a coded, positioned diagnostic.
import type { Diagnostic } from "../../core/diagnostic.js";
import { validateForgeConfig, validateModeSource, validatePolicySource, validatePresetSource, validateRuleSource } from "../../generated/source-validators.js";
import type { ForgeConfigSource, ForgeModeSource, ForgePolicySource, ForgePresetSource, ForgeRuleSource, SystemUpdateSource } from "../../generated/types.js";
import { duplicateListEntry, invalidValue, promptConflict, promptMissing } from "../diagnostics/codes.js";
import type { Parsed, ParsedSource } from "./2-parse.js";
import type { Phase } from "./pipeline.js";
import { whereAt } from "./yaml-positions.js";
import { suggestClosest } from "../../core/suggest.js";
import { LIST_FIELDS, mapAjvError } from "./schema-errors.js";

/** Source data as the schema guarantees it once validated (generated from schema/mode.schema.json and preset.schema.json). */
export type ModeData = ForgeModeSource;
export type PresetData = ForgePresetSource;
export type UpdateData = SystemUpdateSource;
export type RuleData = ForgeRuleSource;
export type ConfigData = ForgeConfigSource;
export type PolicyData = ForgePolicySource;

export interface ValidMode {
  source: ParsedSource;
  data: ModeData;
}
export interface ValidPreset {
  source: ParsedSource;
  data: PresetData;
}
export interface ValidRule {
  source: ParsedSource;
  data: RuleData;
}
export interface ValidConfig {
  source: ParsedSource;
  data: ConfigData;
}
export interface ValidPolicy {
  source: ParsedSource;
  data: PolicyData;
}

export interface ValidSources {
  modes: ValidMode[];
  presets: ValidPreset[];
  rules: ValidRule[];
  /** forge.yaml when present: its data, or with schema errors the fields no error points into (never built then). */
  config: ValidConfig | null;
  /** policy.yaml when present and valid (a team policy package). */
  policy: ValidPolicy | null;
}

/**
 * Sources that failed validation, each with only the fields that validated: they are never built, but link and lower
 * still check those fields (a template, a reference), so a file reports every mistake at once.
 */
export interface UnsoundSources {
  modes: Array<{ source: ParsedSource; data: ModeData }>;
  presets: Array<{ source: ParsedSource; data: Partial<PresetData> }>;
  rules: Array<{ source: ParsedSource; data: Partial<RuleData> }>;
}

/** The value of phase 3: the parsed sources, the valid ones with their typed data, and what is left of the others. */
export interface Validated extends Parsed {
  valid: ValidSources;
  unsound: UnsoundSources;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/** Exactly one of the inline/file pair; the schema's oneOf produces unreadable errors, so this is done here. */
function checkPromptChoice(source: ParsedSource, obj: unknown, segments: (string | number)[], inline: string, file: string): Diagnostic[] {
  if (!isObject(obj)) return [];
  const hasInline = Object.hasOwn(obj, inline);
  const hasFile = Object.hasOwn(obj, file);
  if (hasInline && hasFile) return [promptConflict(whereAt(source, [...segments, file], "key"), inline, file)];
  // A misspelled "promt" already gets unknown_field with a suggestion; a second error would only add noise.
  const nearMiss = () => Object.keys(obj).some((k) => k !== inline && k !== file && suggestClosest(k, [inline, file]) !== null);
  // A mode that extends a parent inherits its text, unless it asks to replace it.
  const inherits = Object.hasOwn(obj, "extends") && obj.extendsPrompt !== "replace";
  if (!hasInline && !hasFile && !inherits && !nearMiss()) return [promptMissing(whereAt(source, segments), inline, file)];
  return [];
}

function checkDuplicateEntries(source: ParsedSource): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (!isObject(source.value)) return out;
  for (const field of LIST_FIELDS) {
    const list = source.value[field];
    if (!Array.isArray(list)) continue;
    const seen = new Set<unknown>();
    list.forEach((item, i) => {
      if (seen.has(item)) out.push(duplicateListEntry(whereAt(source, [field, i]), field, String(item)));
      seen.add(item);
    });
  }
  return out;
}

/** forge.yaml against schema/forge-config.schema.json (policy.yaml against schema/policy.schema.json). */
function validateConfig(source: ParsedSource | null, diagnostics: Diagnostic[], validate = validateForgeConfig): ValidConfig | null {
  if (source === null || source.value === undefined) return null;
  const own: Diagnostic[] = [];
  if (!validate(source.value))
    for (const err of validate.errors ?? []) {
      const d = mapAjvError(source, err);
      if (d) own.push(d);
    }
  own.push(...checkDuplicateEntries(source));
  if (validate === validateForgeConfig) own.push(...checkPolicyRefs(source));
  diagnostics.push(...own);
  const errors = own.filter((d) => d.severity === "error");
  if (errors.length === 0) return { source, data: source.value as ConfigData };
  // The fields no error points into still count, so one run reports everything: a misspelled key beside `libraries`
  // does not hide the libraries' own errors (the build fails on the schema error anyway, writing nothing).
  return isObject(source.value) ? { source, data: soundFields(source.value, errors) as ConfigData } : null;
}

/** A policy reference names exactly one of package and file (the schema's dependentRequired asks signedBy of a package). */
function checkPolicyRefs(source: ParsedSource): Diagnostic[] {
  if (!isObject(source.value)) return [];
  const out: Diagnostic[] = [];
  for (const field of ["policy", "expectPolicy"]) {
    const ref = source.value[field];
    if (!isObject(ref)) continue;
    const example = `${field}: { package: "@acme/team-policy", signedBy: ["<fingerprint>"] } or ${field}: { file: ../team-policy.json }`;
    if (Object.hasOwn(ref, "package") && Object.hasOwn(ref, "file"))
      out.push(invalidValue(whereAt(source, [field, "file"], "key"), `${field} names both a package and a file; name exactly one`, example));
    else if (!Object.hasOwn(ref, "package") && !Object.hasOwn(ref, "file"))
      out.push(invalidValue(whereAt(source, [field]), `${field} names neither a package nor a file`, example));
  }
  return out;
}

const VALIDATORS = { mode: validateModeSource, preset: validatePresetSource, rule: validateRuleSource } as const;

/** One source against its schema and the checks the schema cannot say; every diagnostic, and whether it is valid. */
function validateOne(source: ParsedSource): Diagnostic[] {
  const validate = VALIDATORS[source.kind as keyof typeof VALIDATORS];
  const own: Diagnostic[] = [];
  if (!validate(source.value))
    for (const err of validate.errors ?? []) {
      const d = mapAjvError(source, err);
      if (d) own.push(d);
    }
  if (source.kind === "mode") own.push(...checkPromptChoice(source, source.value, [], "prompt", "promptFile"));
  else if (source.kind === "rule") own.push(...checkPromptChoice(source, source.value, [], "content", "file"));
  else if (isObject(source.value) && Array.isArray(source.value.systemUpdates)) {
    source.value.systemUpdates.forEach((u, i) => own.push(...checkPromptChoice(source, u, ["systemUpdates", i], "content", "file")));
  }
  own.push(...checkDuplicateEntries(source));
  return own;
}

/**
 * The fields of an invalid source that no error points into (an error on the document itself taints none), and of
 * systemUpdates the entries no error points into: what later phases may still check.
 */
function soundFields(value: unknown, errors: readonly Diagnostic[]): Record<string, unknown> {
  if (!isObject(value)) return {};
  const tainted = new Set(errors.map((d) => d.path.split("/")[1]).filter((f) => f !== undefined));
  const out: Record<string, unknown> = {};
  for (const [field, v] of Object.entries(value)) if (!tainted.has(field)) out[field] = v;
  if (Array.isArray(value.systemUpdates) && tainted.has("systemUpdates")) {
    const bad = new Set(
      errors
        .map((d) => d.path.split("/"))
        .filter((s) => s[1] === "systemUpdates" && s[2] !== undefined)
        .map((s) => s[2]),
    );
    // Only when every error names an entry: an error on the list itself (too many entries) leaves none sound.
    if (!errors.some((d) => d.path === "/systemUpdates")) out.systemUpdates = value.systemUpdates.filter((_, i) => !bad.has(String(i)));
  }
  return out;
}

/** Phase 3: every source against its JSON Schema (ajv), each error a coded diagnostic at its node (a source is kept while its parsed value is the same). */
export const validateSources: Phase<Parsed, Validated> = (parsed, { memo }) => {
  const diagnostics: Diagnostic[] = [];
  const valid: ValidSources = { modes: [], presets: [], rules: [], config: null, policy: null };
  const unsound: UnsoundSources = { modes: [], presets: [], rules: [] };
  const { modes, presets, rules, config } = parsed.parsed;
  for (const source of [...modes, ...presets, ...rules]) {
    if (source.value === undefined) continue; // parse errors were already reported
    const own = memo.reuse(
      "validate",
      source.file,
      () => [source],
      () => validateOne(source),
    );
    diagnostics.push(...own);
    const errors = own.filter((d) => d.severity === "error");
    if (errors.length > 0) {
      // Typed as the source's data: only fields that validated are kept, and each is optional in the schema's type.
      const data = soundFields(source.value, errors);
      if (source.kind === "mode") unsound.modes.push({ source, data: data as ModeData });
      else if (source.kind === "rule") unsound.rules.push({ source, data: data as Partial<RuleData> });
      else unsound.presets.push({ source, data: data as Partial<PresetData> });
      continue;
    }
    if (source.kind === "mode") valid.modes.push({ source, data: source.value as ModeData });
    else if (source.kind === "rule") valid.rules.push({ source, data: source.value as RuleData });
    else valid.presets.push({ source, data: source.value as PresetData });
  }
  valid.config = validateConfig(config, diagnostics);
  valid.policy = validateConfig(parsed.parsed.policy, diagnostics, validatePolicySource) as ValidPolicy | null;
  return { value: { ...parsed, valid, unsound }, diagnostics };
};

/** forge.yaml alone, as the I/O edge reads it before a compile (which libraries to resolve). */
export function validateConfigSource(source: ParsedSource): ValidConfig | null {
  return validateConfig(source, []);
}
