// Lowers a handlebars template to plain segments at build time: text, fixed slots and inlined partials only.
// The parser alone: Handlebars.parse is this function, and the rest of the library (its runtime, code generator and
// source-map) would double what loading it costs every build that lowers a template.
import { parse as parseHandlebars } from "handlebars/dist/cjs/handlebars/compiler/base.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { KEY_PATTERN, LIMITS, SLOT_NAMES } from "../../generated/constants.js";
import type { SlotName } from "../../generated/types.js";
import {
  dateVariable,
  dynamicPartial,
  missingPartial,
  partialCycle,
  partialTooDeep,
  templateSyntaxError,
  tripleStash,
  unknownVariable,
  unsupportedBlock,
  unsupportedDecorator,
  unsupportedHelper,
  unsupportedPartialBlock,
  volatileTime,
} from "../diagnostics/codes.js";
import { type Where } from "../../core/diagnostics/make-diagnostic.js";
import { useFile, type Decoded, type DecodedFile } from "./1-decode.js";
import { suggestClosest } from "../../core/suggest.js";
import { mapTemplatePosition, type TemplateOrigin } from "./template-origin.js";
import { describeParserMessage, findTemplateMistake } from "./template-syntax.js";

/** The fixed runtime variables. Values are inserted raw at runtime: there is no HTML escaping anywhere. */
export type RawSegment = { text: string } | { slot: SlotName };

/** A partial a template asked for by name: where it was found (undefined: nowhere) and the file it read. */
export interface PartialUse {
  name: string;
  path: string | undefined;
  file: DecodedFile | undefined;
}

/** One template's lowering: what it reads, and what it found (its own diagnostics and the partials it used). */
export interface LowerContext {
  partials: ReadonlyMap<string, string>;
  decoded: Decoded;
  diagnostics: Diagnostic[];
  /**
   * Parsed partial programs with their syntax diagnostics, shared by the templates of one compile (never module-level).
   * Each template that inlines a partial reports those diagnostics itself, so its result stands alone.
   */
  cache: Map<string, { program: hbs.AST.Program | null; diagnostics: Diagnostic[] }>;
  /** Every partial the template asked for, in order: a kept result is reused only while each is the same. */
  uses: PartialUse[];
}

/** Per-template state: the running size lets inlining stop before exponential partial fan-out blows up. */
interface TemplateState {
  chars: number;
  overflow: boolean;
}

/** Line (1-based) and column (0-based) of `offset` in a template, as handlebars counts them. */
function templatePosition(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i >= 0 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart };
}

/** Where handlebars stopped, when the scan in template-syntax.ts does not recognize the mistake. */
function parserErrorAt(text: string, err: Error & { lineNumber?: number; column?: number }): { line: number; column: number } {
  let line = err.lineNumber ?? Number(/on line (\d+)/.exec(err.message)?.[1] ?? 1);
  let column = err.column ?? 0;
  if (err.lineNumber === undefined) {
    // jison prints up to 20 characters before the error and a dash per character: find that tail on the line.
    const [, snippet = "", dashes = ""] = err.message.split("\n");
    const past = snippet.slice(0, dashes.replace(/\^$/, "").length).replace(/^\.\.\./, "");
    const lineText = text.split("\n")[line - 1] ?? "";
    for (let k = past.length; k > 0; k--) {
      const idx = lineText.indexOf(past.slice(-k));
      if (idx >= 0) {
        column = idx + k;
        break;
      }
    }
    line = Math.max(1, line);
  }
  return { line, column };
}

/** The template's syntax error at the mistake, in forge's words; handlebars' parser table never reaches a message. */
function syntaxError(file: string, origin: TemplateOrigin, text: string, err: Error): Diagnostic {
  const mistake = findTemplateMistake(text);
  if (mistake !== null) {
    const from = templatePosition(text, mistake.from);
    const to = templatePosition(text, mistake.to);
    const where = { file, start: mapTemplatePosition(origin, from.line, from.column), end: mapTemplatePosition(origin, to.line, to.column), path: "" };
    return templateSyntaxError(where, mistake.detail);
  }
  const at = parserErrorAt(text, err);
  const pos = mapTemplatePosition(origin, at.line, at.column);
  return templateSyntaxError({ file, start: pos, end: pos, path: "" }, describeParserMessage(err.message));
}

function parseTemplate(file: string, origin: TemplateOrigin, text: string, diagnostics: Diagnostic[]): hbs.AST.Program | null {
  try {
    return parseHandlebars(text);
  } catch (err) {
    diagnostics.push(syntaxError(file, origin, text, err as Error));
    return null;
  }
}

function whereOf(file: string, origin: TemplateOrigin, node: hbs.AST.Node): Where {
  return {
    file,
    start: mapTemplatePosition(origin, node.loc.start.line, node.loc.start.column),
    end: mapTemplatePosition(origin, node.loc.end.line, node.loc.end.column),
    path: "",
  };
}

/** Handlebars' standalone-partial rule: every line of the partial's output gets the indent, except a final empty one. */
export function indentSegments(segments: readonly RawSegment[], indent: string): RawSegment[] {
  if (!indent) return [...segments];
  const out: RawSegment[] = [];
  let lineStart = true;
  for (const seg of segments) {
    if ("slot" in seg) {
      if (lineStart) out.push({ text: indent });
      out.push(seg);
      lineStart = false;
      continue;
    }
    const lines = seg.text.split("\n");
    let text = "";
    lines.forEach((line, i) => {
      const last = i === lines.length - 1;
      if (lineStart && (line !== "" || !last)) text += indent;
      text += line;
      if (!last) text += "\n";
      lineStart = last ? lineStart && line === "" : true;
    });
    out.push({ text });
  }
  return out;
}

