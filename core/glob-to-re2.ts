// The one glob compiler: a glob as written -> the RE2 expression forge matches project-relative paths with. forge build
// stores its output, forge verify and the runtime recompute it from the glob; picomatch is its oracle in tests only.
//
// The language is picomatch's (dot: true) on normalized paths, minus what picomatch reads differently from how people
// read it; those are refused with the way to write them ("Globs" in docs/guides/path-rules-and-edit-limits.md): `[!a]` (picomatch: "!" or "a"), `{1..3}`,
// `{a}` (literal to picomatch), `**` inside a name or braces, `(a|b)` without @, a class that can match "/", `!(...)`.

import { charAt, readClass, refuse, Refusal, type GlobCode } from "./glob-class.js";

export type { GlobCode };
export type GlobTranslation = { ok: true; regex: string } | { ok: false; code: GlobCode; detail: string };

/** Any character but "/": one name's characters (a line break too: a name may hold one). */
const NAME_CHAR = "[^/]";
/**
 * Any run of characters, "/" and line breaks included: what ** spans. Written [\s\S]*, which RE2 and a JavaScript
 * RegExp read alike (forge export roo hands these expressions to Roo).
 */
const ANYTHING = "[\\s\\S]*";

/** Characters RE2 reads as syntax outside a class; escaped to stand for themselves. */
const META = new Set([..."\\.+*?()|[]{}^$"]);
const literal = (ch: string): string => (META.has(ch) ? `\\${ch}` : ch);
const EXTGLOB: Record<string, string> = { "@": "", "?": "?", "*": "*", "+": "+" };

/** Where the group opened at `open` ("{" or "(") closes, and its top-level alternatives (split at `sep`). */
function splitGroup(glob: string, open: number, close: string, sep: string): { parts: string[]; end: number } {
  const parts: string[] = [];
  let depth = 0;
  let from = open + 1;
  for (let i = open + 1; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === "\\") i++;
    else if (ch === "[") i = readClass(glob, i).end - 1;
    else if (ch === "{" || ch === "(") depth++;
    else if ((ch === "}" || ch === ")") && depth > 0) depth--;
    else if (depth === 0 && ch === sep) {
      parts.push(glob.slice(from, i));
      from = i + 1;
    } else if (depth === 0 && ch === close) {
      parts.push(glob.slice(from, i));
      return { parts, end: i + 1 };
    }
  }
  return refuse(`the ${glob[open]} of "${glob.slice(open)}" is not closed with ${close}`);
}

