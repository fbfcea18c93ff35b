// Turns the rules read from Claude Code, Cursor or rulesync files into forge sources: an always-on rule becomes an
// append mode (a preset collects them), a path-scoped rule a rules/<id>.yaml, an agent-requested or manual rule a
// dormant block of that preset (the agent may switch on the former: modelCallable).
import type { Diagnostic } from "../../core/diagnostic.js";
import { atFile, type Where } from "../../core/diagnostics/make-diagnostic.js";
import { importInvalidValue, importKeyCollision, importRuleSkipped } from "../diagnostics/import-codes.js";
import { assembleImport } from "./assemble.js";
import { fitText, MAX_DESCRIPTION, MAX_PROMPT, promptFits } from "./bounds.js";
import { normalizeKey } from "./keys.js";
import { escapeTemplateText } from "./template-text.js";
import type { BlockSource, ImportInput, ImportOptions, ImportResult, ModeDraft, PresetDraft, RuleDraft, SkippedEntry } from "./types.js";

/** always: on in every session (Cursor alwaysApply, a Claude rule without paths, a rulesync root rule); paths: on by
 * path; requested: the agent decides from the description; manual: only when someone switches it on. */
export type RuleKind = "always" | "paths" | "requested" | "manual";

export interface AgentRule {
  file: string;
  /** Path inside the rules directory, e.g. studio/cards/RULE.md; names the key. */
  rel: string;
  kind: RuleKind;
  globs: string[];
  description?: string;
  /** The body as written: the prompt, escaped only for handlebars. */
  body: string;
  bodyWhere: Where;
  /** rulesync root rules come first in the preset, as rulesync puts them first in AGENTS.md. */
  first?: boolean;
  comments: string[];
}

export interface AgentFormat {
  /** The `forge import` format name. */
  name: string;
  /** How messages name the tool. */
  tool: string;
  /** The preset that collects always-on rules and dormant blocks. */
  presetKey: string;
}

/** Block and rule descriptions are one inventory line each (schema: at most 200 characters). */
const MAX_LINE = 200;
const KIND_TEXT: Record<RuleKind, string> = {
  always: "always on: an append mode in the preset",
  paths: "path-scoped: a rule that switches on by path",
  requested: "agent-requested: a dormant block the agent may switch on",
  manual: "manual: a dormant block you switch on with /system-update use",
};

/** Whether a globs/paths field names any glob at all (a non-empty list or string), usable or not. */
export function namesGlobs(field: { value: unknown } | undefined): boolean {
  if (field === undefined) return false;
  if (Array.isArray(field.value)) return field.value.length > 0;
  return typeof field.value === "string" && field.value.trim() !== "";
}

/** The rule's name: its path without the extension; a folder rule (dir/RULE.md) is named by its folder. */
export function ruleName(rel: string): string {
  const noExt = rel.replace(/\/RULE\.md$/, "").replace(/\.(mdc|md)$/, "");
  return noExt === "" ? rel : noExt;
}

/** What one rule's conversion collects: its diagnostics and the header comments of its written source. */
interface RuleContext {
  entry: string;
  diagnostics: Diagnostic[];
  comments: string[];
}

/** Whitespace runs that hold a line break become one space: an inventory line is one line. */
function oneLine(ctx: RuleContext, text: string, field: string): string {
  if (!/[\r\n]/.test(text)) return text;
  // Split, not a regex over whitespace runs: linear however long the runs are.
  const folded = text
    .split(/\r\n|\r|\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "")
    .join(" ");
  ctx.comments.push(`folded: ${field} onto one line`);
  return folded;
}

function contextOf(rule: AgentRule, diagnostics: Diagnostic[]): RuleContext {
  return { entry: rule.file, diagnostics, comments: [...rule.comments] };
}

/** How the import names its input in the preset's comment: the directory the files share. */
export function commonDir(inputs: ReadonlyArray<{ path: string; rel?: string }>): string {
  const first = inputs[0]?.path ?? ".";
  const rel = inputs[0]?.rel;
  if (inputs.length === 1 || rel === undefined || !first.endsWith(rel)) return first;
  return first.slice(0, first.length - rel.length).replace(/\/$/, "") || ".";
}

interface Built {
  modes: ModeDraft[];
  rules: RuleDraft[];
  blocks: Array<{ block: BlockSource; file: string }>;
  overlays: Array<{ key: string; file: string }>;
}

function buildOne(rule: AgentRule, key: string, format: AgentFormat, built: Built, diagnostics: Diagnostic[], skipped: SkippedEntry[]): void {
  const ctx = contextOf(rule, diagnostics);
  const name = ruleName(rule.rel);
  const where = atFile(rule.file);
  // Escaping only lengthens the text: a body already over the bound is refused before it is escaped.
  const text = rule.body.length > MAX_PROMPT ? rule.body : escapeTemplateText(rule.body);
  if (!promptFits(ctx, text, "the rule's text", rule.bodyWhere)) {
    skipped.push({ file: rule.file, path: "" });
    return;
  }
  const label = fitText(ctx, name, 80, "the rule's name (as the label)", where);
  const comments = (): string[] => [`Imported by forge import ${format.name} from ${rule.file} (${KIND_TEXT[rule.kind]}).`, ...ctx.comments];
  const description = rule.description;
  if (rule.kind === "always") {
    const source = {
      label,
      description: description ? fitText(ctx, description, MAX_DESCRIPTION, "description", where) : `Always-on ${format.tool} rule ${name}.`,
      strategy: "append" as const,
      prompt: text,
    };
    built.modes.push({ key, keyWhere: where, entry: rule.file, comments: comments(), source });
    built.overlays.push({ key, file: rule.file });
    return;
  }
  const line = description ? fitText(ctx, oneLine(ctx, description, "description"), MAX_LINE, "description", where) : null;
  if (rule.kind === "paths") {
    const fallback = fitText(ctx, `${format.tool} rule for ${rule.globs.join(", ")}`, MAX_LINE, "description", where);
    built.rules.push({
      key,
      keyWhere: where,
      entry: rule.file,
      comments: comments(),
      source: { name: label, description: line ?? fallback, when: { paths: rule.globs }, content: text },
    });
    return;
  }
  const fallback = rule.kind === "requested" ? `${format.tool} rule ${name}.` : `${format.tool} rule ${name}, switched on by hand.`;
  built.blocks.push({
    block: {
      id: key,
      name: label,
      description: line ?? fitText(ctx, fallback, MAX_LINE, "description", where),
      modelCallable: rule.kind === "requested",
      content: text,
    },
    file: rule.file,
  });
}

