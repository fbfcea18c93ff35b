// Path patterns under RE2: a glob's linear form matches exactly what picomatch's own expression matches on the paths
// forge tests, and no expression, however a bundle was crafted, stalls a match.
import fc from "fast-check";
import picomatch from "picomatch/posix";
import { describe, expect, it } from "vitest";
import { compileGlob } from "../../compiler/phases/path-patterns.js";
import { compilePatterns, firstMatch, hasBrokenPattern, linearForm, MAX_MATCH_PATH_CHARS } from "../../core/path-match.js";
import type { PathPattern } from "../../generated/types.js";

const TOKENS = ["a", "b", ".", "*", "?", "[ab]", "[!a]", "{a,b}", "{a,.b}", "@(a|b)", "*(a)", "+(b)", "?(a)", "*(a|b.)", ".*", "*.*"];
const segment = fc.array(fc.constantFrom(...TOKENS), { minLength: 1, maxLength: 4 }).map((t) => t.join(""));
const glob = fc
  .array(fc.oneof({ weight: 4, arbitrary: segment }, { weight: 1, arbitrary: fc.constant("**") }), { minLength: 1, maxLength: 4 })
  .map((s) => s.join("/"));
/** Paths as forge tests them: relative, normalized (no "." or ".." segment, no empty segment), never empty. */
const name = fc
  .array(fc.constantFrom("a", "b", "."), { minLength: 1, maxLength: 4 })
  .map((c) => c.join(""))
  .filter((n) => n !== "." && n !== "..");
const path = fc.array(name, { minLength: 1, maxLength: 4 }).map((s) => s.join("/"));

describe("a glob's linear form", () => {
  it("matches what picomatch's expression matches, on every normalized path", () => {
    fc.assert(
      fc.property(glob, fc.array(path, { minLength: 1, maxLength: 8 }), (g, paths) => {
        const compiled = compileGlob(g);
        fc.pre(compiled.ok);
        if (!compiled.ok) return;
        const original = picomatch.makeRe(g, { dot: true, strictBrackets: true });
        const re2 = compilePatterns([compiled.pattern]);
        for (const p of paths) expect(firstMatch(re2, p) !== null, `${g} on ${p} (${compiled.pattern.regex})`).toBe(original.test(p));
      }),
      { numRuns: 1000 },
    );
  });

  it("removes only picomatch's dot-segment guards and the (?=.) guards it can decide", () => {
    expect(linearForm("^(?:src\\/(?!\\.{1,2}(?:\\/|$))(?=.)[^/]*?\\.ts)$")).toBe("^(?:src\\/[^/]*?\\.ts)$");
    // A star that ends the path must match something: src/* never matches "src/".
    expect(linearForm("^(?:src\\/(?!\\.{1,2}(?:\\/|$))(?=.)[^/]*?\\/?)$")).toBe("^(?:src\\/[^/]+?\\/?)$");
    // Escaped, or inside a class: not a group, kept.
    expect(linearForm("a\\(?=.)")).toBe("a\\(?=.)");
    expect(linearForm("[(?=.)]")).toBe("[(?=.)]");
    // Any other lookaround stays, and RE2 then refuses it.
    expect(linearForm("^(?:(?!x$)[^/]*?)$")).toBe("^(?:(?!x$)[^/]*?)$");
    expect(linearForm("^(?:(?=.)(?:a)*)$")).toBe("^(?:(?=.)(?:a)*)$");
  });

  it("? matches one character as RE2 reads it (a code point): one emoji, where picomatch's RegExp needs two UTF-16 units", () => {
    const compiled = compileGlob("a?c");
    expect(compiled.ok && firstMatch(compilePatterns([compiled.pattern]), "a\u{1F600}c")).toBeTruthy();
    expect(picomatch.makeRe("a?c", { dot: true }).test("a\u{1F600}c")).toBe(false);
  });

  it("runs a bundle built before RE2 (picomatch's expression with its guards stored) the same way", () => {
    const old = (g: string): PathPattern => ({ kind: "glob", source: g, regex: picomatch.makeRe(g, { dot: true, strictBrackets: true }).source });
    const compiled = compilePatterns([old("src/*.ts"), old("docs/**")]);
    expect(hasBrokenPattern(compiled)).toBe(false);
    expect(["src/a.ts", "src/a/b.ts", "docs", "docs/x/y.md", "src/.env.ts"].map((p) => firstMatch(compiled, p)?.source ?? null)).toEqual([
      "src/*.ts",
      null,
      "docs/**",
      "docs/**",
      "src/*.ts",
    ]);
  });

  it("accepts the globs people write", () => {
    for (const g of [
      "src/**",
      "**/*.md",
      "*.md",
      "src/*.ts",
      "src/**/*.{ts,tsx}",
      "a?c",
      "[a-z]*.js",
      ".env",
      ".*",
      "*.*",
      "src/.env*",
      "**/node_modules/**",
      "@(a|b).js",
      "docs/**/*",
      "{src,lib}/**/*.test.ts",
    ]) {
      expect(compileGlob(g).ok, g).toBe(true);
    }
  });
});

describe("matching a hand-crafted bundle's expressions", () => {
  const crafted = (regex: string, kind: PathPattern["kind"] = "regex"): PathPattern => ({ kind, source: "x", regex });

  it("runs *(*a) and ^(a+)+$ over a 1,024-character path in linear time (this finishes; RegExp would take years)", () => {
    const compiled = compilePatterns([crafted("^(?:(?:[^/]*?a)*)$", "glob"), crafted("^(a+)+$"), crafted("^(\\w+\\/?)*$")]);
    expect(hasBrokenPattern(compiled)).toBe(false);
    const long = "a".repeat(MAX_MATCH_PATH_CHARS - 1) + "!";
    expect(firstMatch(compiled, long)).toBeNull();
    expect(firstMatch(compiled, "a".repeat(MAX_MATCH_PATH_CHARS))?.regex).toBe("^(?:(?:[^/]*?a)*)$");
  });

  it("treats an expression RE2 cannot run as broken (edit limits then refuse every edit), never as a match", () => {
    const compiled = compilePatterns([crafted("^(?=secrets/)"), crafted("(a)\\1")]);
    expect(compiled.map((c) => c.re)).toEqual([null, null]);
    expect(hasBrokenPattern(compiled)).toBe(true);
    expect(firstMatch(compiled, "secrets/key")).toBeNull();
  });

  it("never matches the empty path (the project root) with a glob, as picomatch's isMatch never does", () => {
    const compiled = compilePatterns([crafted("^(?:.*)$", "glob")]);
    expect(firstMatch(compiled, "")).toBeNull();
    expect(picomatch.isMatch("", "**", { dot: true })).toBe(false);
  });
});
