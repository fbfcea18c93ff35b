// Table tests of glob and regex compilation: what each pattern compiles to, and what its stored expression matches.
import { describe, expect, it } from "vitest";
import { compileGlob, compileRegex, hasNestedQuantifier } from "../../compiler/phases/path-patterns.js";
import { compilePatterns, firstMatch } from "../../core/path-match.js";

/** The stored expression, run the way the runtime runs it: RE2 (core/path-match.ts) over the project-relative path. */
function matcher(glob: string): (path: string) => boolean {
  const result = compileGlob(glob);
  if (!result.ok) throw new Error(`${glob}: ${result.detail}`);
  const compiled = compilePatterns([result.pattern]);
  return (path) => firstMatch(compiled, path) !== null;
}

describe("glob compilation", () => {
  const table: Array<[glob: string, matches: string[], misses: string[]]> = [
    ["src/db/**", ["src/db", "src/db/schema.sql", "src/db/a/b/c.ts", "src/db/.env"], ["src/dbx/a", "src", "lib/src/db/a"]],
    ["**/*.sql", ["schema.sql", "src/db/schema.sql", "a/b/c/d.sql"], ["schema.sqlx", "src/db/schema.ts"]],
    ["src/*.ts", ["src/a.ts"], ["src/a/b.ts", "src/a.tsx", "a.ts"]],
    ["*.{ts,tsx}", ["a.ts", "b.tsx"], ["src/a.ts", "a.js"]],
    ["migrations/[0-9]*.sql", ["migrations/001_init.sql"], ["migrations/init.sql"]],
    [".env", [".env"], [".env.local", "src/.env"]],
    ["**/.env*", [".env", "src/.env.local"], ["src/env"]],
    ["docs/**/*.md", ["docs/a.md", "docs/x/y/z.md"], ["docs/a.mdx", "README.md"]],
    ["./src/x.ts", ["src/x.ts"], ["./src/x.ts"]],
    // An extglob that starts a name: picomatch guards it with a lookahead RE2 lacks; forge's own compiler needs none.
    ["?(a)b", ["b", "ab"], ["aab", "a"]],
  ];
  it.each(table)("%s", (glob, matches, misses) => {
    const test = matcher(glob);
    for (const path of matches) expect(test(path), `${glob} should match ${path}`).toBe(true);
    for (const path of misses) expect(test(path), `${glob} should not match ${path}`).toBe(false);
  });

  it("stores the glob as written, its anchored expression beside it", () => {
    expect(compileGlob("src/db/**")).toMatchObject({ ok: true, pattern: { kind: "glob", source: "src/db/**" } });
    const result = compileGlob("src/*.ts");
    expect(result.ok && result.pattern.regex.startsWith("^") && result.pattern.regex.endsWith("$")).toBe(true);
  });

  const refused: Array<[glob: string, code: string, detail: RegExp]> = [
    ["/etc/**", "glob_never_matches", /absolute/],
    ["C:/src/**", "glob_never_matches", /absolute/],
    ["~/notes/*", "glob_never_matches", /home/],
    ["../shared/**", "glob_never_matches", /\.\./],
    ["src/**/../x", "glob_never_matches", /\.\./],
    ["docs/", "glob_never_matches", /docs\/\*\*/],
    ["!src/**", "invalid_glob", /negation/],
    ["src/{db,sql", "invalid_glob", /not closed with \}/],
    ["src/[a-z", "invalid_glob", /not closed with \]/],
    ["src/a(b", "invalid_glob", /to match it literally, write \\\(/],
    ["src/\u0001", "invalid_glob", /control/],
    ["*(*a)", "glob_not_linear", /repeat inside a repeat.*\*a instead of \*\(\*a\)/],
    ["+(*.md)", "glob_not_linear", /repeat inside a repeat/],
    ["docs/!(x).md", "glob_not_linear", /lookaround.*edits\.deny/],
  ];
  it.each(refused)("refuses %s (%s)", (glob, code, detail) => {
    const result = compileGlob(glob);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.code).toBe(code);
      expect(result.detail).toMatch(detail);
    }
  });
});

describe("regex compilation (Roo's fileRegex)", () => {
  it("keeps the expression as written and searches with it, as Roo does", () => {
    const result = compileRegex("\\.(md|mdx)$");
    expect(result).toEqual({ ok: true, pattern: { kind: "regex", source: "\\.(md|mdx)$", regex: "\\.(md|mdx)$" }, backtracking: false });
    const re = new RegExp(result.ok ? result.pattern.regex : "");
    expect(["docs/a.md", "README.mdx"].map((p) => re.test(p))).toEqual([true, true]);
    expect(re.test("src/a.ts")).toBe(false);
  });

  it("refuses an invalid expression with the engine's reason", () => {
    expect(compileRegex("\\.(md|mdx$")).toMatchObject({ ok: false, detail: expect.stringMatching(/missing closing \)/) });
    expect(compileRegex("[z-a]")).toMatchObject({ ok: false });
  });

  it("takes RE2 syntax only: a lookaround or a backreference, which RE2 cannot run, is refused", () => {
    expect(compileRegex("^(?=docs/).*\\.md$")).toMatchObject({ ok: false, detail: expect.stringMatching(/not RE2 syntax.*\(\?=/) });
    expect(compileRegex("^(?!src/)")).toMatchObject({ ok: false });
    expect(compileRegex("(a)\\1")).toMatchObject({ ok: false, detail: expect.stringMatching(/\\1/) });
    expect(compileRegex("^(a+)+$")).toMatchObject({ ok: true, backtracking: true });
  });

  const nested: Array<[source: string, nested: boolean]> = [
    ["(a+)+$", true],
    ["^(\\w+/)*x$", true],
    ["(a{2,})+", true],
    ["((ab)*c)*", true],
    ["(__tests__/.*|\\.test\\.(ts|tsx)$)", false],
    ["(a|b)+", false],
    ["(a+)?", false],
    ["\\(a+\\)+", false],
    ["[(a+)]+", false],
    [".*\\.md$", false],
  ];
  it.each(nested)("nested quantifier in %s: %s", (source, expected) => {
    expect(hasNestedQuantifier(source)).toBe(expected);
  });
});
