// Phase 3, validate: run the generated ajv validators and turn each ajv error into a coded, positioned diagnostic.
import type { Diagnostic } from "../../core/diagnostic.js";
import { validateForgeConfig, validateModeSource, validatePresetSource, validateRuleSource } from "../../generated/source-validators.js";
import type { ValidationError } from "../../generated/validator.js";
import type { ForgeConfigSource, ForgeModeSource, ForgePresetSource, ForgeRuleSource, SystemUpdateSource } from "../../generated/types.js";
import {
  duplicateListEntry, invalidValue, missingField, promptConflict, promptMissing, tooLong, tooShort, unknownField, wrongType,
} from "../diagnostics/codes.js";
import type { Parsed, ParsedSource } from "./2-parse.js";
import type { Phase } from "./pipeline.js";
import { ALLOWED_FIELDS, exampleFor } from "./field-examples.js";
import { suggestClosest } from "../../core/suggest.js";
import { pointerSegments, whereAt } from "./yaml-positions.js";

/** Source data as the schema guarantees it once validated (generated from schema/mode.schema.json and preset.schema.json). */
export type ModeData = ForgeModeSource;
export type PresetData = ForgePresetSource;
export type UpdateData = SystemUpdateSource;
export type RuleData = ForgeRuleSource;
export type ConfigData = ForgeConfigSource;

export interface ValidMode { source: ParsedSource; data: ModeData }
export interface ValidPreset { source: ParsedSource; data: PresetData }
export interface ValidRule { source: ParsedSource; data: RuleData }
export interface ValidConfig { source: ParsedSource; data: ConfigData }

