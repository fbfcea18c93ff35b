// A short line diff for a terminal dialog: what changed between two texts, cut to a few lines. Linear by construction
// (the common head and tail of lines are trimmed; the middle is shown as removed, then added), so a hostile prompt
// cannot make it slow, and it needs no diff library in the runtime bundle.

export interface ShortDiff {
  /** `- old line` and `+ new line` entries, after a `@@ line N` marker; empty when the texts are equal. */
  lines: string[];
  /** Changed lines not shown (the cut), 0 when everything is shown. */
  hidden: number;
}

/**
 * The lines of `before` and `after` that differ: the longest common run of first lines and of last lines is left out,
 * the rest shown as removed then added, each side cut to `maxLines` (default 6) lines of at most `maxWidth` characters.
 */
export function shortLineDiff(before: string, after: string, maxLines = 6, maxWidth = 120): ShortDiff {
  if (before === after) return { lines: [], hidden: 0 };
  const a = before.split("\n");
  const b = after.split("\n");
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  const removed = a.slice(head, a.length - tail);
  const added = b.slice(head, b.length - tail);
  const clip = (line: string) => ([...line].length > maxWidth ? `${[...line].slice(0, maxWidth - 1).join("")}…` : line);
  const shown = (prefix: string, lines: string[]) => lines.slice(0, maxLines).map((l) => clip(`${prefix} ${l}`));
  const lines = [`@@ line ${head + 1}`, ...shown("-", removed), ...shown("+", added)];
  const hidden = Math.max(0, removed.length - maxLines) + Math.max(0, added.length - maxLines);
  return { lines, hidden };
}
