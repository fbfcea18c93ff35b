// Text for forge's own TUI components (the mode picker, the system-update line): lines cut or wrapped to the terminal
// width. Pi stops with an error when a component renders a line wider than the terminal, so widths are counted
// conservatively: every code point from U+1100 on counts two columns (wide CJK, emoji), the rest one.

/** Columns of one code point, never fewer than a terminal gives it. */
function columnsOf(codePoint: number): number {
  return codePoint >= 0x1100 ? 2 : 1;
}

/** Columns of `text` (no escape sequences: forge colors after fitting). */
export function textColumns(text: string): number {
  let n = 0;
  for (const ch of text) n += columnsOf(ch.codePointAt(0)!);
  return n;
}

/** `text` cut to `width` columns, ending in `…` when cut. */
export function fitWidth(text: string, width: number): string {
  if (textColumns(text) <= width) return text;
  let out = "";
  let used = 0;
  for (const ch of text) {
    const w = columnsOf(ch.codePointAt(0)!);
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  return `${out}…`;
}

/** `text` wrapped to lines of at most `width` columns (at spaces when it can, else mid-word); line breaks kept. */
export function wrapWidth(text: string, width: number): string[] {
  const w = Math.max(1, width);
  const out: string[] = [];
  for (const paragraph of text.split("\n")) {
    let line = "";
    let used = 0;
    for (const ch of paragraph) {
      const cw = columnsOf(ch.codePointAt(0)!);
      if (used + cw > w) {
        const space = line.lastIndexOf(" ");
        if (space > 0 && ch !== " ") {
          out.push(line.slice(0, space));
          line = line.slice(space + 1);
          used = textColumns(line);
        } else {
          out.push(line);
          line = "";
          used = 0;
        }
        if (ch === " " && line === "") continue;
      }
      line += ch;
      used += cw;
    }
    out.push(line);
  }
  return out;
}

/**
 * A notice as Pi's TUI will show it `width` columns wide: each indented line too long wrapped by forge with its indent
 * kept on every continuation line (Pi's own wrapping starts them at the margin, so a list's items ran together).
 * `firstPrefix`: columns Pi puts before the first line ("Warning: ").
 */
export function wrapKeepingIndent(text: string, width: number, firstPrefix = 0): string {
  const out: string[] = [];
  text.split("\n").forEach((line, i) => {
    const room = width - (i === 0 ? firstPrefix : 0);
    const indent = /^ */.exec(line)![0];
    // A line at the margin is left to Pi, which wraps it again at every width (a resized terminal included).
    if (indent === "" || textColumns(line) <= room) return void out.push(line);
    // Too deep an indent for the width would leave nothing to wrap: then Pi wraps it as it does.
    if (room - indent.length < 20) return void out.push(line);
    const [first, ...rest] = wrapWidth(line.slice(indent.length), room - indent.length);
    out.push(indent + first!, ...rest.map((l) => indent + l));
  });
  return out.join("\n");
}