export interface ValidSources {
  modes: ValidMode[];
  presets: ValidPreset[];
  rules: ValidRule[];
  /** forge.yaml when present and valid. */
  config: ValidConfig | null;
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

const LIST_FIELDS = ["requires", "conflictsWith", "before", "after", "tools", "libraries"] as const;

function typeName(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (typeof value === "object") return "a mapping";
  if (typeof value === "string") return `the string ${JSON.stringify(value.length > 40 ? value.slice(0, 40) + "..." : value)}`;
  return `${typeof value} ${JSON.stringify(value)}`;
}

const TYPE_WORDS: Record<string, string> = { object: "a mapping", array: "a list", string: "a string", boolean: "true or false", number: "a number", integer: "an integer" };

function valueAt(root: unknown, segments: readonly string[]): unknown {
  let v = root;
  for (const s of segments) v = v !== null && typeof v === "object" ? (v as Record<string, unknown>)[s] : undefined;
  return v;
}

/** The field a path is about: the last non-index segment ("/overlays/2" -> overlays). */
function fieldOf(segments: readonly string[]): string {
  for (let i = segments.length - 1; i >= 0; i--) if (!/^\d+$/.test(segments[i]!)) return segments[i]!;
  return "";
}

function allowedFor(kind: ParsedSource["kind"], segments: readonly string[]): readonly string[] {
  const last = segments[segments.length - 1];
  if (last === "when") return ALLOWED_FIELDS.when;
  if (last === "budget") return ALLOWED_FIELDS.budget;
  if (kind === "mode" && last === "edits") return ALLOWED_FIELDS.edits;
  if (kind === "preset" && segments[0] === "systemUpdates" && segments.length === 2) return ALLOWED_FIELDS.update;
  return ALLOWED_FIELDS[kind];
}

function mapAjvError(source: ParsedSource, err: ValidationError): Diagnostic | null {
  // oneOf/not encode "exactly one of prompt/promptFile"; checkPromptChoice reports that with a dedicated code.
  // "if" only says its "then" failed: the failures inside "then" are reported themselves.
  if (err.schemaPath.includes("/oneOf") || err.keyword === "oneOf" || err.keyword === "not" || err.keyword === "if") return null;
  const segments = pointerSegments(err.instancePath);
  const field = fieldOf(segments);
  const where = whereAt(source, segments);
  const p = err.params;
  switch (err.keyword) {
    case "additionalProperties": {
      const extra = String(p.additionalProperty);
      const allowed = allowedFor(source.kind, segments).filter((f) => f !== "$schema");
      const suggestion = suggestClosest(extra, allowed);
      return unknownField(whereAt(source, [...segments, extra], "key"), extra, allowed, suggestion, exampleFor(suggestion ?? allowed[0]!));
    }
    case "required": {
      const missing = String(p.missingProperty);
      return missingField(where, missing, exampleFor(missing));
    }
    case "dependentRequired": {
      // extendsPrompt without extends: the missing field is the parent.
      const missing = String(p.missingProperty);
      return missingField(where, missing, exampleFor(missing));
    }
    case "type": {
      const expected = String(p.type).split(",").map((t) => TYPE_WORDS[t] ?? t).join(" or ");
      const what = field ? `${field}: ` : "the document: ";
      return wrongType(where, `${what}${expected}`, typeName(valueAt(source.value, segments)), exampleFor(field || "label"));
    }
    case "enum": {
      const allowed = (p.allowedValues as unknown[]).map(String);
      const actual = valueAt(source.value, segments);
      const suggestion = typeof actual === "string" ? suggestClosest(actual, allowed) : null;
      const hint = suggestion ? ` (did you mean "${suggestion}"?)` : "";
      return invalidValue(where, `${field} is ${typeName(actual)}${hint}; allowed values: ${allowed.join(", ")}`, exampleFor(field));
    }
    case "const":
      return invalidValue(where, `${field} must be ${JSON.stringify(p.allowedValue)}`, exampleFor(field));
    case "pattern": {
      const actual = typeName(valueAt(source.value, segments));
      const expected =
        segments[0] === "signedBy" ? "a key's full fingerprint: 64 lowercase hex digits, as forge key new prints it"
        : field === "model" ? "provider/model-id"
        : field === "tools" ? "a tool name (letters, digits, _ and -)"
        : field === "libraries" ? "an npm package name, e.g. @acme/forge-house"
        : "a key: lowercase letters, digits and dashes, starting with a letter";
      const what = segments[0] === "signedBy" ? "signedBy entry" : field;
      return invalidValue(where, `${what} is ${actual}; expected ${expected} (pattern ${String(p.pattern)})`, exampleFor(what === field ? field : "signedBy"));
    }
    case "maxLength":
      return tooLong(where, field || "value", Number(p.limit), "characters");
    case "maxItems":
      return tooLong(where, field || "list", Number(p.limit), "items");
    case "minItems":
      return invalidValue(where, `${field || "list"} needs at least ${Number(p.limit)} item${Number(p.limit) === 1 ? "" : "s"}`, exampleFor(field));
    case "minLength":
      return tooShort(where, field || "value", Number(p.limit), exampleFor(field));
    case "minimum":
    case "maximum":
      return invalidValue(where, `${field} is ${typeName(valueAt(source.value, segments))}; expected ${err.keyword === "minimum" ? "at least" : "at most"} ${Number(p.limit)}`, exampleFor(field));
    case "minProperties":
      return invalidValue(where, `${field || "value"} is empty; give at least one of ${allowedFor(source.kind, segments).join(", ")}`, exampleFor(field));
    default:
      return invalidValue(where, `${field || "value"} ${err.message ?? "is invalid"}`, exampleFor(field));
  }
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

/** forge.yaml against schema/forge-config.schema.json. */
function validateConfig(source: ParsedSource | null, diagnostics: Diagnostic[]): ValidConfig | null {
  if (source === null || source.value === undefined) return null;
  const own: Diagnostic[] = [];
  if (!validateForgeConfig(source.value)) for (const err of validateForgeConfig.errors ?? []) {
    const d = mapAjvError(source, err);
    if (d) own.push(d);
  }
  own.push(...checkDuplicateEntries(source));
  diagnostics.push(...own);
  return own.some((d) => d.severity === "error") ? null : { source, data: source.value as ConfigData };
}

const VALIDATORS = { mode: validateModeSource, preset: validatePresetSource, rule: validateRuleSource } as const;

/** One source against its schema and the checks the schema cannot say; every diagnostic, and whether it is valid. */
function validateOne(source: ParsedSource): Diagnostic[] {
  const validate = VALIDATORS[source.kind as keyof typeof VALIDATORS];
  const own: Diagnostic[] = [];
  if (!validate(source.value)) for (const err of validate.errors ?? []) {
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
    const bad = new Set(errors.map((d) => d.path.split("/")).filter((s) => s[1] === "systemUpdates" && s[2] !== undefined).map((s) => s[2]));
    // Only when every error names an entry: an error on the list itself (too many entries) leaves none sound.
    if (!errors.some((d) => d.path === "/systemUpdates")) out.systemUpdates = value.systemUpdates.filter((_, i) => !bad.has(String(i)));
  }
  return out;
}

/** Phase 3: every source against its JSON Schema (ajv), each error a coded diagnostic at its node (a source is kept while its parsed value is the same). */
export const validateSources: Phase<Parsed, Validated> = (parsed, { memo }) => {
  const diagnostics: Diagnostic[] = [];
  const valid: ValidSources = { modes: [], presets: [], rules: [], config: null };
  const unsound: UnsoundSources = { modes: [], presets: [], rules: [] };
  const { modes, presets, rules, config } = parsed.parsed;
  for (const source of [...modes, ...presets, ...rules]) {
    if (source.value === undefined) continue; // parse errors were already reported
    const own = memo.reuse("validate", source.file, () => [source], () => validateOne(source));
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
  return { value: { ...parsed, valid, unsound }, diagnostics };
};

/** forge.yaml alone, as the I/O edge reads it before a compile (which libraries to resolve). */
export function validateConfigSource(source: ParsedSource): ValidConfig | null {
  return validateConfig(source, []);
}
