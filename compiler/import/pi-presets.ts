// Imports the presets.json of Pi's example preset extension (pi-coding-agent/examples/extensions/preset.ts): each entry -> a mode plus a preset.
//
// Mapping, per field (the diagnostics say the same per entry):
// - the entry name -> the preset key (normalized, keys.ts) and the mode's label; the mode key is
//   "<preset key>-mode". forge would accept one key for both, but `forge preview <name>` and
//   `forge explain <name>` resolve a name that is both a mode and a preset as the mode, so distinct
//   keys keep every name unambiguous; the preset keeps the name users typed (`--preset plan`), and
//   the suffix also keeps the mode from replacing a built-in mode of the same name (plan, review...).
// - instructions -> the mode's prompt, an append overlay (Pi appended them after its prompt; forge adds
//   the "# <label>" heading). No instructions: an empty prompt, reported, so the preferences still apply.
// - provider + model -> model "provider/model"; only one of them cannot be represented (Pi itself
//   ignored it then): reported, left out. thinkingLevel -> thinking. tools -> tools: read, grep, find and ls are
//   switched on as Pi's preset did; an info names listed tools forge does not switch on (edit, write, bash...).
// - the preset: description generated, overlays [the mode].
import type { Diagnostic } from "../../core/diagnostic.js";
import { importInvalidEntry, importNoPrompt, importStrategyDefaulted, importToolsNarrowOnly, importUnreadable } from "../diagnostics/import-codes.js";
import { whereAt } from "../phases/yaml-positions.js";
import { assembleImport } from "./assemble.js";
import { fitText, MAX_LABEL, promptFits, shortName } from "./bounds.js";
import {
  entryWhere,
  fieldWhere,
  keyFrom,
  readString,
  readStringList,
  reportInvalid,
  reportUnknownFields,
  reportUnsupported,
  type EntryContext,
} from "./entry-fields.js";
import { isRecord, parseInput } from "./input-doc.js";
import { MAX_KEY_LENGTH } from "./keys.js";
import { READ_ONLY_TOOLS } from "../../core/preferences.js";
import { escapeTemplateText } from "./template-text.js";
import type { ImportInput, ImportOptions, ImportResult, ModeDraft, ModeSource, PresetDraft, SkippedEntry } from "./types.js";

const FORMAT = "pi-presets";
const KNOWN_FIELDS = ["provider", "model", "thinkingLevel", "tools", "instructions"] as const;
const THINKING = ["off", "minimal", "low", "medium", "high", "xhigh"];
const TOOL_NAME = /^[A-Za-z_][A-Za-z0-9_-]*$/;
const MODE_SUFFIX = "-mode";
const EXAMPLE =
  '{ "plan": { "provider": "anthropic", "model": "claude-sonnet-4-5", "thinkingLevel": "high", "tools": ["read", "grep"], "instructions": "Plan first." } }';

const baseName = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

/** provider + model -> "provider/model" (forge's model pattern); either one alone is reported and left out. */
function readModel(ctx: EntryContext, obj: Record<string, unknown>): string | undefined {
  const provider = readString(ctx, obj, "provider", '"provider": "anthropic"')?.trim();
  const model = readString(ctx, obj, "model", '"model": "claude-sonnet-4-5"')?.trim();
  if (!provider && !model) return undefined;
  if (!provider || !model) {
    const [present, missing] = provider ? ["provider", "model"] : ["model", "provider"];
    reportUnsupported(
      ctx,
      [present],
      present,
      `forge names a model as provider/model-id and there is no "${missing}" (Pi's preset extension also ignored a ${present} without a ${missing}). Example: "provider": "anthropic", "model": "claude-sonnet-4-5"`,
      `${present} "${provider ?? model}" without ${missing}`,
    );
    return undefined;
  }
  const joined = `${provider}/${model}`;
  if (!/^[^/\s]+\/\S+$/.test(joined) || joined.length > 200) {
    reportInvalid(
      ctx,
      ["provider"],
      `"provider"/"model"`,
      `make "${shortName(joined)}", which is not a provider/model-id without spaces of at most 200 characters`,
      '"provider": "anthropic", "model": "claude-sonnet-4-5"',
    );
    return undefined;
  }
  return joined;
}

function readThinking(ctx: EntryContext, obj: Record<string, unknown>): string | undefined {
  const level = readString(ctx, obj, "thinkingLevel", '"thinkingLevel": "high"');
  if (level === undefined || THINKING.includes(level)) return level;
  reportInvalid(ctx, ["thinkingLevel"], `"thinkingLevel"`, `is ${JSON.stringify(level)}, not one of ${THINKING.join(", ")}`, '"thinkingLevel": "high"');
  return undefined;
}

