// Imports rulesync rules (.rulesync/rules/**/*.md): root, localRoot, targets, description, globs.
//
// Mapping (docs/guides/import-export.md, "forge import of agent rules"):
// - targets without "*" or "pi": rulesync would not give the rule to Pi, so it is skipped (import_rule_skipped).
// - root: true (the overview) -> an append mode, first in the preset rulesync-rules; localRoot: true -> an append mode
//   too, with a warning (forge has no personal, untracked scope inside a project).
// - globs (a list, or the older comma-separated string) -> a rules/<id>.yaml with when.paths: rulesync folds every rule
//   into Pi's AGENTS.md, forge keeps the scope. No globs -> an append mode in the preset (what rulesync gives Pi).
// - description -> the description; the tool sections (cursor:, claudecode:, agentsmd:, pi:, ...) apply to their own
//   tool only and are reported; the header must be YAML, as rulesync reads it (gray-matter).
import type { Diagnostic } from "../../core/diagnostic.js";
import { atFile } from "../../core/diagnostics/make-diagnostic.js";
import { importRuleSkipped } from "../diagnostics/import-codes.js";
import {
  fieldOf,
  readFlag,
  readGlobs,
  readText,
  reportInvalidField,
  reportUnknownFields,
  reportUnsupportedField,
  type RuleFileContext,
} from "./agent-rule-fields.js";
import { importAgentRules, namesGlobs, type AgentFormat, type AgentRule } from "./agent-rules.js";
import { describeType } from "./entry-fields.js";
import { splitGlobList, type Header } from "./header-fields.js";
import { isRecord } from "./input-doc.js";
import { readRuleFile } from "./rule-file.js";
import type { ImportInput, ImportOptions, ImportResult, SkippedEntry } from "./types.js";

const FORMAT: AgentFormat = { name: "rulesync", tool: "rulesync", presetKey: "rulesync-rules" };
const CANONICAL = ["root", "localRoot", "targets", "description", "globs"] as const;
const EXAMPLE = 'root: false\ntargets: ["*"]\ndescription: How API handlers are written\nglobs: ["src/api/**"]';

/** Tool sections (a mapping under a tool's name) and the older cursorRuleType: settings for one tool, reported. */
function reportToolSections(ctx: RuleFileContext, header: Header | null): void {
  for (const field of header?.fields ?? []) {
    if ((CANONICAL as readonly string[]).includes(field.key)) continue;
    if (isRecord(field.value) || field.key === "cursorRuleType") {
      reportUnsupportedField(
        ctx,
        field,
        `it holds settings rulesync writes for ${field.key === "cursorRuleType" ? "Cursor" : field.key} only; forge follows the canonical fields (root, globs, description)`,
        `${field.key} (settings for one tool)`,
      );
    }
  }
  const unknown = (header?.fields ?? []).filter((f) => !isRecord(f.value) && f.key !== "cursorRuleType");
  reportUnknownFields(ctx, { fields: unknown, lenient: false }, CANONICAL, "rulesync rule");
}

/** targets as rulesync reads it: a list of tool names ("*" for all), default ["*"]. */
function readTargets(ctx: RuleFileContext, header: Header | null): string[] {
  const field = fieldOf(header, "targets");
  if (field === undefined || field.value === null || field.value === undefined) return ["*"];
  if (typeof field.value === "string") return splitGlobList(field.value);
  if (Array.isArray(field.value) && field.value.every((t) => typeof t === "string")) return field.value as string[];
  reportInvalidField(
    ctx,
    field.valueWhere,
    '"targets"',
    `must be a list of tool names, got ${describeType(field.value)}, so the default ["*"] applies`,
    'targets: ["*"]',
  );
  return ["*"];
}

function ruleFrom(input: ImportInput, diagnostics: Diagnostic[], skipped: SkippedEntry[]): AgentRule | null {
  const read = readRuleFile(input, { reading: "strict", expected: EXAMPLE.split("\n").join(", ") }, diagnostics, skipped);
  if (!read) return null;
  const { ctx, header } = read;
  const targets = readTargets(ctx, header);
  if (!targets.includes("*") && !targets.includes("pi")) {
    diagnostics.push(
      importRuleSkipped(
        fieldOf(header, "targets")?.valueWhere ?? atFile(input.path),
        input.path,
        `its targets [${targets.join(", ")}] leave Pi out, so rulesync would not give it to Pi`,
        'Add "pi" to targets to import it.',
      ),
    );
    skipped.push({ file: input.path, path: "" });
    return null;
  }
  reportToolSections(ctx, header);
  const root = readFlag(ctx, fieldOf(header, "root"), "root: true") === true;
  const localRootField = fieldOf(header, "localRoot");
  const localRoot = readFlag(ctx, localRootField, "localRoot: true") === true;
  const description = readText(ctx, fieldOf(header, "description"), 'description: "How API handlers are written"');
  const globsField = fieldOf(header, "globs");
  let globs = readGlobs(ctx, globsField, 'globs: ["src/api/**"]', { tool: FORMAT.tool, noteTopLevel: !root && !localRoot });
  if (localRoot && localRootField) {
    reportUnsupportedField(
      ctx,
      localRootField,
      "rulesync keeps a localRoot rule out of version control (CLAUDE.local.md, AGENTS.local.md); forge has no personal scope inside a project, so it is an always-on mode in the scope you import into (use --global for a personal one)",
      "localRoot (imported as always on)",
    );
  }
  const scopesEverything = globs.length === 1 && (globs[0] === "**/*" || globs[0] === "**");
  if ((root || localRoot) && globs.length > 0 && globsField) {
    if (!scopesEverything)
      reportUnsupportedField(
        ctx,
        globsField,
        `a ${root ? "root" : "localRoot"} rule applies always in rulesync; its globs are not used; kept: always on`,
        `globs ${globs.join(", ")} (the rule applies always)`,
      );
    globs = [];
  }
  // Globs that were given but none usable: the rule waits to be switched on by hand, it is never widened to always.
  const kind = root || localRoot ? "always" : globs.length > 0 ? "paths" : namesGlobs(globsField) ? "manual" : "always";
  return {
    file: input.path,
    rel: read.rel,
    kind,
    globs,
    ...(description ? { description } : {}),
    body: read.body,
    bodyWhere: read.bodyWhere,
    first: root,
    comments: ctx.comments,
  };
}

export function importRulesyncRules(inputs: readonly ImportInput[], options: ImportOptions): ImportResult {
  return importAgentRules(FORMAT, ruleFrom, inputs, options);
}