/** Whether a piece of glob repeats within itself (a star, or a repeating extglob): inside *(...) or +(...) it nests. */
const repeats = (piece: string): boolean => /(^|[^\\])(\*|\+\()/.test(piece);

/** A translated part: its expression and whether it can match nothing at all. */
interface Part {
  re: string;
  empty: boolean;
}

const group = (parts: string[]): Part[] => parts.map((p) => translatePart(p, true));

/** A part of a name (no "/" at the top level): literals, ?, *, classes, braces and extglobs (`inGroup`: inside one). */
function translatePart(glob: string, inGroup = false): Part {
  let re = "";
  let empty = true;
  /** What was read last: picomatch reads a "+" after ], }, ) or another "+", and a "?" after ), as regex syntax. */
  let closed: "]" | "}" | ")" | "+" | null = null;
  for (let i = 0; i < glob.length; ) {
    const ch = charAt(glob, i);
    const next = glob[i + 1];
    const after = closed;
    closed = ch === "[" ? "]" : ch === "{" ? "}" : next === "(" && Object.hasOwn(EXTGLOB, ch) ? ")" : ch === "+" ? "+" : null;
    if ((ch === "+" && (after !== null || (inGroup && glob[i - 1] === "*"))) || (ch === "?" && after === ")"))
      refuse(`"${ch}" right after ${after} is regex syntax to picomatch, not a glob character; write \\${ch} for the character itself`);
    if (ch === "\\") {
      if (next === undefined) refuse("it ends with a lone backslash");
      const escaped = charAt(glob, i + 1);
      // picomatch hands "\b", "\d", "\w"... to its regular expression as classes and boundaries, not letters: one
      // meaning only, so a backslash before a letter or digit (which escapes nothing in a glob) is refused.
      if (/^[A-Za-z0-9]$/.test(escaped))
        refuse(`a backslash before "${escaped}" escapes nothing in a glob (picomatch reads \\${escaped} as regex syntax); write ${escaped}`);
      re += literal(escaped);
      empty = false;
      i += 1 + escaped.length;
    } else if (ch === "*" && next === "*") {
      refuse("** stands for any number of whole names, so it must be a name of its own (a/**/b, **/*.md); write * for part of a name");
    } else if (next === "(" && Object.hasOwn(EXTGLOB, ch)) {
      const { parts, end } = splitGroup(glob, i + 1, ")", "|");
      const op = EXTGLOB[ch]!;
      if ((op === "*" || op === "+") && parts.some(repeats))
        refuse(
          `${glob.slice(i, end)} is a repeat inside a repeat, which takes exponential time in a backtracking matcher; write the repeated part once (e.g. *a instead of *(*a), *.md instead of +(*.md))`,
          "glob_not_linear",
        );
      const alts = group(parts);
      re += `(?:${alts.map((a) => a.re).join("|")})${op}`;
      empty &&= op === "?" || op === "*" || alts.some((a) => a.empty);
      i = end;
    } else if (ch === "!" && next === "(") {
      refuse(
        "!(...) needs a lookaround, which RE2, the linear-time matcher forge runs, has none of; list what it must not match under edits.deny",
        "glob_not_linear",
      );
    } else if (ch === "*") {
      // picomatch keeps a star after a dot inside braces or an extglob from making a "." or ".." name, or an empty
      // rest at the end: x{.*,b} is not "x.". Written outside the group, .* has its plain meaning.
      if (inGroup && glob[i - 1] === "." && glob[i - 2] !== "\\")
        refuse('".*" inside braces or an extglob does not match a name ending in "." there (picomatch); write the alternatives as separate globs');
      re += `${NAME_CHAR}*`;
      i++;
    } else if (ch === "?") {
      re += NAME_CHAR;
      empty = false;
      i++;
    } else if (ch === "[") {
      const cls = readClass(glob, i);
      re += cls.re;
      empty = false;
      i = cls.end;
    } else if (ch === "{") {
      const { parts, end } = splitGroup(glob, i, "}", ",");
      if (parts.length === 1)
        refuse(
          /\.\./.test(parts[0]!)
            ? `{${parts[0]}} is a range; write its values out ({1,2,3})`
            : `{${parts[0]}} has one alternative; braces list several ({a,b})`,
        );
      if (parts[0]!.startsWith("+")) refuse(`picomatch cannot read braces that start with "+" ({${parts.join(",")}}); write \\+`);
      if (parts.some((p) => p.split("/").includes("**"))) refuse("** inside braces is not supported; write one glob per alternative");
      const alts = group(parts);
      re += `(?:${alts.map((a) => a.re).join("|")})`;
      empty &&= alts.some((a) => a.empty);
      i = end;
    } else if (ch === '"') {
      refuse('picomatch reads a double quote as the start of quoted text, not as the character; to match it literally, write \\"');
    } else if (ch === "(" || ch === ")" || ch === "|") {
      refuse(`"${ch}" is glob syntax only in @(a|b), *(a|b), +(a|b) and ?(a|b); to match it literally, write \\${ch}`);
    } else if (ch === "]") {
      refuse('a "]" closes a class that was not opened; to match it literally, write \\]');
    } else {
      re += literal(ch);
      empty = false;
      i += ch.length;
    }
  }
  return { re, empty };
}

/** Whether a name ends with an unescaped * (a star, not \\* and not an extglob's ")"). */
function endsWithStar(name: string): boolean {
  if (!name.endsWith("*")) return false;
  let slashes = 0;
  for (let i = name.length - 2; i >= 0 && name[i] === "\\"; i--) slashes++;
  return slashes % 2 === 0;
}

/** Splits at the "/" outside braces, classes and extglobs. */
function splitNames(glob: string): string[] {
  const names: string[] = [];
  let depth = 0;
  let from = 0;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i]!;
    if (ch === "\\") i++;
    else if (ch === "[") i = readClass(glob, i).end - 1;
    else if (ch === "{" || ch === "(") depth++;
    else if ((ch === "}" || ch === ")") && depth > 0) depth--;
    else if (ch === "/" && depth === 0) {
      names.push(glob.slice(from, i));
      from = i + 1;
    }
  }
  names.push(glob.slice(from));
  return names;
}

