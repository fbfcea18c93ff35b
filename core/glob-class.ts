// Bracket expressions of the glob compiler (core/glob-to-re2.ts): a class as RE2 reads it, never one that can match
// "/", and how the compiler refuses what it will not translate.

export type GlobCode = "invalid_glob" | "glob_never_matches" | "glob_not_linear";

export class Refusal extends Error {
  constructor(
    readonly code: GlobCode,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export const refuse = (detail: string, code: GlobCode = "invalid_glob"): never => {
  throw new Refusal(code, detail);
};

/** Inside a class: the characters a class reads as syntax. */
const classLiteral = (ch: string): string => (ch === "\\" || ch === "]" || ch === "[" || ch === "^" || ch === "-" ? `\\${ch}` : ch);

/** The POSIX classes forge takes (ASCII, as picomatch and RE2 both read them); the others can match "/" or differ. */
const POSIX: Record<string, string> = {
  alnum: "a-zA-Z0-9",
  alpha: "a-zA-Z",
  digit: "0-9",
  lower: "a-z",
  upper: "A-Z",
  word: "A-Za-z0-9_",
  xdigit: "A-Fa-f0-9",
};

/** One character of the glob at `i`, as a code point (a surrogate pair is one character, as RE2 reads it). */
export const charAt = (s: string, i: number): string => String.fromCodePoint(s.codePointAt(i)!);

/** Reads a bracket expression starting at `i` (the "["): its RE2 class and where it ends. */
export function readClass(glob: string, start: number): { re: string; end: number } {
  let i = start + 1;
  let negated = false;
  if (glob[i] === "!") refuse(`"[!" reads as "!" or the listed characters in picomatch; write [^...] for any character but those`);
  if (glob[i] === "^") {
    negated = true;
    i++;
  }
  const items: Array<[lo: number, hi: number]> = [];
  let out = "";
  let first = true;
  for (;;) {
    if (i >= glob.length) refuse(`the class "${glob.slice(start)}" is not closed with ]`);
    const ch = charAt(glob, i);
    if (ch === "]" && !first) break;
    first = false;
    if (ch === "[" && glob[i + 1] === ":") {
      const close = glob.indexOf(":]", i + 2);
      const name = close < 0 ? "" : glob.slice(i + 2, close);
      if (!Object.hasOwn(POSIX, name))
        refuse(`[:${name}:] is not one of the classes forge reads (${Object.keys(POSIX).join(", ")}): others can match "/" or read differently`);
      out += POSIX[name];
      i = close + 2;
      continue;
    }
    let lo = ch;
    i += ch.length;
    if (lo === "\\") {
      if (i >= glob.length) refuse("it ends with a lone backslash");
      lo = charAt(glob, i);
      i += lo.length;
    }
    let hi = lo;
    if (glob[i] === "-" && glob[i + 1] !== undefined && glob[i + 1] !== "]") {
      i++;
      hi = charAt(glob, i);
      i += hi.length;
      if (hi === "\\") refuse(`a range ends with a character as written, not escaped (${lo}-\\${glob[i] ?? ""})`);
      if (hi.codePointAt(0)! < lo.codePointAt(0)!) refuse(`the range ${lo}-${hi} runs backwards`);
    }
    items.push([lo.codePointAt(0)!, hi.codePointAt(0)!]);
    out += lo === hi ? classLiteral(lo) : `${classLiteral(lo)}-${classLiteral(hi)}`;
  }
  if (!negated && items.some(([lo, hi]) => lo <= 0x2f && 0x2f <= hi))
    refuse(`the class ${glob.slice(start, i + 1)} can match "/", which only separates names; a class matches one character of a name`);
  return { re: negated ? `[^${out}/]` : `[${out}]`, end: i + 1 };
}
