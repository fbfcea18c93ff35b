// Bench: the worst matching time of every path pattern in the test fixtures and of a generated adversarial set, run
// as forge runs them (RE2 through core/path-match.ts) beside the same patterns in RegExp, against paths up to 1,024
// characters. Target: <= 1 ms per call. Not a test: prints figures. `--quick`: paths up to 64 characters, the median of 3 calls.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import picomatch from "picomatch/posix.js";
import { register } from "tsx/esm/api";
import { parse } from "yaml";
import { QUICK, recordFigures } from "./support/bench-kit.mjs";
import { timeWorstBundles, worstBundles } from "./support/worst-pattern-bundle.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const MAX_PATH = QUICK ? 64 : 1024;
const REPS = QUICK ? 3 : 15;
/** A RegExp call slower than this is stopped growing: the path length it reached is reported instead. */
const REGEXP_BUDGET_MS = QUICK ? 5 : 50;

register();
const src = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { compileGlob, compileRegex } = await src("compiler/phases/path-patterns.ts");
const { compileLinear, compilePatterns, firstMatch, runnableRegex, MAX_MATCH_PATH_CHARS } = await src("core/path-match.ts");
const { costOf, storedPatternProblem, MAX_PATTERN_COST } = await src("core/pattern-check.ts");
const { translateGlob } = await src("core/glob-to-re2.ts");
const { simpleMatcher } = await src("core/glob-shapes.ts");

/** Every glob and allowRegex written in the fixtures' YAML sources (modes' edits, rules' and blocks' when.paths). */
function fixturePatterns() {
  const found = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.ya?ml$/.test(name)) {
        let doc;
        try {
          doc = parse(readFileSync(path, "utf8"), { logLevel: "silent" });
        } catch {
          continue;
        }
        const from = relative(ROOT, path);
        const add = (kind, list) => {
          for (const source of Array.isArray(list) ? list : []) if (typeof source === "string") found.push({ kind, source, from });
        };
        add("glob", doc?.edits?.allow);
        add("glob", doc?.edits?.deny);
        add("regex", doc?.edits?.allowRegex);
        add("glob", doc?.when?.paths);
        for (const u of Array.isArray(doc?.systemUpdates) ? doc.systemUpdates : []) add("glob", u?.when?.paths);
      }
    }
  };
  walk(join(ROOT, "test", "fixtures"));
  walk(join(ROOT, "examples"));
  return found;
}

/** Patterns chosen to make a backtracking matcher work hard: many stars, globstars, braces, and nested repeats. */
const ADVERSARIAL_GLOBS = [
  "**/*a*a*a*a*a*a*a*b",
  "*a*a*a*a*a*a*a*a*a*a*b",
  "**/**/**/**/**/**/x",
  "**/a/**/a/**/a/**/b",
  "{a,aa}{a,aa}{a,aa}{a,aa}{a,aa}*b",
  "[a-z]*[a-z]*[a-z]*[a-z]*[a-z]*!",
  "**/*.{a,b,c,d,e,f,g,h,i,j}*.{a,b,c}",
  "@(a|aa)@(a|aa)@(a|aa)*b",
];
/** Expressions the build refuses, as a hand-crafted bundle could still hold them (RegExp is exponential on these). */
const HOSTILE_REGEXES = [
  { label: "*(*a), as picomatch compiles it", regex: "^(?:(?:[^/]*?a)*)$", kind: "glob" },
  { label: "allowRegex ^(a+)+$", regex: "^(a+)+$", kind: "regex" },
  { label: "allowRegex ^(a|a)*$", regex: "^(a|a)*$", kind: "regex" },
  { label: "allowRegex ^(\\w+\\/?)*$", regex: "^(\\w+\\/?)*$", kind: "regex" },
];

/**
 * Paths a backtracking matcher chokes on, each as a function of its length: long runs of one character that fail at
 * the very end, deep trees, and dotted names.
 */
