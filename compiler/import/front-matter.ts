// Splits an agent rule file (.md, .mdc) into its front matter and its body, the text the rule gives the model.
//
// The body is everything after the line that closes the front matter, less one empty line right after it (the blank
// line every tool writes there). `forge export` writes exactly one, so an exported file reads back byte for byte.

export interface FrontMatter {
  /** The lines between the two `---` lines, joined with "\n" (no trailing newline). */
  text: string;
  /** 1-based line of the first header line (the line after the opening `---`). */
  firstLine: number;
}

export interface SplitRuleFile {
  header: FrontMatter | null;
  body: string;
  /** 1-based line where the body starts, for diagnostics. */
  bodyLine: number;
  /** The opening `---` has no closing line: the whole file is the body. */
  unclosed: boolean;
}

/** A `---` delimiter line, tolerating trailing spaces and a CR (a file saved with CRLF). */
function isDelimiter(line: string): boolean {
  return /^---[ \t]*\r?$/.test(line);
}

/** Drops one line break at the start of `text` (LF or CRLF). */
function dropOneBlankLine(text: string): { text: string; dropped: boolean } {
  if (text.startsWith("\r\n")) return { text: text.slice(2), dropped: true };
  if (text.startsWith("\n")) return { text: text.slice(1), dropped: true };
  return { text, dropped: false };
}

/**
 * Reads the file as the tools do: front matter only when the very first line is `---` (after a UTF-8 byte order
 * mark, which is no text), closed by the next `---` line. Linear: one scan for line starts.
 */
export function splitRuleFile(raw: string): SplitRuleFile {
  const text = raw.startsWith("\uFEFF") ? raw.slice(1) : raw;
  const firstBreak = text.indexOf("\n");
  const firstLine = firstBreak < 0 ? text : text.slice(0, firstBreak);
  if (firstBreak < 0 || !isDelimiter(firstLine)) return { header: null, body: text, bodyLine: 1, unclosed: false };
  const lines: string[] = [];
  let pos = firstBreak + 1;
  let lineNo = 2;
  while (pos <= text.length) {
    const next = text.indexOf("\n", pos);
    const line = next < 0 ? text.slice(pos) : text.slice(pos, next);
    if (isDelimiter(line)) {
      const after = next < 0 ? "" : text.slice(next + 1);
      const { text: body, dropped } = dropOneBlankLine(after);
      const header = lines.map((l) => l.replace(/\r$/, "")).join("\n");
      return { header: { text: header, firstLine: 2 }, body, bodyLine: lineNo + 1 + (dropped ? 1 : 0), unclosed: false };
    }
    lines.push(line);
    if (next < 0) break;
    pos = next + 1;
    lineNo++;
  }
  return { header: null, body: text, bodyLine: 1, unclosed: true };
}

/** The header text padded with empty lines so a YAML parse of it reports the lines of the whole file. */
export function paddedHeader(header: FrontMatter): string {
  return "\n".repeat(header.firstLine - 1) + header.text + "\n";
}
