// Imports pi-modes mode files (~/.pi/agent/modes/*.json): the original key/label/opener/appendix/systemPrompt shape and schema v2.
//
// Mapping, per field (the diagnostics say the same per file):
// - key -> the file stem, normalized (keys.ts); label -> label; description -> description (else a generated one).
// - Schema v2 (has promptStrategy, or schemaVersion/version 2): promptStrategy -> strategy; the text is
//   opener, prompt|systemPrompt and appendix joined by blank lines; requires/conflictsWith/before/after ->
//   the same contracts, each reference normalized like keys.
// - Legacy v1 (no promptStrategy), following the seed's "omitted strategy keeps the historical replace_base":
//   with a base text (systemPrompt, or prompt) -> replace_base, prompt = that text plus a blank line and the
//   appendix (pi-modes appended the appendix even after a systemPrompt, and ignored the opener then). pi-modes
//   used systemPrompt as the whole prompt while forge's replace_base keeps Pi's context files, skills, date and
//   cwd: an info says so. With only opener/appendix pi-modes kept Pi's prompt and appended them under
//   "# Current prompt mode: <label>", which is exactly a forge append overlay.
// - removeSections (regex removal of Pi's prompt sections) has no forge equivalent: a warning per file.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";
import { importInvalidEntry, importStrategyDefaulted, importTextJoined } from "../diagnostics/import-codes.js";
import { assembleImport } from "./assemble.js";
import { fitText, MAX_DESCRIPTION, MAX_LABEL, promptFits, shortName } from "./bounds.js";
import {
  entryWhere,
  fieldWhere,
  joinParts,
  keyFrom,
  readKeyList,
  readString,
  readStringList,
  reportInvalid,
  reportUnknownFields,
  reportUnsupported,
  type EntryContext,
} from "./entry-fields.js";
import { isRecord, parseInput } from "./input-doc.js";
import { escapeTemplateText } from "./template-text.js";
import type { ImportInput, ImportOptions, ImportResult, ModeDraft, ModeSource, SkippedEntry } from "./types.js";

const FORMAT = "pi-modes";
const KNOWN_FIELDS = [
  "$schema",
  "key",
  "label",
  "description",
  "promptStrategy",
  "prompt",
  "systemPrompt",
  "opener",
  "appendix",
  "removeSections",
  "requires",
  "conflictsWith",
  "before",
  "after",
  "schemaVersion",
  "version",
] as const;
const STRATEGIES = ["append", "replace_base", "replace_final"] as const;
type Strategy = (typeof STRATEGIES)[number];
const CONTRACTS = ["requires", "conflictsWith", "before", "after"] as const;
/** The sections pi-modes knows how to remove; it ignores other names. */
const PI_SECTIONS = ["available_tools", "custom_tools_note", "guidelines", "pi_docs", "append_prompt", "project_context", "skills", "date", "cwd"];
const EXAMPLE = '{ "key": "plan", "label": "Plan", "opener": "Plan before editing." }';

const baseName = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

/** schemaVersion/version: 1, 2 or absent; anything else is reported and ignored. */
function readVersion(ctx: EntryContext, obj: Record<string, unknown>): number | undefined {
  for (const field of ["schemaVersion", "version"]) {
    const value = obj[field];
    if (value === undefined) continue;
    if (value === 1 || value === 2 || value === "1" || value === "2") return Number(value);
    reportInvalid(ctx, [field], `"${field}"`, `must be 1 or 2, got ${JSON.stringify(value)}`, `"${field}": 2`);
  }
  return undefined;
}

function reportRemoveSections(ctx: EntryContext, obj: Record<string, unknown>): void {
  const sections = readStringList(ctx, obj, "removeSections", '"removeSections": ["skills"]');
  if (sections === undefined) return;
  const unknown = sections.filter((s) => !PI_SECTIONS.includes(s));
  const named = sections.length > 0 ? `[${sections.join(", ")}]` : "[]";
  reportUnsupported(
    ctx,
    ["removeSections"],
    `removeSections ${named}`,
    "pi-modes removed these sections from Pi's prompt with heading regexes; forge never edits Pi's prompt (replace_base keeps Pi's context files, skills, date and cwd, replace_final replaces the whole prompt)" +
      (unknown.length > 0 ? `, and pi-modes itself ignored the unknown section${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")}` : "") +
      ". To drop those parts, write the full prompt as a replace_final mode.",
    `removeSections ${named} (forge cannot remove sections of Pi's prompt)`,
  );
}

