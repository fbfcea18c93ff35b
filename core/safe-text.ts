// Text from sources (file names, keys, labels, prompt lines) made safe for a terminal or a CI log: control characters
// shown visibly, and file names that could pass for a diagnostic location quoted.

/**
 * C0 and C1 controls, DEL, and the bidirectional overrides/isolates (a "Trojan source" line reads differently than it
 * is). Tab is kept apart: frames turn it into a space, messages show it as \t.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;
const HAS_UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

function escapeChar(ch: string): string {
  const code = ch.charCodeAt(0);
  if (ch === "\n") return "\\n";
  if (ch === "\r") return "\\r";
  if (ch === "\t") return "\\t";
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/** `text` with every control character written out (ESC as \x1b, a newline as \n): it prints as one inert line. */
export function visible(text: string): string {
  return text.replace(UNSAFE, escapeChar);
}

/**
 * Multi-line text for a terminal (a runtime notice, a status report, a prompt preview): line breaks and tabs stay,
 * every other control character is written out, so a hostile label or file name cannot move the cursor, recolor
 * the terminal or fake a line of its own through a carriage return.
 */
export function visibleLines(text: string): string {
  return text.replace(UNSAFE, (ch) => (ch === "\n" || ch === "\t" ? ch : escapeChar(ch)));
}

/**
 * A file name for human output. Quoted (JSON-style) when it contains a control character, a colon followed by a
 * digit (`x.yaml:1:1 error ...` would start a line that looks like a real diagnostic), or leading/trailing spaces;
 * otherwise as it is.
 */
export function showPath(path: string): string {
  const unsafe = HAS_UNSAFE.test(path) || /:\d/.test(path) || path !== path.trim();
  return unsafe ? `"${visible(path.replace(/[\\"]/g, (c) => `\\${c}`))}"` : path;
}