/** What picomatch would compile into an expression that never matches a project-relative path (or nearly every one). */
function checkShape(glob: string): void {
  if (glob === "") refuse("it is empty");
  if (/[\u0000-\u001f\u007f]/.test(glob)) refuse("it holds a control character");
  if (/\$\$|\^\^/.test(glob)) refuse('picomatch reads "$$" and "^^" as regex syntax in some places; write ? for one of the two characters');
  if (glob.startsWith("!")) refuse("negation (a leading !) is not supported; list what it may not match under edits.deny");
  if (glob.startsWith("/") || glob.startsWith("\\") || /^[A-Za-z]:/.test(glob)) refuse("it is an absolute path", "glob_never_matches");
  if (glob.startsWith("~")) refuse("it starts with ~ (a home directory)", "glob_never_matches");
  if (glob.split("/").includes("..")) refuse('it has a ".." segment, and paths are normalized first', "glob_never_matches");
  if (glob.endsWith("/")) refuse(`paths never end with /; write ${glob}** for everything under it`, "glob_never_matches");
}

/**
 * Translates one glob. A leading "./" is dropped (as picomatch does); `**` as a whole name spans any number of names
 * (none too), `*` and `?` stay within one name, every name may start with a dot.
 */
export function translateGlob(glob: string): GlobTranslation {
  try {
    checkShape(glob);
    const body = glob.startsWith("./") ? glob.slice(2) : glob;
    checkShape(body);
    // picomatch's shortcuts for these two make their last star match one character at least ("a." is not *.*).
    if (body === "*.*" || body === "**/*.*") return { ok: true, regex: body === "*.*" ? "^[^/]*\\.[^/]+$" : `^(?:${ANYTHING}/)?[^/]*\\.[^/]+$` };
    const names = splitNames(body);
    if (names.some((n) => n === "")) refuse("it has an empty name (//), and paths are normalized first", "glob_never_matches");
    if (names.includes(".")) refuse('it has a "." name, and paths are normalized first', "glob_never_matches");
    // **/** spans what one ** spans.
    const kept = names.filter((n, i) => !(n === "**" && names[i - 1] === "**"));
    let out = "";
    kept.forEach((name, i) => {
      // A leading ** takes the "/" after it; any other ** takes the "/" before it: a/**/b is a/b, a/x/b, a/x/y/b.
      // As picomatch: a last ** after a name ending in * spans one name at least (packages/*/** is not packages/x).
      if (name === "**")
        out +=
          kept.length === 1
            ? ANYTHING
            : i === 0
              ? `(?:${ANYTHING}/)?`
              : i === kept.length - 1 && endsWithStar(kept[i - 1]!)
                ? `/${ANYTHING}`
                : `(?:/${ANYTHING})?`;
      else {
        const part = translatePart(name);
        // picomatch reads a name that can be empty differently after ** (a/**/?(b) is "a") and before it: refused.
        // A name starting with a star is kept from being empty by picomatch's own guard, as it is here by "/".
        if (part.empty && !(name.startsWith("*") && name[1] !== "("))
          refuse(`the name "${name}" can match nothing at all; make it match one character at least`);
        out += (i === 0 || (i === 1 && kept[0] === "**") ? "" : "/") + part.re;
      }
    });
    return { ok: true, regex: `^${out}$` };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, code: error.code, detail: error.detail };
    throw error;
  }
}
