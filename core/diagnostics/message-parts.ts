// Pieces of diagnostic messages shared by the catalog's constructors: bounded lists and "did you mean".

/** A readable list; long ones (a repo may define a thousand modes) are cut so a message stays one screen. */
function cut(items: readonly string[], max: number): string[] {
  return items.length > max ? [...items.slice(0, max), `... (${items.length - max} more)`] : [...items];
}

/** `a, b, c`, at most `max` items and then how many more. */
export const listOf = (items: readonly string[], max = 12): string => cut(items, max).join(", ");

/** `"a", "b"`: names JSON-quoted (a control character never reaches a terminal raw), at most `max`. */
export const quotedList = (items: readonly string[], max = 12): string =>
  cut(
    items.map((i) => JSON.stringify(i)),
    max,
  ).join(", ");

/** Joins "did you mean" into a sentence: `; did you mean "x"?` or just `;`. */
export const didYouMean = (s: string | null): string => (s ? `; did you mean "${s}"?` : ";");
