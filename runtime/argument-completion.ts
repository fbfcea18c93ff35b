// Argument completion for forge's slash commands: the candidates for the word being typed, each value ending in a
// space so the next Tab completes the next argument (Pi replaces the whole argument text with the value). Pure.
import type { AutocompleteItem } from "./host-adapter/ports.js";

/** A completion candidate: the word, and a one-line description Pi shows beside it. */
export interface Choice {
  word: string;
  description?: string;
}

/** The whitespace-separated words of a command's argument text. */
export function wordsOf(text: string): string[] {
  return text
    .trim()
    .split(/\s+/)
    .filter((w) => w.length > 0);
}

/**
 * Completion items for the last word of `argText`: each value repeats the words before it and ends in a space.
 * Null when nothing matches (Pi then shows nothing).
 */
export function completeLastWord(argText: string, candidates: ReadonlyArray<Choice>): AutocompleteItem[] | null {
  const endsWithSpace = /\s$/.test(argText) || argText === "";
  const words = wordsOf(argText);
  const partial = endsWithSpace ? "" : (words.pop() ?? "");
  const head = words.length > 0 ? `${words.join(" ")} ` : "";
  const items = candidates
    .filter((c) => c.word.startsWith(partial))
    .map((c) => ({ value: `${head}${c.word} `, label: c.word, ...(c.description ? { description: c.description } : {}) }));
  return items.length > 0 ? items : null;
}

/** The words before the one being completed. */
export function precedingWords(argText: string): string[] {
  const words = wordsOf(argText);
  if (!/\s$/.test(argText)) words.pop();
  return words;
}

/** Plain words as choices (no description). */
export function choices(words: readonly string[]): Choice[] {
  return words.map((word) => ({ word }));
}
