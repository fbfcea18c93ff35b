// Edit limits of the active modes: every limit must allow a path (they intersect), and a limit only ever refuses.
import type { EditLimit, PathPattern } from "../generated/types.js";
import { compilePatterns, describePattern, firstMatch, hasBrokenPattern, MAX_MATCH_PATH_CHARS, type CompiledPattern } from "./path-match.js";

/** One active mode's limit, its expressions built once per loaded bundle. */
export interface CompiledLimit {
  mode: string;
  limit: EditLimit;
  /** null: no allow-list, so every path not denied may be edited. */
  allow: CompiledPattern[] | null;
  deny: CompiledPattern[];
  /** A stored expression that does not compile here: the limit refuses every edit. */
  broken: boolean;
}

export function compileLimit(mode: string, limit: EditLimit): CompiledLimit {
  const allow = limit.allow === undefined ? null : compilePatterns(limit.allow);
  const deny = compilePatterns(limit.deny);
  return { mode, limit, allow, deny, broken: hasBrokenPattern(deny) || (allow !== null && hasBrokenPattern(allow)) };
}

export type EditVerdict = { ok: true } | { ok: false; mode: string; path: string; why: "outside" | "denied" | "unchecked"; pattern?: PathPattern };

/**
 * The forms a name is compared in: as written, NFC and NFD. forge stores patterns in NFC (sources are normalized), while
 * a file on disk may carry either form (macOS writes NFD); on most Linux file systems the two are different names.
 */
export function nameForms(path: string): string[] {
  const nfc = path.normalize("NFC");
  const nfd = path.normalize("NFD");
  return [...new Set([path, nfc, nfd])];
}

/**
 * Checks the project-relative paths of one edit/write call (null: a path outside the project) against every
 * limit. The first refusal wins; with no limit, everything is allowed. A deny that matches a path in any of its forms
 * (nameForms) refuses it; an allow must allow its NFC form, the form the limit's patterns are written in.
 */
export function checkEdit(limits: readonly CompiledLimit[], paths: ReadonlyArray<string | null>, shown: string): EditVerdict {
  for (const l of limits) {
    if (l.broken) return { ok: false, mode: l.mode, path: shown, why: "unchecked" };
    if (paths.length === 0) return { ok: false, mode: l.mode, path: shown, why: "unchecked" };
    for (const path of paths) {
      const forms = path === null ? [] : nameForms(path);
      if (forms.some((f) => f.length > MAX_MATCH_PATH_CHARS)) return { ok: false, mode: l.mode, path: shown, why: "unchecked" };
      const denied = firstFormMatch(l.deny, forms);
      if (denied !== null) return { ok: false, mode: l.mode, path: shown, why: "denied", pattern: denied };
      if (l.allow !== null && (path === null || firstMatch(l.allow, path.normalize("NFC")) === null))
        return { ok: false, mode: l.mode, path: shown, why: "outside" };
    }
  }
  return { ok: true };
}

/** The first pattern matching any of `forms`, or null. */
export function firstFormMatch(patterns: readonly CompiledPattern[], forms: readonly string[]): PathPattern | null {
  for (const form of forms) {
    const hit = firstMatch(patterns, form);
    if (hit !== null) return hit;
  }
  return null;
}

const list = (patterns: readonly PathPattern[]): string => patterns.map(describePattern).join(", ");

/** The tool error the model gets: the mode, what it allows and denies, and that nothing changed. */
export function describeRefusal(verdict: Exclude<EditVerdict, { ok: true }>, limits: readonly CompiledLimit[]): string {
  const limit = limits.find((l) => l.mode === verdict.mode)!.limit;
  const never = limit.deny.length > 0 ? `never to ${list(limit.deny)}` : "";
  const rule =
    limit.allow === undefined
      ? `allows edits to any path but ${list(limit.deny)}`
      : limit.allow.length === 0
        ? "allows no edits"
        : `allows edits only to ${list(limit.allow)}${never ? ` and ${never}` : ""}`;
  const why =
    verdict.why === "denied"
      ? `"${verdict.path}" matches ${describePattern(verdict.pattern!)}`
      : verdict.why === "outside"
        ? `"${verdict.path}" is not among them`
        : `forge could not check "${verdict.path}" against it, so it refuses`;
  return `forge: edit refused: mode "${verdict.mode}" ${rule} (paths relative to the project root); ${why}. The file was not changed.`;
}
