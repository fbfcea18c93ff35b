// The glob compiler's simplest shapes (a literal path, everything under one, a name suffix with or without a directory),
// answered by a string test instead of RE2: most globs people write and every nested context file's rule, compiled in
// no time and costing nothing against a bundle's pattern bound. test/core/glob-shapes.test.ts holds them to RE2.

/** What a compiled pattern offers: RE2's test() is an unanchored search, as RegExp.prototype.test is. */
export interface PathTest {
  test(input: string): boolean;
}

const LITERAL = String.raw`(?:[^\\.+*?()|[\]{}^$]|\\[\\.+*?()|[\]{}^$])*`;
const NAME_LITERAL = String.raw`(?:[^\\.+*?()|[\]{}^$/]|\\[\\.+*?()|[\]{}^$])*`;
/** The glob compiler's shapes a string test answers exactly (a property test holds them to RE2): no compile at all. */
const SHAPES: Array<[RegExp, (a: string, b: string) => PathTest]> = [
  // a/b.md
  [new RegExp(`^\\^(${LITERAL})\\$$`), (a) => ({ test: (p) => p === a })],
  // a/b/**
  [new RegExp(`^\\^(${LITERAL})\\(\\?:/\\[\\\\s\\\\S\\]\\*\\)\\?\\$$`), (a) => ({ test: (p) => p === a || p.startsWith(`${a}/`) })],
  // *.md, **/*.md
  [new RegExp(`^\\^\\[\\^/\\]\\*(${NAME_LITERAL})\\$$`), (_, s) => ({ test: (p) => !p.includes("/") && p.endsWith(s) })],
  [new RegExp(`^\\^\\(\\?:\\[\\\\s\\\\S\\]\\*/\\)\\?\\[\\^/\\]\\*(${NAME_LITERAL})\\$$`), (_, s) => ({ test: (p) => p.endsWith(s) })],
  // src/*.md, src/**/*.md
  [
    new RegExp(`^\\^(${LITERAL})/\\[\\^/\\]\\*(${NAME_LITERAL})\\$$`),
    (a, s) => ({ test: (p) => p.startsWith(`${a}/`) && !p.slice(a.length + 1).includes("/") && p.slice(a.length + 1).endsWith(s) }),
  ],
  [
    new RegExp(`^\\^(${LITERAL})\\(\\?:/\\[\\\\s\\\\S\\]\\*\\)\\?/\\[\\^/\\]\\*(${NAME_LITERAL})\\$$`),
    (a, s) => ({ test: (p) => p.startsWith(`${a}/`) && p.slice(a.length + 1).endsWith(s) }),
  ],
];

const unescape = (text: string): string => text.replace(/\\(.)/gsu, "$1");

/**
 * A string test for an expression of the glob compiler's simplest shapes (a literal path, everything under one, a name
 * suffix with or without a directory): most globs people write, and every nested context file's rule. null otherwise.
 */
export function simpleMatcher(regex: string): PathTest | null {
  for (const [shape, make] of SHAPES) {
    const m = shape.exec(regex);
    if (m === null) continue;
    return m.length === 2 ? make(unescape(m[1]!), unescape(m[1]!)) : make(unescape(m[1]!), unescape(m[2] ?? ""));
  }
  return null;
}
