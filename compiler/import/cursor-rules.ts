// Imports Cursor project rules (.cursor/rules/**/*.mdc and rule folders' RULE.md): description, globs, alwaysApply.
//
// Mapping (docs/guides/import-export.md, "forge import of agent rules"), the four Cursor rule types:
// - alwaysApply: true (Always) -> an append mode, collected by the preset cursor-rules; globs next to it are not used
//   (Cursor ignores them too), reported.
// - globs (Auto Attached / Apply to specific files) -> a rules/<id>.yaml with when.paths; description -> its description.
// - description only (Agent Requested / Apply intelligently) -> a dormant block of the preset, modelCallable: true.
// - none of them (Manual) -> a dormant block, modelCallable: false: switched on with /system-update use <id>.
// The header is read as Cursor reads it: YAML when it is YAML, else line by line (`globs: *.ts, src/**` unquoted).
import type { Diagnostic } from "../../core/diagnostic.js";
import { fieldOf, readFlag, readGlobs, readText, reportUnknownFields, reportUnsupportedField } from "./agent-rule-fields.js";
import { importAgentRules, type AgentFormat, type AgentRule } from "./agent-rules.js";
import { readRuleFile } from "./rule-file.js";
import type { ImportInput, ImportOptions, ImportResult, SkippedEntry } from "./types.js";

const FORMAT: AgentFormat = { name: "cursor", tool: "Cursor", presetKey: "cursor-rules" };
const KNOWN = ["description", "globs", "alwaysApply"] as const;
const GLOBS_EXAMPLE = "globs: src/**/*.ts, tests/**";

function ruleFrom(input: ImportInput, diagnostics: Diagnostic[], skipped: SkippedEntry[]): AgentRule | null {
  const read = readRuleFile(input, { reading: "Cursor", expected: GLOBS_EXAMPLE }, diagnostics, skipped);
  if (!read) return null;
  const { ctx, header } = read;
  reportUnknownFields(ctx, header, KNOWN, "Cursor rule");
  const always = readFlag(ctx, fieldOf(header, "alwaysApply"), "alwaysApply: true") === true;
  const description = readText(ctx, fieldOf(header, "description"), "description: How API handlers are written");
  const globsField = fieldOf(header, "globs");
  let globs = readGlobs(ctx, globsField, GLOBS_EXAMPLE, { tool: FORMAT.tool, noteTopLevel: !always });
  if (always && globs.length > 0 && globsField) {
    reportUnsupportedField(
      ctx,
      globsField,
      "alwaysApply: true applies the rule everywhere and Cursor ignores its globs; kept: always on",
      `globs ${globs.join(", ")} (alwaysApply: true)`,
    );
    globs = [];
  }
  const kind = always ? "always" : globs.length > 0 ? "paths" : description ? "requested" : "manual";
  return {
    file: input.path,
    rel: read.rel,
    kind,
    globs,
    ...(description ? { description } : {}),
    body: read.body,
    bodyWhere: read.bodyWhere,
    comments: ctx.comments,
  };
}

export function importCursorRules(inputs: readonly ImportInput[], options: ImportOptions): ImportResult {
  return importAgentRules(FORMAT, ruleFrom, inputs, options);
}
