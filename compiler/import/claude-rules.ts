// Imports Claude Code rules (.claude/rules/**/*.md): `paths` scopes a rule to files, a rule without it is always on.
//
// Mapping (docs/guides/import-export.md, "forge import of agent rules"):
// - paths (a YAML list, or a comma-separated string, which Claude Code also reads) -> a rules/<id>.yaml with when.paths;
//   without paths -> an append mode, collected by the preset claude-rules. globs, which Claude Code also reads, is taken
//   as paths when there is no paths field.
// - description (not a documented Claude Code field) -> the description forge shows; the body -> the prompt, as written.
// - A paths field whose globs forge cannot use leaves a dormant block you switch on by hand, never an always-on mode.
import type { Diagnostic } from "../../core/diagnostic.js";
import { fieldOf, readGlobs, readText, reportUnknownFields, reportUnsupportedField } from "./agent-rule-fields.js";
import { importAgentRules, namesGlobs, type AgentFormat, type AgentRule } from "./agent-rules.js";
import { readRuleFile } from "./rule-file.js";
import type { ImportInput, ImportOptions, ImportResult, SkippedEntry } from "./types.js";

const FORMAT: AgentFormat = { name: "claude-rules", tool: "Claude Code", presetKey: "claude-rules" };
const KNOWN = ["paths", "globs", "description"] as const;
const GLOBS_EXAMPLE = 'paths: ["src/**/*.ts", "tests/**"]';

function ruleFrom(input: ImportInput, diagnostics: Diagnostic[], skipped: SkippedEntry[]): AgentRule | null {
  const read = readRuleFile(input, { reading: "Claude Code", expected: GLOBS_EXAMPLE }, diagnostics, skipped);
  if (!read) return null;
  const { ctx, header } = read;
  reportUnknownFields(ctx, header, KNOWN, "Claude Code rule");
  const pathsField = fieldOf(header, "paths");
  const globsField = fieldOf(header, "globs");
  if (pathsField && globsField) {
    reportUnsupportedField(ctx, globsField, "the rule has paths, which Claude Code reads first; its globs are not used", `globs (paths is used)`);
  }
  const scope = pathsField ?? globsField;
  const globs = readGlobs(ctx, scope, GLOBS_EXAMPLE, { tool: FORMAT.tool, noteTopLevel: false });
  const description = readText(ctx, fieldOf(header, "description"), "description: How API handlers are written");
  // A scope that names no usable glob must not turn the rule on everywhere: it waits to be switched on by hand.
  const kind = globs.length > 0 ? "paths" : namesGlobs(scope) ? "manual" : "always";
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

export function importClaudeRules(inputs: readonly ImportInput[], options: ImportOptions): ImportResult {
  return importAgentRules(FORMAT, ruleFrom, inputs, options);
}