function nameOf(node: hbs.AST.Node): string {
  const n = node as { original?: unknown; path?: { original?: unknown } };
  return String(n.original ?? n.path?.original ?? "?");
}

/** Lowers one template (a mode prompt or an update block), inlining its partials. */
export function lowerTemplate(ctx: LowerContext, file: string, origin: TemplateOrigin, text: string): RawSegment[] {
  const program = parseTemplate(file, origin, text, ctx.diagnostics);
  return program ? lowerProgram(ctx, file, origin, program, [], { chars: 0, overflow: false }) : [];
}

/** `stack` holds the partials being inlined (cycle detection and depth bound). */
function lowerProgram(
  ctx: LowerContext,
  file: string,
  origin: TemplateOrigin,
  program: hbs.AST.Program,
  stack: readonly string[],
  state: TemplateState,
): RawSegment[] {
  const out: RawSegment[] = [];
  const report = (d: (w: Where) => Diagnostic, node: hbs.AST.Node) => ctx.diagnostics.push(d(whereOf(file, origin, node)));
  for (const node of program.body) {
    if (state.overflow) break;
    switch (node.type) {
      case "ContentStatement": {
        const value = (node as hbs.AST.ContentStatement).value;
        state.chars += value.length;
        out.push({ text: value });
        break;
      }
      case "CommentStatement":
        break; // comments are for authors; they never reach the prompt
      case "MustacheStatement": {
        const m = node as hbs.AST.MustacheStatement;
        const name = nameOf(m.path);
        if (m.path.type !== "PathExpression" || m.params.length > 0 || m.hash) report((w) => unsupportedHelper(w, name), m);
        else if (!m.escaped) report((w) => tripleStash(w, name), m);
        else {
          const p = m.path as hbs.AST.PathExpression;
          const simple = !p.data && p.depth === 0 && p.parts.length === 1 && p.original === p.parts[0];
          const slot = SLOT_NAMES.find((s) => simple && s === p.original);
          if (!slot) report((w) => unknownVariable(w, name, suggestClosest(name, SLOT_NAMES), SLOT_NAMES), m);
          else {
            if (slot === "time") report(volatileTime, m);
            if (slot === "date") report(dateVariable, m);
            out.push({ slot });
          }
        }
        break;
      }
      case "BlockStatement":
        report((w) => unsupportedBlock(w, nameOf((node as hbs.AST.BlockStatement).path)), node);
        break;
      case "PartialBlockStatement":
        report((w) => unsupportedPartialBlock(w, nameOf((node as hbs.AST.PartialBlockStatement).name)), node);
        break;
      case "DecoratorBlock":
      case "Decorator":
        report((w) => unsupportedDecorator(w, nameOf((node as hbs.AST.Decorator).path)), node);
        break;
      case "PartialStatement":
        out.push(...inlinePartial(ctx, file, origin, node as hbs.AST.PartialStatement, stack, state));
        break;
      default:
        report((w) => templateSyntaxError(w, `unexpected ${node.type}`), node);
    }
  }
  return out;
}

function inlinePartial(
  ctx: LowerContext,
  file: string,
  origin: TemplateOrigin,
  node: hbs.AST.PartialStatement,
  stack: readonly string[],
  state: TemplateState,
): RawSegment[] {
  const where = whereOf(file, origin, node);
  if (node.name.type !== "PathExpression" || node.params.length > 0 || node.hash) {
    ctx.diagnostics.push(dynamicPartial(where, node.name.type === "PathExpression" ? `{{> ${nameOf(node.name)} ...}}` : "{{> (...)}}"));
    return [];
  }
  const name = nameOf(node.name);
  const path = KEY_PATTERN.test(name) ? ctx.partials.get(name) : undefined;
  ctx.uses.push({ name, path, file: path === undefined ? undefined : ctx.decoded.files.get(path) });
  if (path === undefined) {
    const known = [...ctx.partials.keys()].sort();
    ctx.diagnostics.push(missingPartial(where, name, suggestClosest(name, known), known));
    return [];
  }
  if (stack.includes(name)) {
    ctx.diagnostics.push(partialCycle(where, [...stack.slice(stack.indexOf(name)), name]));
    return [];
  }
  if (stack.length >= LIMITS.maxPartialDepth) {
    ctx.diagnostics.push(partialTooDeep(where, [...stack, name], LIMITS.maxPartialDepth));
    return [];
  }
  const text = useFile(ctx.decoded, path, ctx.diagnostics);
  if (text === null) return [];
  let parsed = ctx.cache.get(path);
  if (parsed === undefined) {
    const diagnostics: Diagnostic[] = [];
    parsed = { program: parseTemplate(path, { kind: "file" }, text, diagnostics), diagnostics };
    ctx.cache.set(path, parsed);
  }
  ctx.diagnostics.push(...parsed.diagnostics);
  const program = parsed.program;
  if (!program) return [];
  const lowered = lowerProgram(ctx, path, { kind: "file" }, program, [...stack, name], state);
  if (state.chars > LIMITS.maxPromptChars) state.overflow = true;
  return indentSegments(lowered, node.indent);
}