function readTools(ctx: EntryContext, obj: Record<string, unknown>): string[] | undefined {
  const raw = readStringList(ctx, obj, "tools", '"tools": ["read", "grep"]');
  if (raw === undefined) return undefined;
  if (raw.length === 0) {
    reportUnsupported(
      ctx,
      ["tools"],
      "tools []",
      "Pi's preset extension ignored an empty tools list, while forge's tools: [] would switch every tool off",
      "tools [] (Pi ignored an empty list)",
    );
    return undefined;
  }
  const tools: string[] = [];
  (obj.tools as unknown[]).forEach((tool, i) => {
    if (typeof tool !== "string") return; // reported by readStringList
    if (TOOL_NAME.test(tool) && tool.length <= 64) {
      if (!tools.includes(tool)) tools.push(tool);
      return;
    }
    reportInvalid(ctx, ["tools", i], `tool "${tool}"`, "is not a tool name (letters, digits, _ and -)", '"tools": ["read", "grep"]');
  });
  // Read-only built-ins are switched on exactly as Pi's preset did; only the others can differ.
  const maybeOff = tools.filter((t) => !READ_ONLY_TOOLS.includes(t));
  if (maybeOff.length > 0) ctx.diagnostics.push(importToolsNarrowOnly(fieldWhere(ctx, ["tools"], "key"), maybeOff));
  return tools.length > 0 ? tools : undefined;
}

function draftsFromEntry(ctx: EntryContext, name: string, obj: Record<string, unknown>, file: string): { mode: ModeDraft; preset: PresetDraft } | null {
  reportUnknownFields(ctx, obj, KNOWN_FIELDS, FORMAT);
  const keyWhere = entryWhere(ctx);
  // Leave room for the mode suffix, so the preset and its mode share one stem.
  const key = keyFrom(ctx, name, keyWhere, "preset name", "preset", MAX_KEY_LENGTH - MODE_SUFFIX.length);
  if (key === null) {
    ctx.diagnostics.push(importInvalidEntry(keyWhere, ctx.entry, `the name "${name}" has no letters or digits to make a forge key from`, EXAMPLE));
    return null;
  }
  const instructions = readString(ctx, obj, "instructions", '"instructions": "Plan first."');
  const text = instructions?.trim() ?? "";
  const prompt = escapeTemplateText(text);
  if (!promptFits(ctx, prompt, "instructions", fieldWhere(ctx, ["instructions"], "key"))) return null;
  if (text === "")
    ctx.diagnostics.push(importNoPrompt(obj.instructions === undefined ? keyWhere : fieldWhere(ctx, ["instructions"]), ctx.entry, "instructions"));
  else {
    ctx.diagnostics.push(
      importStrategyDefaulted(
        fieldWhere(ctx, ["instructions"], "key"),
        "append",
        "Pi's preset extension appended the instructions after Pi's prompt, which is a forge append overlay; forge puts them under the heading \"# <label>\"",
      ),
    );
  }
  const modeKey = `${key}${MODE_SUFFIX}`;
  const source: ModeSource = {
    label: fitText(ctx, name.trim(), MAX_LABEL, "the preset name (as the label)", keyWhere),
    description: `Imported from Pi preset "${shortName(name)}" (${baseName(file)}).`,
    strategy: "append",
    prompt,
  };
  const model = readModel(ctx, obj);
  const thinking = readThinking(ctx, obj);
  const tools = readTools(ctx, obj);
  if (model !== undefined) source.model = model;
  if (thinking !== undefined) source.thinking = thinking;
  if (tools !== undefined) source.tools = tools;
  const origin = `Imported by forge import pi-presets from ${baseName(file)} ("${name}").`;
  return {
    mode: { key: modeKey, keyWhere, entry: ctx.entry, comments: [origin, ...ctx.comments], source },
    preset: {
      key,
      keyWhere,
      entry: ctx.entry,
      comments: [origin],
      source: { description: `Imported from Pi preset "${shortName(name)}" (${baseName(file)}): selects mode ${modeKey}.`, overlays: [modeKey] },
    },
  };
}

export function importPiPresets(inputs: readonly ImportInput[], options: ImportOptions): ImportResult {
  const diagnostics: Diagnostic[] = [];
  const modes: ModeDraft[] = [];
  const presets: PresetDraft[] = [];
  const skipped: SkippedEntry[] = [];
  for (const input of inputs) {
    const expected = `a JSON object of named presets, e.g. ${EXAMPLE}`;
    const { parsed, diagnostics: parseDiagnostics } = parseInput(input, expected);
    diagnostics.push(...parseDiagnostics);
    if (!parsed) continue;
    if (!isRecord(parsed.value)) {
      diagnostics.push(importUnreadable(whereAt(parsed.pd, []), "the top level is not an object", expected));
      continue;
    }
    for (const [name, entry] of Object.entries(parsed.value)) {
      const ctx: EntryContext = { pd: parsed.pd, at: [name], entry: `Pi preset "${name}"`, diagnostics, comments: [] };
      const drafts = isRecord(entry)
        ? draftsFromEntry(ctx, name, entry, input.path)
        : (diagnostics.push(importInvalidEntry(fieldWhere(ctx, []), ctx.entry, "it is not an object of preset fields", EXAMPLE)), null);
      if (drafts) {
        modes.push(drafts.mode);
        presets.push(drafts.preset);
      } else skipped.push({ file: input.path, path: `/${name.replaceAll("~", "~0").replaceAll("/", "~1")}` });
    }
  }
  return assembleImport({ modes, presets, diagnostics, skipped }, options);
}
