// `forge export roo`: one .roomodes (YAML) with a custom mode per forge mode; groups from its tools and edit limit.
//
// Mapping (docs/guides/import-export.md, "forge export"): key -> slug, label -> name, description, the prompt ->
// roleDefinition, as written. Groups: read, grep, find or ls -> read; edit or write -> edit; bash -> command; no tools
// (Pi's tools stay) -> read, edit, command. An edit limit becomes the edit group's fileRegex: one expression of the
// allowed patterns less the denied ones, tested against the workspace-relative path as Roo does; under a limit forge
// turns bash off unless edits.bash: unchecked, so command is given only then. Rules, presets and blocks: reported.
import { Document, isMap, isSeq } from "yaml";
import type { EditLimit, Mode, PathPattern } from "../../generated/types.js";
import { requoteDeep } from "../import/emit-yaml.js";
import { modeLosses, reportOtherPresets } from "./export-components.js";
import { bannerText, componentText, reportLoss } from "./export-text.js";
import { bundleParts, type ExportContext, type ExportPlan } from "./export-types.js";

const FILE = ".roomodes";
const READ_TOOLS = ["read", "grep", "find", "ls"];

/** A pattern as an expression anchored at the start of the path: a glob's is; a regex (searched) gets a lazy prefix. */
function anchored(p: PathPattern): string {
  return p.kind === "glob" ? `(?:${p.regex})` : `[\\s\\S]*?(?:${p.regex})`;
}

/** The one fileRegex an edit limit comes to: `^(?!denied)(?:allowed)`; null when it limits nothing or allows nothing. */
export function limitRegex(limit: EditLimit): { regex: string | null; none: boolean } {
  if (limit.allow !== undefined && limit.allow.length === 0) return { regex: null, none: true };
  const deny = limit.deny.map(anchored);
  const allow = (limit.allow ?? []).map(anchored);
  if (deny.length === 0 && allow.length === 0) return { regex: null, none: false };
  return { regex: `^${deny.length > 0 ? `(?!${deny.join("|")})` : ""}${allow.length > 0 ? `(?:${allow.join("|")})` : ""}`, none: false };
}

type Group = string | [string, { fileRegex: string }];

/** Roo's groups for a mode, and what they cannot say (reported by the caller). */
function groupsOf(mode: Mode): { groups: Group[]; lost: string[] } {
  const tools = mode.tools ?? ["read", "grep", "find", "ls", "edit", "write", "bash"];
  const lost: string[] = [];
  const groups: Group[] = [];
  const reads = READ_TOOLS.filter((t) => tools.includes(t));
  if (reads.length > 0) groups.push("read");
  if (reads.length > 0 && reads.length < READ_TOOLS.length)
    lost.push(`tools [${reads.join(", ")}] without ${READ_TOOLS.filter((t) => !reads.includes(t)).join(", ")} (Roo's read group also searches and lists)`);
  const edits = ["edit", "write"].filter((t) => tools.includes(t));
  const limit = mode.edits === undefined ? null : limitRegex(mode.edits);
  if (edits.length === 1) lost.push(`tools [${edits[0]}] without ${edits[0] === "edit" ? "write" : "edit"} (Roo's edit group does both)`);
  if (edits.length > 0 && !limit?.none) groups.push(limit?.regex ? ["edit", { fileRegex: limit.regex }] : "edit");
  const bashOff = mode.edits !== undefined && mode.edits.bash !== "unchecked";
  if (tools.includes("bash") && !bashOff) groups.push("command");
  const others = tools.filter((t) => !READ_TOOLS.includes(t) && t !== "edit" && t !== "write" && t !== "bash");
  if (others.length > 0) lost.push(`the extension tools [${others.join(", ")}]`);
  return { groups, lost };
}

export function renderRoo(ctx: ExportContext): ExportPlan {
  const parts = bundleParts(ctx);
  const customModes: Array<Record<string, unknown>> = [];
  const sources: string[] = [];
  for (const [key, mode] of parts.modes) {
    const { groups, lost } = groupsOf(mode);
    lost.push(...modeLosses(mode, key, { label: true, tools: true, edits: true }));
    if (mode.strategy === "append")
      lost.unshift("an append overlay (Roo puts roleDefinition in place of its own role line; forge import roo --overlay reads it back as an overlay)");
    if (mode.strategy === "replace_final") lost.unshift("an exact final prompt (Roo adds its own parts after roleDefinition)");
    if (lost.length > 0) reportLoss(ctx, mode.source, `mode ${key}`, lost.join(", "), "written as a Roo mode without it");
    customModes.push({
      slug: key,
      name: mode.label,
      description: mode.description,
      roleDefinition: componentText(ctx, mode.prompt, mode.source, `mode ${key}`),
      groups,
    });
    sources.push(`${ctx.forgeRoot}${mode.source}`);
  }
  for (const [id, rule] of parts.rules) reportLoss(ctx, rule.source, `rule ${id}`, "a rule that switches on by path (.roomodes holds modes only)", "left out");
  reportOtherPresets(ctx, parts, ".roomodes holds modes only");
  const source = { customModes };
  const doc = new Document(source);
  doc.commentBefore = ` ${bannerText(ctx, ctx.bundleFile)}`;
  const list = isMap(doc.contents) ? doc.contents.items[0]?.value : null;
  if (isSeq(list)) list.items.forEach((item, i) => ((item as { commentBefore?: string }).commentBefore = ` from ${sources[i]}`));
  const emit = (): string => doc.toString({ lineWidth: 0, blockQuote: "literal" });
  return { files: [{ path: FILE, text: requoteDeep(doc, source, emit(), emit) }], owned: [] };
}
