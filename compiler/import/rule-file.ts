// Reads one agent rule file: splits off the front matter, reads it (strictly as YAML, or leniently as Cursor and
// Claude Code do), and refuses a file that gives Pi nothing: an unclosed front matter, no text after it.
import type { Diagnostic } from "../../core/diagnostic.js";
import { atFile, type Where } from "../../core/diagnostics/make-diagnostic.js";
import { importRuleSkipped } from "../diagnostics/import-codes.js";
import type { RuleFileContext } from "./agent-rule-fields.js";
import { splitRuleFile } from "./front-matter.js";
import { readLenientHeader, readStrictHeader, type Header } from "./header-fields.js";
import type { ImportInput, SkippedEntry } from "./types.js";

export interface ReadRule {
  ctx: RuleFileContext;
  /** The file's path inside the rules directory. */
  rel: string;
  header: Header | null;
  body: string;
  bodyWhere: Where;
}

export interface ReadOptions {
  /** "strict" reads YAML only (rulesync); a tool name reads as that tool does (YAML, else line by line). */
  reading: "strict" | string;
  /** What a valid header looks like, for import_unreadable. */
  expected: string;
}

const baseName = (path: string): string => path.slice(path.lastIndexOf("/") + 1);

export function readRuleFile(input: ImportInput, options: ReadOptions, diagnostics: Diagnostic[], skipped: SkippedEntry[]): ReadRule | null {
  const ctx: RuleFileContext = { file: input.path, diagnostics, comments: [] };
  const rel = input.rel ?? baseName(input.path);
  const skip = (where: Where, reason: string, fix: string): null => {
    diagnostics.push(importRuleSkipped(where, input.path, reason, fix));
    skipped.push({ file: input.path, path: "" });
    return null;
  };
  const split = splitRuleFile(input.text);
  if (split.unclosed)
    return skip(atFile(input.path), "its front matter opens with --- on line 1 and never closes", "Close it with a --- line after the fields.");
  let header: Header | null = null;
  if (split.header) {
    if (options.reading === "strict") {
      const read = readStrictHeader(input.path, split.header, options.expected);
      if (read.diagnostics.length > 0 || !read.header) {
        diagnostics.push(...read.diagnostics);
        if (read.diagnostics.length === 0)
          return skip(atFile(input.path), "its front matter is not a mapping of fields", `Write fields as key: value, e.g. ${options.expected}.`);
        skipped.push({ file: input.path, path: "" });
        return null;
      }
      header = read.header;
    } else {
      const read = readLenientHeader(input.path, split.header, options.reading);
      diagnostics.push(...read.diagnostics);
      header = read.header;
    }
  }
  const bodyWhere: Where = { file: input.path, start: { line: split.bodyLine, column: 1 }, end: { line: split.bodyLine, column: 1 }, path: "" };
  if (split.body.trim() === "") return skip(bodyWhere, "it has no text after its front matter", "Write the rule's text below the closing --- line.");
  return { ctx, rel, header, body: split.body, bodyWhere };
}