interface Text {
  strategy: Strategy;
  prompt: string;
}

/** Schema v2: the strategy is explicit; the text parts are joined in reading order. */
function textV2(ctx: EntryContext, obj: Record<string, unknown>, parts: Record<string, string | undefined>): Text | null {
  const raw = obj.promptStrategy;
  if (raw === undefined) {
    const marker = obj.schemaVersion !== undefined ? "schemaVersion" : "version";
    ctx.diagnostics.push(
      importInvalidEntry(
        fieldWhere(ctx, [marker]),
        ctx.entry,
        "schema v2 requires promptStrategy (append, replace_base or replace_final)",
        '{ "schemaVersion": 2, "promptStrategy": "append", ... }',
      ),
    );
    return null;
  }
  if (typeof raw !== "string" || !(STRATEGIES as readonly string[]).includes(raw)) {
    ctx.diagnostics.push(
      importInvalidEntry(
        fieldWhere(ctx, ["promptStrategy"]),
        ctx.entry,
        `promptStrategy ${JSON.stringify(raw)} is not append, replace_base or replace_final`,
        '"promptStrategy": "append"',
      ),
    );
    return null;
  }
  const used = (["opener", "prompt", "systemPrompt", "appendix"] as const).filter((f) => (parts[f] ?? "").trim() !== "");
  if (used.length > 1) ctx.diagnostics.push(importTextJoined(fieldWhere(ctx, [used[0]!], "key"), used, "the prompt"));
  return { strategy: raw as Strategy, prompt: joinParts([parts.opener, parts.prompt?.trim() ? parts.prompt : parts.systemPrompt, parts.appendix]) };
}

/** Legacy v1: no strategy; the shape decides, as pi-modes' own runtime did. */
function textV1(ctx: EntryContext, parts: Record<string, string | undefined>): Text | null {
  const baseField = (parts.systemPrompt ?? "").trim() !== "" ? "systemPrompt" : (parts.prompt ?? "").trim() !== "" ? "prompt" : null;
  const appendix = (parts.appendix ?? "").trim() !== "";
  if (baseField !== null) {
    ctx.diagnostics.push(
      importStrategyDefaulted(
        fieldWhere(ctx, [baseField], "key"),
        "replace_base",
        `no promptStrategy, so this legacy v1 file keeps the historical replace_base default. pi-modes sent ${baseField} as the whole prompt; forge's replace_base replaces only Pi's base prompt and keeps Pi's appended prompt, context files, skills, date and cwd. For the exact prompt, change the imported file to strategy: replace_final`,
      ),
    );
    if ((parts.opener ?? "").trim() !== "") {
      reportUnsupported(
        ctx,
        ["opener"],
        "opener",
        `pi-modes ignored the opener when ${baseField} was set, so forge does too`,
        "opener (pi-modes ignored it next to systemPrompt)",
      );
    }
    if (appendix)
      ctx.diagnostics.push(
        importTextJoined(
          fieldWhere(ctx, [baseField], "key"),
          [baseField, "appendix"],
          'the prompt (pi-modes appended the appendix after it under a "# Current prompt mode" heading)',
        ),
      );
    return { strategy: "replace_base", prompt: joinParts([parts[baseField], parts.appendix]) };
  }
  const used = (["opener", "appendix"] as const).filter((f) => (parts[f] ?? "").trim() !== "");
  if (used.length === 0) return null;
  ctx.diagnostics.push(
    importStrategyDefaulted(
      fieldWhere(ctx, [used[0]!], "key"),
      "append",
      `no promptStrategy and no systemPrompt: pi-modes kept Pi's prompt and appended ${used.join(" and ")} under "# Current prompt mode: <label>", which is a forge append overlay (its heading is "# <label>")`,
    ),
  );
  if (used.length > 1) ctx.diagnostics.push(importTextJoined(fieldWhere(ctx, ["opener"], "key"), used, "the prompt"));
  return { strategy: "append", prompt: joinParts([parts.opener, parts.appendix]) };
}

