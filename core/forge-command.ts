// Every forge command forge prints for a user to run (hints, banners, notices): one prefix, the repository's own forge.
// `npx --no-install forge` is what the README installs (a devDependency); `--no-install` keeps npx from fetching the
// unrelated npm package called "forge" where forge is not installed.

export const FORGE_COMMAND = "npx --no-install forge";

/** A word as a POSIX shell reads it back: as it is when it holds nothing special, else in single quotes. */
export function shellWord(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

/** `npx --no-install forge <words>`, each word quoted for a shell where it needs it. */
export function forgeCommand(...words: string[]): string {
  return [FORGE_COMMAND, ...words.map(shellWord)].join(" ");
}

/** The options that chose where a command worked (`--root DIR` as given, `--global`): a hint repeats them. */
export function scopeWords(scope: { root?: string | undefined; global?: boolean | undefined }): string[] {
  if (scope.root !== undefined) return ["--root", scope.root];
  return scope.global === true ? ["--global"] : [];
}
