// Globs and Roo-style regular expressions -> the path patterns the bundle stores. A glob's expression is the one
// compiler's (core/glob-to-re2.ts), which forge verify and the runtime run again; a regex is kept as written.
import { linearSyntaxError } from "../../core/path-match.js";
import { translateGlob, type GlobCode } from "../../core/glob-to-re2.js";
import { hasNestedQuantifier, unicodeClassAt } from "../../core/pattern-check.js";
import type { PathPattern } from "../../generated/types.js";

export { hasNestedQuantifier };

export type GlobResult = { ok: true; pattern: PathPattern } | { ok: false; code: GlobCode; detail: string };

/** Compiles one glob ("Globs" in docs/guides/path-rules-and-edit-limits.md says what forge refuses and why). */
export function compileGlob(glob: string): GlobResult {
  const t = translateGlob(glob);
  return t.ok ? { ok: true, pattern: { kind: "glob", source: glob, regex: t.regex } } : t;
}

export type RegexResult = { ok: true; pattern: PathPattern; backtracking: boolean } | { ok: false; detail: string };

/**
 * A Roo fileRegex: kept as written (searched in the path, as Roo does), in RE2 syntax, the engine the runtime matches
 * with: a lookaround or a backreference is refused here, so the runtime never meets one.
 */
export function compileRegex(source: string): RegexResult {
  const unicode = unicodeClassAt(source);
  if (unicode >= 0) {
    const shown = source.slice(unicode, unicode + 2);
    return {
      ok: false,
      detail: `${shown} is a Unicode class to RE2 but the letter ${shown[1]} to a JavaScript RegExp (Roo's), and its compile time does not follow its size; list the characters, e.g. [a-zA-Z]`,
    };
  }
  const message = linearSyntaxError(source);
  if (message !== null) return { ok: false, detail: `not RE2 syntax, which forge matches paths with (no lookaround or backreference): ${message}` };
  return { ok: true, pattern: { kind: "regex", source, regex: source }, backtracking: hasNestedQuantifier(source) };
}
