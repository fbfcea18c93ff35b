// Reads the front matter of an agent rule file into fields with positions: as YAML, or line by line the way Cursor and
// Claude Code accept headers that are not valid YAML (`globs: *.ts, src/**`, where YAML sees an alias).
import type { Diagnostic } from "../../core/diagnostic.js";
import type { Where } from "../../core/diagnostics/make-diagnostic.js";
import { importHeaderLenient } from "../diagnostics/import-codes.js";
import { whereAt } from "../phases/yaml-positions.js";
import { paddedHeader, type FrontMatter } from "./front-matter.js";
import { isRecord, parseInput } from "./input-doc.js";

export interface HeaderField {
  key: string;
  /** As YAML gives it, or as the line reader reads it: a string, a boolean, a list of strings, or null when empty. */
  value: unknown;
  keyWhere: Where;
  valueWhere: Where;
  /** Where the i-th item of a list value is. */
  itemWhere: (i: number) => Where;
}

export interface Header {
  /** In the order the file lists them. */
  fields: HeaderField[];
  /** Read line by line because it is not valid YAML. */
  lenient: boolean;
}

function fieldsFromYaml(file: string, header: FrontMatter, expected: string): { header: Header | null; diagnostics: Diagnostic[]; problem: string | null } {
  const { parsed, diagnostics } = parseInput({ path: file, text: paddedHeader(header) }, expected);
  if (!parsed) return { header: null, diagnostics, problem: diagnostics[0]?.message ?? "not YAML" };
  const value = parsed.value;
  if (value === null || value === undefined) return { header: { fields: [], lenient: false }, diagnostics: [], problem: null };
  if (!isRecord(value)) return { header: null, diagnostics: [], problem: "it is not a mapping of fields" };
  const fields = Object.keys(value).map(
    (key): HeaderField => ({
      key,
      value: value[key],
      keyWhere: whereAt(parsed.pd, [key], "key"),
      valueWhere: whereAt(parsed.pd, [key]),
      itemWhere: (i) => whereAt(parsed.pd, [key, i]),
    }),
  );
  return { header: { fields, lenient: false }, diagnostics: [], problem: null };
}

/** Reads the front matter as YAML; a header that is not valid YAML is an import_unreadable error (rulesync's reading). */
export function readStrictHeader(file: string, header: FrontMatter, expected: string): { header: Header | null; diagnostics: Diagnostic[] } {
  const read = fieldsFromYaml(file, header, expected);
  if (read.header || read.diagnostics.length > 0) return { header: read.header, diagnostics: read.diagnostics };
  return { header: null, diagnostics: [] };
}

/** Splits `a, b, {c,d}` on the commas outside braces, brackets and quotes, trimming each part and dropping empty ones. */
export function splitGlobList(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = "";
  for (const ch of text) {
    if (quote !== null) {
      if (ch === quote) quote = null;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
    } else if (ch === "{" || ch === "[") {
      depth++;
    } else if ((ch === "}" || ch === "]") && depth > 0) {
      depth--;
    } else if (ch === "," && depth === 0) {
      parts.push(current);
      current = "";
      continue;
    }
    current += ch;
  }
  parts.push(current);
  return parts.map((p) => unquote(p.trim())).filter((p) => p !== "");
}

/** A value written in quotes loses them: "a" (JSON escapes), 'a' ('' for a quote); anything else is kept as written. */
export function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    try {
      const value: unknown = JSON.parse(text);
      if (typeof value === "string") return value;
    } catch {
      // not JSON: fall through to stripping the quotes
    }
    return text.slice(1, -1);
  }
  if (text.length >= 2 && text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1).replaceAll("''", "'");
  return text;
}

/** A raw value as the line reader reads it: booleans, an inline [list], a quoted string, or the text as written. */
function lenientValue(raw: string): unknown {
  if (raw === "") return null;
  if (raw === "true" || raw === "false") return raw === "true";
  if (raw.startsWith("[") && raw.endsWith("]")) return splitGlobList(raw.slice(1, -1));
  return unquote(raw);
}

/**
 * The line reader: `key: value` lines at column 1 (the value is the rest of the line, trimmed), `- item` lines under
 * a key with no value (a list), blank lines and `#` comment lines skipped. Other lines (continuations of a value) are
 * not read, and the info diagnostic says so. A repeated key: the later line wins, as in a JSON object.
 */
function fieldsFromLines(file: string, header: FrontMatter): { fields: HeaderField[]; unread: number[] } {
  type Pending = { key: string; raw: string; line: number; column: number; items: string[]; itemLines: number[] };
  const byKey = new Map<string, Pending>();
  const unread: number[] = [];
  const lines = header.text.split("\n");
  let listOwner: Pending | null = null;
  lines.forEach((line, index) => {
    const lineNo = header.firstLine + index;
    if (line.trim() === "" || line.trimStart().startsWith("#")) return;
    const item = /^\s*-\s+(.*)$/.exec(line) ?? /^\s*-$/.exec(line);
    if (item && listOwner) {
      listOwner.items.push(unquote((item[1] ?? "").trim()));
      listOwner.itemLines.push(lineNo);
      return;
    }
    const pair = /^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]+(.*)|[ \t]*)$/.exec(line);
    if (!pair) {
      unread.push(lineNo);
      return;
    }
    const key = pair[1]!;
    const raw = (pair[2] ?? "").trim();
    const column = raw === "" ? line.length + 1 : line.indexOf(raw, key.length + 1) + 1;
    const pending: Pending = { key, raw, line: lineNo, column, items: [], itemLines: [] };
    byKey.delete(key);
    byKey.set(key, pending);
    listOwner = raw === "" ? pending : null;
  });
  const at = (line: number, from: number, to: number, path: string): Where => ({ file, start: { line, column: from }, end: { line, column: to }, path });
  const fields = [...byKey.values()].map((p): HeaderField => {
    const pointer = `/${p.key}`;
    const valueWhere = at(p.line, p.column, p.column + Math.max(p.raw.length, 1), pointer);
    return {
      key: p.key,
      value: p.raw === "" ? (p.items.length > 0 ? p.items : null) : lenientValue(p.raw),
      keyWhere: at(p.line, 1, p.key.length + 1, pointer),
      valueWhere,
      itemWhere: (i) => {
        const line = p.itemLines[i];
        return line === undefined ? valueWhere : at(line, 1, lines[line - header.firstLine]!.length + 1, `${pointer}/${i}`);
      },
    };
  });
  return { fields, unread };
}

/**
 * Cursor's and Claude Code's reading: YAML when the header is valid YAML, else the line reader, with an info
 * diagnostic that says so (and which lines it could not read). `tool` names the reader in that message.
 */
export function readLenientHeader(file: string, header: FrontMatter, tool: string): { header: Header; diagnostics: Diagnostic[] } {
  const read = fieldsFromYaml(file, header, "a YAML mapping of fields");
  if (read.header) return { header: read.header, diagnostics: [] };
  const { fields, unread } = fieldsFromLines(file, header);
  const problem = (read.problem ?? "")
    .replace(/^cannot import: /, "")
    .replace(/; expected .*$/s, "")
    .replace(/^not valid JSON or YAML \((.*)\)$/s, "$1");
  const where: Where = { file, start: { line: header.firstLine, column: 1 }, end: { line: header.firstLine, column: 1 }, path: "" };
  return { header: { fields, lenient: true }, diagnostics: [importHeaderLenient(where, tool, problem, unread)] };
}
