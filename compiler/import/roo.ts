// Imports Roo Code custom modes (.roomodes as JSON or YAML, custom_modes.yaml): `customModes: [{slug, name, roleDefinition, ...}]`.
//
// Mapping, per field (the diagnostics say the same per mode):
// - slug -> key (normalized, keys.ts); name -> label.
// - description -> description; without one, whenToUse becomes the description; whenToUse next to a
//   description has no forge field (forge never switches modes by itself): reported. Neither: generated.
// - roleDefinition -> the prompt of a replace_base mode (Roo puts it first, in place of its own role
//   line; forge's replace_base replaces Pi's base prompt the same way). With --overlay: an append overlay.
//   customInstructions is appended after a blank line (Roo adds it after the rest of its prompt); roleDefinition alone
//   is kept byte for byte.
// - groups (Roo tool permissions) -> tools and edits (roo-groups.ts): read -> read, grep, find, ls; edit -> edit,
//   write, its fileRegex -> edits.allowRegex (kept as a regex); command -> bash; browser and mcp are reported. A mode
//   without an edit group cannot edit.
// - source (global/project) is Roo bookkeeping; forge's scope comes from --root/--global: reported.
import type { Diagnostic } from "../../core/diagnostic.js";
import { importInvalidEntry, importStrategyDefaulted, importTextJoined, importUnreadable } from "../diagnostics/import-codes.js";
import { whereAt } from "../phases/yaml-positions.js";
import { assembleImport } from "./assemble.js";
import { fitText, MAX_DESCRIPTION, MAX_LABEL, promptFits, shortName } from "./bounds.js";
import { entryWhere, fieldWhere, joinParts, keyFrom, readString, reportUnknownFields, reportUnsupported, type EntryContext } from "./entry-fields.js";
import { isRecord, parseInput } from "./input-doc.js";
import { mapRooGroups } from "./roo-groups.js";
import { escapeTemplateText } from "./template-text.js";
import type { ImportInput, ImportOptions, ImportResult, ModeDraft, ModeSource, SkippedEntry } from "./types.js";

const FORMAT = "Roo Code";
const KNOWN_FIELDS = ["slug", "name", "roleDefinition", "whenToUse", "description", "customInstructions", "groups", "source"] as const;
const EXAMPLE = "customModes: [{ slug: docs-writer, name: Docs Writer, roleDefinition: You write documentation., groups: [read] }]";

const baseName = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

function descriptionOf(ctx: EntryContext, obj: Record<string, unknown>, slug: string, file: string): string {
  const description = readString(ctx, obj, "description", "description: Writes and edits documentation.")?.trim();
  const whenToUse = readString(ctx, obj, "whenToUse", "whenToUse: Use this mode for documentation.")?.trim();
  if (description && whenToUse) {
    reportUnsupported(
      ctx,
      ["whenToUse"],
      "whenToUse",
      "Roo used it to pick modes automatically; forge has no such field (modes are selected explicitly) and this mode already has a description",
      "whenToUse (forge never switches modes by itself)",
    );
  }
  const text = description || whenToUse;
  if (!text) return `Imported from Roo Code mode "${shortName(slug)}" (${baseName(file)}).`;
  return fitText(
    ctx,
    text,
    MAX_DESCRIPTION,
    description ? "description" : "whenToUse (as the description)",
    fieldWhere(ctx, [description ? "description" : "whenToUse"]),
  );
}

