// Bench support: the worst bundles the pattern bounds allow (issue 31), every one at or just under the 4,096 a bundle's
// patterns may cost, and what each costs Pi: the load (forge's checks of every stored pattern and the compilation of
// each from its source, as the runtime does once per bundle load) and the worst edit call against a path of 1,024 characters.
import { performance } from "node:perf_hooks";

/** Patterns of one shape, as many as the budget holds: `make(i)` is the i-th source. */
function fill(kind, make, costOf, budget) {
  const out = [];
  let total = 0;
  const seen = new Set();
  for (let i = 0; ; i++) {
    const source = make(i);
    if (seen.has(source)) return { patterns: out, total };
    seen.add(source);
    const cost = costOf({ kind, source });
    if (total + cost > budget || i >= 4096) return { patterns: out, total };
    out.push({ kind, source, regex: source });
    total += cost;
  }
}

/** The shapes: many mid-size regexes (the review's 64 long allowRegex entries, at the bound), one huge regex, many globs. */
export function worstBundles({ costOf, translateGlob, budget }) {
  const alternations = (n) => (i) => `^src/p${String(i).padStart(3, "0")}/${"(?:a|b)".repeat(n)}\\.ts$`;
  const globs = fill("glob", (i) => `**/${String.fromCharCode(97 + (i % 26))}${i}*a*b*c*d*e/**/*.{ts,tsx,js}`, costOf, budget);
  for (const p of globs.patterns) p.regex = translateGlob(p.source).regex;
  return [
    { label: "long allowRegex of (?:a|b) runs", ...fill("regex", alternations(Math.floor(budget / 64 / 8)), costOf, budget) },
    { label: "short allowRegex, as many as fit", ...fill("regex", (i) => `^s/${i}/x$`, costOf, budget) },
    { label: "one allowRegex ^x[a-z]{n}$", ...fill("regex", () => `^x[a-z]{${Math.floor((budget - 64) / 5)}}$`, costOf, budget) },
    { label: `${globs.patterns.length} globs with stars and braces`, ...globs },
  ];
}

/** Median ms of `fn` over `reps` runs. */
function medianOf(reps, fn) {
  const times = [];
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/**
 * For each worst bundle: the load (checks and a fresh compilation of every pattern, no memo) and the worst median edit
 * call over `paths` (each 1,024 characters, none matching, so every pattern is tried).
 */
export function timeWorstBundles(bundles, { check, compileFresh, firstMatch, paths, reps }) {
  return bundles.map((b) => {
    const load = medianOf(reps, () => {
      check(b.patterns);
      compileFresh(b.patterns);
    });
    const compiled = compileFresh(b.patterns);
    if (compiled.some((c) => c.re === null)) throw new Error(`${b.label}: a pattern did not compile`);
    const call = Math.max(...paths.map((p) => medianOf(reps, () => firstMatch(compiled, p))));
    return { label: b.label, count: b.patterns.length, total: b.total, load, call };
  });
}