/** Keys from the rule names, unique across modes, rules and blocks (one namespace: a block and a rule are both updates). */
function keyRules(rules: readonly AgentRule[], diagnostics: Diagnostic[], skipped: SkippedEntry[]): Array<{ rule: AgentRule; key: string }> {
  const taken = new Map<string, string>();
  const out: Array<{ rule: AgentRule; key: string }> = [];
  for (const rule of rules) {
    const key = normalizeKey(ruleName(rule.rel), "rule");
    if (key === null) {
      diagnostics.push(
        importRuleSkipped(
          atFile(rule.file),
          rule.file,
          "its name has no letters or digits to make a forge key from",
          "Rename the file, e.g. to coding-style.md.",
        ),
      );
      skipped.push({ file: rule.file, path: "" });
      continue;
    }
    const other = taken.get(key);
    if (other !== undefined) {
      diagnostics.push(importKeyCollision(atFile(rule.file), "rule", key, other));
      continue;
    }
    taken.set(key, rule.file);
    out.push({ rule, key });
  }
  return out;
}

/** The preset's key: the format's, unless an imported rule took it. */
function presetKeyFor(format: AgentFormat, keys: ReadonlySet<string>): string {
  let key = format.presetKey;
  for (let n = 2; keys.has(key); n++) key = `${format.presetKey}-${n}`;
  return key;
}

/** One input file read as a rule of the format, or null (skipped: why is in `diagnostics` and `skipped`). */
export type ReadAgentRule = (input: ImportInput, diagnostics: Diagnostic[], skipped: SkippedEntry[]) => AgentRule | null;

/** An agent-rules import (claude-rules, cursor, rulesync): each input read by `read`, then assembled as one set. */
export function importAgentRules(format: AgentFormat, read: ReadAgentRule, inputs: readonly ImportInput[], options: ImportOptions): ImportResult {
  const diagnostics: Diagnostic[] = [];
  const skipped: SkippedEntry[] = [];
  const rules: AgentRule[] = [];
  for (const input of inputs) {
    const rule = read(input, diagnostics, skipped);
    if (rule) rules.push(rule);
  }
  return assembleAgentRules(format, commonDir(inputs), rules, diagnostics, skipped, options);
}

export function assembleAgentRules(
  format: AgentFormat,
  input: string,
  rules: readonly AgentRule[],
  diagnostics: Diagnostic[],
  skipped: SkippedEntry[],
  options: ImportOptions,
): ImportResult {
  const ordered = [...rules.filter((r) => r.first), ...rules.filter((r) => !r.first)];
  const keyed = keyRules(ordered, diagnostics, skipped);
  const built: Built = { modes: [], rules: [], blocks: [], overlays: [] };
  for (const { rule, key } of keyed) buildOne(rule, key, format, built, diagnostics, skipped);
  const presets: PresetDraft[] = [];
  if (built.overlays.length > 0 || built.blocks.length > 0) {
    const key = presetKeyFor(format, new Set(keyed.map((k) => k.key)));
    // A preset holds at most 64 overlays and 64 blocks: an overflowing mode stays selectable, an overflowing block is lost.
    for (const o of built.overlays.slice(64)) {
      diagnostics.push(
        importInvalidValue(
          atFile(o.file),
          `overlay "${o.key}"`,
          `does not fit the preset ${key}, which holds at most 64 overlays; the mode is imported`,
          `select it yourself: /mode +${o.key}`,
        ),
      );
    }
    for (const b of built.blocks.slice(64)) {
      diagnostics.push(
        importRuleSkipped(
          atFile(b.file),
          b.file,
          `the preset ${key} holds at most 64 system-update blocks`,
          "Split the rules directory and import it in parts.",
        ),
      );
      skipped.push({ file: b.file, path: "" });
    }
    const source: PresetDraft["source"] = {
      description: `${format.tool} rules imported by forge import ${format.name}: the always-on rules as overlays, the others as dormant blocks.`,
      ...(built.overlays.length > 0 ? { overlays: built.overlays.slice(0, 64).map((o) => o.key) } : {}),
      ...(built.blocks.length > 0 ? { systemUpdates: built.blocks.slice(0, 64).map((b) => b.block) } : {}),
    };
    const comments = [
      `Imported by forge import ${format.name} from ${input}: select it (pi --preset ${key}, or /preset use ${key}) for the rules ${format.tool} applies always.`,
    ];
    presets.push({ key, keyWhere: { file: input, start: null, end: null, path: "" }, entry: `the ${format.name} preset`, comments, source });
  }
  return assembleImport({ modes: built.modes, presets, rules: built.rules, diagnostics, skipped }, options);
}
