// An unclosed flow collection (`tools: [read, grep` with no `]`): yaml reports it where the next line starts, with its
// own wording. forge points at the bracket that opened it and says what was expected.
import type { LineCounter } from "yaml";

/** How far up forge looks for the opening bracket: a flow list spread over more lines than this is not one to guess at. */
const MAX_LINES_UP = 64;

const CLOSER: Record<string, string> = { "[": "]", "{": "}" };

/** The first bracket in `text` (one span of lines) that no later bracket closes, skipping quoted text and comments. */
function unclosedOpener(text: string): { offset: number; bracket: "[" | "{" } | null {
  const stack: Array<{ offset: number; bracket: "[" | "{" }> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"' || c === "'") {
      // A quoted scalar: skip to its end (a backslash escapes in double quotes; '' is a quote in single ones).
      for (i++; i < text.length && text[i] !== c; i++) if (c === '"' && text[i] === "\\") i++;
      if (c === "'" && text[i + 1] === "'") i++;
    } else if (c === "#" && (i === 0 || /\s/.test(text[i - 1]!))) {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === "[" || c === "{") stack.push({ offset: i, bracket: c });
    else if ((c === "]" || c === "}") && stack.length > 0 && CLOSER[stack[stack.length - 1]!.bracket] === c) stack.pop();
  }
  return stack[0] ?? null;
}

/**
 * For yaml's "Flow sequence/map in block collection must be sufficiently indented and end with a ]" at `errorOffset`:
 * the opening bracket (its offset), the message and the hint; null when this is not that error or no opener is found.
 */
export function unclosedFlowMistake(
  text: string,
  lc: LineCounter,
  message: string,
  errorOffset: number,
): { from: number; to: number; detail: string; hint: string } | null {
  const kind = /^Flow (sequence|map) in block collection/.exec(message)?.[1];
  if (kind === undefined) return null;
  const line = lc.linePos(errorOffset).line;
  for (let l = line - 1; l >= Math.max(1, line - MAX_LINES_UP); l--) {
    const start = lc.lineStarts[l - 1]!;
    const opener = unclosedOpener(text.slice(start, errorOffset));
    if (opener === null) continue;
    const from = start + opener.offset;
    const close = CLOSER[opener.bracket]!;
    const what = opener.bracket === "[" ? "list" : "mapping";
    const example = opener.bracket === "[" ? "tools: [read, grep]" : "when: { paths: [src/**] }";
    return {
      from,
      to: from + 1,
      detail: `the ${what} opened with "${opener.bracket}" on line ${l} is not closed: a "${close}" was expected before line ${line}`,
      hint: `End it with "${close}", as in ${example}; a ${what} that goes on over several lines indents each following line more than its key`,
    };
  }
  return null;
}
