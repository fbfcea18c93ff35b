// "Did you mean" suggestions: the closest candidate by edit distance, when it is close enough to help.

function editDistance(a: string, b: string): number {
  // Levenshtein over the full table (a transposition looks two rows back), adjacent transpositions counting as
  // one edit ("cdw" vs "cwd").
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array<number>(b.length + 1).fill(0));
    rows[i]![0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = d;
    }
  }
  return rows[a.length]![b.length]!;
}

/**
 * The closest candidate within a third of the word's length (at least 1, at most 3 edits). Ties go to the candidate
 * whose length is nearest the word's (a swap or a wrong letter is likelier than a dropped one: `modle` is `model`
 * before `mode`), then by name.
 */
export function suggestClosest(word: string, candidates: Iterable<string>): string | null {
  const lower = word.toLowerCase();
  const budget = Math.min(3, Math.max(1, Math.floor(word.length / 3)));
  let best: string | null = null;
  let bestDistance = Infinity;
  let bestGap = Infinity;
  for (const c of [...candidates].sort()) {
    const d = editDistance(lower, c.toLowerCase());
    const gap = Math.abs(c.length - word.length);
    if (d < bestDistance || (d === bestDistance && gap < bestGap)) {
      best = c;
      bestDistance = d;
      bestGap = gap;
    }
  }
  return best !== null && bestDistance <= budget && best !== word ? best : null;
}

/**
 * The subcommand a command word was probably meant to be (`stauts` -> `status`): within 2 edits, or 1 for
 * subcommands of 3 letters or fewer (so `ok` is not taken for `off`); never the word itself.
 */
export function nearSubcommand(word: string, subcommands: readonly string[]): string | null {
  const lower = word.toLowerCase();
  let best: string | null = null;
  let bestDistance = Infinity;
  for (const s of subcommands) {
    const budget = s.length <= 3 ? 1 : 2;
    // Lengths further apart than the budget cannot be close; this also keeps a pasted paragraph cheap.
    if (Math.abs(s.length - lower.length) > budget) continue;
    const d = editDistance(lower, s);
    if (d <= budget && d < bestDistance && word !== s) {
      best = s;
      bestDistance = d;
    }
  }
  return best;
}