function modeFromEntry(ctx: EntryContext, obj: Record<string, unknown>, file: string, options: ImportOptions): ModeDraft | null {
  reportUnknownFields(ctx, obj, KNOWN_FIELDS, FORMAT);
  const skip = (where: ReturnType<typeof entryWhere>, reason: string): null => {
    ctx.diagnostics.push(importInvalidEntry(where, ctx.entry, reason, EXAMPLE));
    return null;
  };
  const slug = readString(ctx, obj, "slug", "slug: docs-writer");
  if (slug === undefined || slug.trim() === "") return skip(entryWhere(ctx), 'it has no "slug" (Roo requires one)');
  const keyWhere = fieldWhere(ctx, ["slug"]);
  const key = keyFrom(ctx, slug, keyWhere, "Roo slug", "mode");
  if (key === null) return skip(keyWhere, `the slug "${slug}" has no letters or digits to make a forge key from`);
  const name = readString(ctx, obj, "name", "name: Docs Writer")?.trim();
  if (!name) return skip(obj.name === undefined ? entryWhere(ctx) : fieldWhere(ctx, ["name"]), 'it has no non-empty "name" (Roo requires one)');
  const role = readString(ctx, obj, "roleDefinition", "roleDefinition: You write documentation.");
  if (!role?.trim())
    return skip(
      obj.roleDefinition === undefined ? entryWhere(ctx) : fieldWhere(ctx, ["roleDefinition"]),
      'it has no non-empty "roleDefinition" (Roo requires one)',
    );
  const custom = readString(ctx, obj, "customInstructions", "customInstructions: Use short sentences.");
  const roleWhere = fieldWhere(ctx, ["roleDefinition"], "key");
  if (custom?.trim()) ctx.diagnostics.push(importTextJoined(roleWhere, ["roleDefinition", "customInstructions"], "the prompt"));
  // roleDefinition alone is kept as written (Roo uses it as written, and forge export roo writes it so); joined with
  // customInstructions, each part is trimmed and they are separated by a blank line.
  const prompt = escapeTemplateText(custom?.trim() ? joinParts([role, custom]) : role);
  if (!promptFits(ctx, prompt, "the prompt (roleDefinition and customInstructions)", roleWhere)) return null;

  const strategy = options.overlay ? "append" : "replace_base";
  ctx.diagnostics.push(
    importStrategyDefaulted(
      roleWhere,
      strategy,
      options.overlay
        ? `with --overlay, roleDefinition becomes an append overlay, added after Pi's prompt under the heading "# ${name}"`
        : "roleDefinition replaced the start of Roo's prompt, so it becomes a replace_base mode: it replaces Pi's base prompt, and Pi still adds its appended prompt, context files, skills, date and cwd. Pass --overlay to add it after Pi's prompt instead",
    ),
  );
  if (obj.source !== undefined) {
    reportUnsupported(
      ctx,
      ["source"],
      `source ${JSON.stringify(obj.source)}`,
      "it is Roo's record of where the mode was defined; forge takes the scope from where it writes (--root or --global)",
      `source ${JSON.stringify(obj.source)} (the scope comes from --root/--global)`,
    );
  }
  const source: ModeSource = {
    label: fitText(ctx, name, MAX_LABEL, "name (as the label)", fieldWhere(ctx, ["name"])),
    description: descriptionOf(ctx, obj, slug, file),
    strategy,
    prompt,
    ...mapRooGroups(ctx, obj.groups),
  };
  return { key, keyWhere, entry: ctx.entry, comments: [`Imported by forge import roo from ${baseName(file)} (slug "${slug}").`, ...ctx.comments], source };
}

export function importRoo(inputs: readonly ImportInput[], options: ImportOptions): ImportResult {
  const diagnostics: Diagnostic[] = [];
  const modes: ModeDraft[] = [];
  const skipped: SkippedEntry[] = [];
  for (const input of inputs) {
    const expected = `a customModes list, e.g. ${EXAMPLE}`;
    const { parsed, diagnostics: parseDiagnostics } = parseInput(input, expected);
    diagnostics.push(...parseDiagnostics);
    if (!parsed) continue;
    const top = parsed.value;
    if (!isRecord(top) || !Array.isArray(top.customModes)) {
      const where = isRecord(top) && top.customModes !== undefined ? whereAt(parsed.pd, ["customModes"]) : whereAt(parsed.pd, []);
      diagnostics.push(
        importUnreadable(where, isRecord(top) && top.customModes !== undefined ? "customModes is not a list" : "there is no customModes list", expected),
      );
      continue;
    }
    const fileCtx: EntryContext = { pd: parsed.pd, at: [], entry: baseName(input.path), diagnostics, comments: [] };
    reportUnknownFields(fileCtx, top, ["customModes"], FORMAT);
    top.customModes.forEach((entry, i) => {
      const slug = isRecord(entry) && typeof entry.slug === "string" ? entry.slug : `#${i + 1}`;
      const ctx: EntryContext = { pd: parsed.pd, at: ["customModes", i], entry: `Roo mode "${slug}"`, diagnostics, comments: [] };
      const draft = isRecord(entry)
        ? modeFromEntry(ctx, entry, input.path, options)
        : (diagnostics.push(importInvalidEntry(whereAt(parsed.pd, ["customModes", i]), ctx.entry, "it is not a mapping of mode fields", EXAMPLE)), null);
      if (draft) modes.push(draft);
      else skipped.push({ file: input.path, path: `/customModes/${i}` });
    });
  }
  return assembleImport({ modes, presets: [], diagnostics, skipped }, options);
}