const SHAPES = [
  (n) => "a".repeat(n - 1) + "!",
  (n) => "a".repeat(n),
  (n) => "a/".repeat(n).slice(0, n - 1) + "b",
  (n) => "aa/".repeat(n).slice(0, n - 1) + "!",
  (n) => `${"a".repeat(40)}/`.repeat(n).slice(0, n - 1) + "x",
  (n) => "a.".repeat(n).slice(0, n - 2) + "ab",
];
/** Median time of one call over REPS runs, in ms, after one untimed call (compilation and first-call costs aside). */
function timeCall(fn) {
  fn();
  const times = [];
  for (let i = 0; i < REPS; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/** The worst median over every shape at the full length. */
function worstRe2(compiled) {
  return Math.max(...SHAPES.map((shape) => timeCall(() => firstMatch(compiled, shape(MAX_PATH)))));
}

/**
 * RegExp's worst median over every shape. An exponential expression would run for years at the full length, so each
 * shape is first grown from 8 characters (one call per length: +4 characters while a call is cheap, +1 once it is
 * not, as the time may grow 4x per character) and the growth stops at the first call over the budget.
 */
function worstRegExp(re) {
  let worst = 0;
  for (const shape of SHAPES) {
    for (let n = 8; ; ) {
      const t0 = performance.now();
      re.test(shape(n));
      const t = performance.now() - t0;
      if (t > REGEXP_BUDGET_MS) return { worst: Math.max(worst, t), stoppedAt: n };
      if (n === MAX_PATH) break;
      n = Math.min(MAX_PATH, n + (t < 0.05 ? 4 : 1));
    }
    worst = Math.max(
      worst,
      timeCall(() => re.test(shape(MAX_PATH))),
    );
  }
  return { worst, stoppedAt: null };
}

const fixtures = fixturePatterns();
const rows = [];
let refused = 0;
const seen = new Set();
const entries = [...fixtures.map((f) => ({ ...f, set: "fixture" })), ...ADVERSARIAL_GLOBS.map((source) => ({ kind: "glob", source, set: "adversarial" }))];
for (const e of entries) {
  const key = `${e.kind}\u0000${e.source}`;
  if (seen.has(key)) continue;
  seen.add(key);
  const result = e.kind === "glob" ? compileGlob(e.source) : compileRegex(e.source);
  if (!result.ok || (e.kind === "regex" && result.backtracking)) {
    refused++;
    continue;
  }
  const original = e.kind === "glob" ? picomatch.makeRe(e.source, { dot: true, strictBrackets: true }) : new RegExp(e.source);
  const re2 = worstRe2(compilePatterns([result.pattern]));
  rows.push({ set: e.set, label: e.kind === "glob" ? e.source : `/${e.source}/`, re2, regexp: worstRegExp(original) });
}
for (const h of HOSTILE_REGEXES) {
  const compiled = compilePatterns([{ kind: h.kind, source: "x", regex: h.regex }]);
  rows.push({ set: "hand-crafted", label: h.label, re2: worstRe2(compiled), regexp: worstRegExp(new RegExp(h.regex)) });
}

const ms = (t) => (t < 0.01 ? `${(t * 1000).toFixed(2)} µs` : t < 1 ? `${(t * 1000).toFixed(0)} µs` : `${t.toFixed(1)} ms`);
console.log(
  `path patterns: worst median of ${REPS} call(s) per path, paths up to ${MAX_PATH} chars (forge tests at most ${MAX_MATCH_PATH_CHARS})${QUICK ? " [--quick]" : ""}`,
);
console.log(`${"set".padEnd(13)}${"pattern".padEnd(40)}${"RE2 (forge)".padStart(13)}${"RegExp".padStart(30)}`);
for (const r of rows) {
  const regexp = r.regexp.stoppedAt === null ? ms(r.regexp.worst) : `${ms(r.regexp.worst)} at ${r.regexp.stoppedAt} chars, stopped`;
  console.log(`${r.set.padEnd(13)}${r.label.slice(0, 39).padEnd(40)}${ms(r.re2).padStart(13)}${regexp.padStart(30)}`);
}
const worst = rows.reduce((a, r) => (r.re2 > a.re2 ? r : a), rows[0]);
const fixtureRows = rows.filter((r) => r.set === "fixture");
const fixtureRe2 = Math.max(...fixtureRows.map((r) => r.re2));
const fixtureRegExp = Math.max(...fixtureRows.map((r) => r.regexp.worst));
console.log(`\n${rows.length} patterns (${fixtureRows.length} from fixtures; ${refused} refused by forge build, not timed)`);
console.log(`worst RE2 call: ${ms(worst.re2)} (${worst.label}); target <= 1 ms: ${worst.re2 <= 1 ? "met" : "MISSED"}`);
console.log(`fixture patterns, worst call: RE2 ${ms(fixtureRe2)}, RegExp ${ms(fixtureRegExp)} (${(fixtureRe2 / Math.max(fixtureRegExp, 1e-6)).toFixed(1)}x)`);
const stalled = rows.filter((r) => r.regexp.stoppedAt !== null);
if (stalled.length > 0)
  console.log(
    `RegExp passed ${ms(REGEXP_BUDGET_MS)} per call on ${stalled.length} pattern(s) before the path reached ${MAX_PATH} chars; RE2 stayed linear on all`,
  );

// The worst bundles the bounds allow (issue 31): what they add to a Pi start (checked and compiled once per bundle
// load, as the runtime does) and to an edit call (every pattern tried on a 1,024-character path that matches none).
const worstSets = timeWorstBundles(worstBundles({ costOf, translateGlob, budget: MAX_PATTERN_COST }), {
  check: (patterns) => patterns.map((p) => storedPatternProblem(p)),
  compileFresh: (patterns) =>
    patterns.map((pattern) => {
      const regex = runnableRegex(pattern);
      return { pattern, re: regex === null ? null : ((pattern.kind === "glob" ? simpleMatcher(regex) : null) ?? compileLinear(regex)) };
    }),
  firstMatch,
  paths: SHAPES.map((shape) => shape(MAX_MATCH_PATH_CHARS)),
  reps: QUICK ? 3 : 9,
});
const LOAD_TARGET_MS = 50;
console.log(`\nthe worst bundles the bounds allow (patterns costing at most ${MAX_PATTERN_COST.toLocaleString("en-US")}), on Node ${process.versions.node}:`);
for (const w of worstSets)
  console.log(`  ${w.label.padEnd(40)} ${String(w.count).padStart(5)} patterns, cost ${w.total}: load ${ms(w.load)}, worst edit call ${ms(w.call)}`);
const worstLoad = worstSets.reduce((a, w) => (w.load > a.load ? w : a));
const worstCall = worstSets.reduce((a, w) => (w.call > a.call ? w : a));
console.log(`worst load ${ms(worstLoad.load)} (${worstLoad.label}); target <= ${LOAD_TARGET_MS} ms: ${worstLoad.load <= LOAD_TARGET_MS ? "met" : "MISSED"}`);
console.log(`worst edit call ${ms(worstCall.call)} (${worstCall.label}); target <= 1 ms: ${worstCall.call <= 1 ? "met" : "MISSED"}`);

const TARGET_MS = 1;
recordFigures(import.meta.url, {
  rows: [
    {
      what: `the worst bundle the pattern bounds allow (cost <= ${MAX_PATTERN_COST}), Node ${process.versions.node}: added to a Pi start`,
      run: "median of the checks and a fresh compilation of every pattern",
      figure: `${ms(worstLoad.load)} (${worstLoad.label})`,
      baseline: "the review's bundle before the bound: 64 allowRegex of 1,000 characters stalled the first edit 12-16 s",
      target: `<= ${LOAD_TARGET_MS} ms`,
      met: worstLoad.load <= LOAD_TARGET_MS,
      values: { worstLoadMs: worstLoad.load },
    },
    {
      what: `the worst bundle the pattern bounds allow, Node ${process.versions.node}: one edit call, every pattern tried on a 1,024-character path`,
      run: "worst median over the path shapes",
      figure: `${ms(worstCall.call)} (${worstCall.label})`,
      baseline: "none (a call did not compile before the bound: the first one compiled everything)",
      target: `<= ${TARGET_MS} ms per call`,
      met: worstCall.call <= TARGET_MS,
      values: { worstCallMs: worstCall.call },
    },
    {
      what: `worst path-pattern call, ${rows.length} patterns (${fixtureRows.length} from the test fixtures, the rest a generated adversarial set), paths up to ${MAX_PATH} characters`,
      run: `worst median of ${REPS} calls per path`,
      figure: `RE2 ${ms(worst.re2)} (${worst.label}); fixture patterns RE2 ${ms(fixtureRe2)}`,
      baseline: `the same patterns in RegExp: fixture patterns ${ms(fixtureRegExp)}${stalled.length > 0 ? `; ${stalled.length} adversarial pattern(s) passed ${ms(REGEXP_BUDGET_MS)} per call before ${MAX_PATH} characters` : ""}`,
      target: `<= ${TARGET_MS} ms per call`,
      met: worst.re2 <= TARGET_MS,
      values: { worstRe2Ms: worst.re2, fixtureRe2Ms: fixtureRe2, fixtureRegExpMs: fixtureRegExp, regexpStalled: stalled.length },
    },
  ],
});