function modeFromFile(ctx: EntryContext, obj: Record<string, unknown>, file: string): ModeDraft | null {
  reportUnknownFields(ctx, obj, KNOWN_FIELDS, FORMAT);
  const skip = (where: Where, reason: string): null => {
    ctx.diagnostics.push(importInvalidEntry(where, ctx.entry, reason, EXAMPLE));
    return null;
  };
  const version = readVersion(ctx, obj);
  const rawKey = readString(ctx, obj, "key", '"key": "plan"');
  if (rawKey === undefined || rawKey.trim() === "") return skip(entryWhere(ctx), 'it has no "key" (pi-modes requires one)');
  const keyWhere = fieldWhere(ctx, ["key"]);
  const key = keyFrom(ctx, rawKey, keyWhere, "pi-modes key", "mode");
  if (key === null) return skip(keyWhere, `the key "${rawKey}" has no letters or digits to make a forge key from`);
  const label = readString(ctx, obj, "label", '"label": "Plan"')?.trim();
  if (!label) return skip(obj.label === undefined ? entryWhere(ctx) : fieldWhere(ctx, ["label"]), 'it has no non-empty "label" (pi-modes requires one)');

  const parts: Record<string, string | undefined> = {};
  for (const f of ["opener", "appendix", "systemPrompt", "prompt"]) parts[f] = readString(ctx, obj, f, `"${f}": "Plan before editing."`);
  if ((parts.prompt ?? "").trim() !== "" && (parts.systemPrompt ?? "").trim() !== "") {
    return skip(fieldWhere(ctx, ["prompt"], "key"), 'it has both "prompt" and "systemPrompt", and only one base text can be imported');
  }
  reportRemoveSections(ctx, obj);
  const v2 = obj.promptStrategy !== undefined || version === 2;
  const text = v2 ? textV2(ctx, obj, parts) : textV1(ctx, parts);
  if (text === null) return v2 ? null : skip(entryWhere(ctx), "it has no text: pi-modes requires opener, appendix or systemPrompt");
  if (text.prompt === "") return skip(entryWhere(ctx), "its prompt text is empty");
  const prompt = escapeTemplateText(text.prompt);
  const promptField =
    parts.systemPrompt !== undefined ? "systemPrompt" : parts.prompt !== undefined ? "prompt" : parts.opener !== undefined ? "opener" : "appendix";
  if (!promptFits(ctx, prompt, `the prompt (${promptField})`, fieldWhere(ctx, [promptField], "key"))) return null;

  const rawDescription = readString(ctx, obj, "description", '"description": "Plan before editing."')?.trim();
  const source: ModeSource = {
    label: fitText(ctx, label, MAX_LABEL, "label", fieldWhere(ctx, ["label"])),
    description: rawDescription
      ? fitText(ctx, rawDescription, MAX_DESCRIPTION, "description", fieldWhere(ctx, ["description"]))
      : `Imported from pi-modes mode "${shortName(rawKey)}" (${baseName(file)}).`,
    strategy: text.strategy,
    prompt,
  };
  for (const field of CONTRACTS) {
    const keys = readKeyList(ctx, obj, field, "mode");
    if (keys !== undefined && keys.length > 0) source[field] = keys;
  }
  return { key, keyWhere, entry: ctx.entry, comments: [`Imported by forge import pi-modes from ${baseName(file)}.`, ...ctx.comments], source };
}

export function importPiModes(inputs: readonly ImportInput[], options: ImportOptions): ImportResult {
  const diagnostics: Diagnostic[] = [];
  const modes: ModeDraft[] = [];
  const skipped: SkippedEntry[] = [];
  for (const input of inputs) {
    const { parsed, diagnostics: parseDiagnostics } = parseInput(input, `a pi-modes JSON object, e.g. ${EXAMPLE}`);
    diagnostics.push(...parseDiagnostics);
    if (!parsed) continue;
    const ctx: EntryContext = { pd: parsed.pd, at: [], entry: `pi-modes file ${baseName(input.path)}`, diagnostics, comments: [] };
    const draft = isRecord(parsed.value)
      ? modeFromFile(ctx, parsed.value, input.path)
      : (diagnostics.push(importInvalidEntry(entryWhere(ctx), ctx.entry, "it is not a JSON object", EXAMPLE)), null);
    if (draft) modes.push(draft);
    else skipped.push({ file: input.path, path: "" });
  }
  return assembleImport({ modes, presets: [], diagnostics, skipped }, options);
}
