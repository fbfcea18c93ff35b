// The string tests of the glob compiler's simplest shapes (core/glob-shapes.ts) answer exactly what RE2 answers for the
// same expression, on generated globs of those shapes and generated paths.
import fc from "fast-check";
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import { simpleMatcher } from "../../core/glob-shapes.js";
import { translateGlob } from "../../core/glob-to-re2.js";
import { costOf } from "../../core/pattern-check.js";

const literalName = fc
  .array(fc.constantFrom("a", "b", ".", "-", "+", "(", "$", "é", "x y", "\\*", "\\[", "!"), { minLength: 1, maxLength: 3 })
  .map((c) => c.join(""));
const literalPath = fc.array(literalName, { minLength: 1, maxLength: 3 }).map((n) => n.join("/"));
/** Globs of every simple shape (and a few that are not: then no string test is offered). */
const shaped = fc.oneof(
  literalPath,
  literalPath.map((p) => `${p}/**`),
  literalName.map((s) => `*${s}`),
  literalName.map((s) => `**/*${s}`),
  fc.tuple(literalPath, literalName).map(([p, s]) => `${p}/*${s}`),
  fc.tuple(literalPath, literalName).map(([p, s]) => `${p}/**/*${s}`),
  fc.constantFrom("*", "**/*", "a/*", "a/**/*", "*.*", "a?b", "{a,b}/**"),
);
const name = fc.array(fc.constantFrom("a", "b", ".", "-", "+", "(", "$", "é", "x y", "*", "[", "!"), { minLength: 1, maxLength: 3 }).map((c) => c.join(""));
const path = fc
  .array(name, { minLength: 1, maxLength: 4 })
  .map((n) => n.join("/"))
  .filter((p) => !p.split("/").some((n) => n === "." || n === ".."));

describe("the simplest glob shapes, answered without RE2", () => {
  it("answer as RE2 does for the same expression, on every generated path", () => {
    fc.assert(
      fc.property(shaped, fc.array(path, { minLength: 1, maxLength: 10 }), (glob, paths) => {
        const t = translateGlob(glob);
        fc.pre(t.ok);
        if (!t.ok) return;
        const simple = simpleMatcher(t.regex);
        if (simple === null) return;
        const re2 = RE2JS.compile(t.regex);
        // Paths built from the glob's own text, so that matches happen, not only misses.
        const own = glob.replaceAll("\\", "").replaceAll("**", "x/y").replaceAll("*", "z");
        for (const p of [...paths, own, `${own}/q`, `q/${own}`]) expect(simple.test(p), `${glob} (${t.regex}) on ${p}`).toBe(re2.test(p));
      }),
      { numRuns: 1500 },
    );
  });

  it("covers the globs people write most, which then cost nothing against the bundle's pattern bound", () => {
    for (const glob of ["src/**", "docs/guide.md", "**/*.md", "*.ts", "src/*.test.ts", "packages/api/**/*.sql", "packages/p\\[1\\]/**"]) {
      const t = translateGlob(glob);
      expect(t.ok && simpleMatcher(t.regex) !== null, glob).toBe(true);
      expect(costOf({ kind: "glob", source: glob }), glob).toBe(0);
    }
    for (const glob of ["src/**/*.{ts,tsx}", "a?c", "*.*", "[a-z]*.js"]) {
      const t = translateGlob(glob);
      expect(t.ok && simpleMatcher(t.regex), glob).toBe(null);
      expect(costOf({ kind: "glob", source: glob }), glob).toBeGreaterThan(0);
    }
  });
});
