// yaml's parse errors, each reported once at the line of the mistake: an indentation mistake names the key that is
// indented wrongly and the one it should line up with, where yaml reports it as two errors at the line above.
import type { Document, LineCounter } from "yaml";
import { errorOffsets } from "./yaml-positions.js";
import { unclosedFlowMistake } from "./yaml-flow-errors.js";

/** One mistake: where (offsets into the text), what yaml or forge says about it, and the hint after it (if not the default). */
export interface YamlMistake {
  from: number;
  to: number;
  detail: string;
  hint: string | null;
}

interface YamlError {
  code: string;
  pos: [number, number];
  message: string;
}

/** The hint of an indentation mistake, in place of "A source is one YAML mapping". */
const indentHint = (key: string, like: string, indent: number) =>
  `Keys of one mapping start at the same column: start "${key}" at column ${indent + 1}, as "${like}" does`;
const BLOCK_HINT = "Every line of a block (| or >) keeps the block's indent, e.g. prompt: | with each line below it indented 2 spaces";

const spaces = (n: number) => `${n} space${n === 1 ? "" : "s"}`;

/**
 * A line's text, its first offset, its indent (spaces; for a list item "- key:", the column of its key) and the key it
 * starts with ("label:" -> label), if any.
 */
function lineAt(text: string, lc: LineCounter, line: number): { start: number; text: string; indent: number; key: string | null } {
  const start = lc.lineStarts[line - 1] ?? text.length;
  const next = lc.lineStarts[line];
  const body = text.slice(start, next === undefined ? text.length : next - 1);
  // A plain key and its colon, followed by a space or the end of the line (one pass over one line).
  const m = /^( *(?:- +)?)([^\s:#'"{[][^:]*?):(?: |$)/.exec(body);
  const indent = m ? m[1]!.length : body.length - body.trimStart().length;
  return { start, text: body, indent, key: m?.[2] ?? null };
}

/** The nearest line above `line` that starts with a key (blank lines and comments skipped). */
function keyLineAbove(text: string, lc: LineCounter, line: number): { line: number; indent: number; key: string } | null {
  for (let l = line - 1; l >= 1; l--) {
    const at = lineAt(text, lc, l);
    if (at.key !== null) return { line: l, indent: at.indent, key: at.key };
  }
  return null;
}

/**
 * yaml's errors as mistakes, one per line. A key indented more than the key above it makes yaml read both lines as
 * one multi-line key (MULTILINE_IMPLICIT_KEY and BLOCK_AS_IMPLICIT_KEY, at the line above): it becomes one mistake at
 * the indented key. A key that lines up with no key above it (BAD_INDENT) is pointed at and named.
 */
export function yamlMistakes(text: string, doc: Document, lc: LineCounter, errors: readonly YamlError[]): YamlMistake[] {
  const mistakes: YamlMistake[] = [];
  const merged = new Set<number>();
  for (const err of errors) {
    if (err.code !== "MULTILINE_IMPLICIT_KEY") continue;
    const above = lc.linePos(err.pos[0]).line;
    const line = lc.linePos(err.pos[1]).line;
    const at = lineAt(text, lc, line);
    const over = lineAt(text, lc, above);
    if (line <= above || at.key === null || over.key === null || at.indent <= over.indent) continue;
    merged.add(err.pos[0]);
    const from = at.start + at.indent;
    mistakes.push({
      from,
      to: from + at.key.length,
      detail: `"${at.key}" is indented ${spaces(at.indent)}, more than "${over.key}" on line ${above}, so YAML reads it as part of the value of "${over.key}"`,
      hint: indentHint(at.key, over.key, over.indent),
    });
  }
  for (const err of errors) {
    if (merged.has(err.pos[0]) && (err.code === "MULTILINE_IMPLICIT_KEY" || err.code === "BLOCK_AS_IMPLICIT_KEY")) continue;
    const [from, to] = errorOffsets(doc, err);
    const unclosed = err.code === "BAD_INDENT" ? unclosedFlowMistake(text, lc, err.message, err.pos[0]) : null;
    if (unclosed !== null) {
      mistakes.push(unclosed);
      continue;
    }
    if (err.code === "BAD_INDENT") {
      const line = lc.linePos(from).line;
      const at = lineAt(text, lc, line);
      const start = at.start + at.indent;
      const above = keyLineAbove(text, lc, line);
      if (at.key !== null && above !== null && at.indent !== above.indent) {
        const detail = `"${at.key}" is indented ${spaces(at.indent)} and lines up with no key above it ("${above.key}" on line ${above.line} is indented ${spaces(above.indent)})`;
        mistakes.push({ from: start, to: start + at.key.length, detail, hint: indentHint(at.key, above.key, above.indent) });
        continue;
      }
      const before = line > 1 ? lineAt(text, lc, line - 1) : null;
      if (at.key === null && before !== null && before.text.trim() !== "" && before.indent > at.indent) {
        const detail = `this line is indented ${spaces(at.indent)}, less than line ${line - 1} above it (${spaces(before.indent)}), so it ends the text above and is not a key either`;
        mistakes.push({ from: start, to: at.start + at.text.length, detail, hint: BLOCK_HINT });
        continue;
      }
    }
    mistakes.push({ from, to, detail: err.message, hint: null });
  }
  // One mistake per line: yaml often reports what follows from it too (a missing ":" after a bad indent).
  const seen = new Set<number>();
  return mistakes
    .sort((a, b) => a.from - b.from)
    .filter((m) => {
      const line = lc.linePos(m.from).line;
      if (seen.has(line)) return false;
      seen.add(line);
      return true;
    });
}
