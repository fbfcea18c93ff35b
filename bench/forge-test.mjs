// Bench (not a test): `forge test` on the 1,000-mode repository of bench/build.mjs, side by side in one run: the pure
// tier (200 tests, each on both hosts) against a cold `forge build` of the same repository, and the --pi tier (50 tests
// through the Pi this checkout installs, one process per host) against its target time.
// `--quick`: the 50-mode repository, 20 pure tests and 4 --pi tests, once.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, QUICK, recordFigures, runCount } from "./support/bench-kit.mjs";
import { generateSyntheticRepo } from "./support/synthetic-repo.mjs";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");
const CLI = join(REPO, "dist", "cli.js");
const MODES = QUICK ? 50 : 1000;
const PRESETS = QUICK ? 10 : 200;
const PARTIALS = QUICK ? 5 : 50;
const PURE_TESTS = QUICK ? 20 : 200;
const PI_TESTS = QUICK ? 4 : 50;
const RUNS = runCount(5);
const PI_RUNS = runCount(3);
/** The pure tier of 200 tests within twice a cold build of the same repository. */
const TARGET_PURE_RATIO = 2;
/** 50 tests through Pi on both hosts. */
const TARGET_PI_S = 60;

const root = mkdtempSync(join(tmpdir(), "forge-bench-test-"));
const env = { ...process.env, NO_COLOR: "1", FORGE_CACHE_DIR: join(root, "cache"), HOME: join(root, "home"), PI_CODING_AGENT_DIR: join(root, "agent") };

function timeRun(args, cwd) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, env, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** `count` tests over the presets in turn, each on both hosts; the pure ones keep a snapshot, the --pi ones check text. */
function testFile(count, snapshot) {
  const tests = Array.from({ length: count }, (_, i) => {
    const preset = `preset-${i % PRESETS}`;
    const asserts = snapshot ? `{ contains: ["Switch to careful review"], tokens: { max: 100000 }, snapshot: true }` : `{ contains: ["working in /repo"] }`;
    return `  - name: test-${i}\n    preset: ${preset}\n    updates: [update-${i % PRESETS}]\n    assert: ${asserts}\n`;
  });
  return `tests:\n${tests.join("")}`;
}

try {
  const bundlePath = generateSyntheticRepo(join(root, "repo"), { modes: MODES, presets: PRESETS, partials: PARTIALS, quick: QUICK });
  const repo = dirname(dirname(dirname(bundlePath)));
  mkdirSync(join(repo, ".pi", "forge", "tests"), { recursive: true });
  writeFileSync(join(repo, ".pi", "forge", "tests", "pure.yaml"), testFile(PURE_TESTS, true));
  // The repository's Pi: both hosts and Node 22, as this checkout installs them.
  symlinkSync(join(REPO, "node_modules"), join(repo, "node_modules"), "dir");
  const first = timeRun(["build"], repo);
  if (first.status !== 0) throw new Error(`the synthetic repo does not build:\n${first.stdout}${first.stderr.slice(0, 4000)}`);
  const update = timeRun(["test", "--update"], repo);
  if (update.status !== 0) throw new Error(`forge test --update failed:\n${update.stdout.slice(-4000)}${update.stderr}`);
  const cold = [];
  const pure = [];
  for (let i = 0; i < RUNS; i++) {
    rmSync(bundlePath, { force: true });
    const c = timeRun(["build"], repo);
    if (c.status !== 0 || !/wrote/.test(c.stdout)) throw new Error(`cold build failed: ${c.stdout}${c.stderr}`);
    cold.push(c.seconds);
    const t = timeRun(["test"], repo);
    if (t.status !== 0 || !t.stdout.includes(`${PURE_TESTS * 2} passed`)) throw new Error(`forge test failed:\n${t.stdout.slice(-4000)}${t.stderr}`);
    pure.push(t.seconds);
  }
  // The --pi tests in a file of their own, picked by file: the pure ones stay out of the Pi run.
  const piFile = join(repo, ".pi", "forge", "tests", "pi.yaml");
  writeFileSync(piFile, testFile(PI_TESTS, false));
  const pi = [];
  for (let i = 0; i < PI_RUNS; i++) {
    const t = timeRun(["test", "--pi", piFile], repo);
    if (t.status !== 0 || !t.stdout.includes(`${PI_TESTS * 2} passed`)) throw new Error(`forge test --pi failed:\n${t.stdout.slice(-4000)}${t.stderr}`);
    pi.push(t.seconds);
  }
  const c = median(cold);
  const p = median(pure);
  const q = median(pi);
  const ratio = p / c;
  const fmt = (s) => `${Math.round(s * 1000).toLocaleString("en-US")} ms`;
  const shape = `${MODES.toLocaleString("en-US")} modes, ${PRESETS} presets`;
  console.log(`bench/forge-test: ${shape}; ${PURE_TESTS} pure tests and ${PI_TESTS} --pi tests, each on both hosts (node ${process.version})`);
  console.log(`  cold forge build        ${fmt(c)}`);
  console.log(`  forge test (pure tier)  ${fmt(p)}  (${ratio.toFixed(2)}x a cold build; target <= ${TARGET_PURE_RATIO}x)`);
  console.log(`  forge test --pi         ${fmt(q)}  (target <= ${TARGET_PI_S} s; one Pi process per host)`);
  recordFigures(import.meta.url, {
    rows: [
      {
        what: `\`forge test\` (pure tier), ${PURE_TESTS} tests on both hosts (${PURE_TESTS * 2} results, snapshots compared) of ${shape}`,
        run: `median of ${RUNS} run${RUNS === 1 ? "" : "s"}, each beside a cold build`,
        figure: `${fmt(p)} whole process (${ratio.toFixed(2)}× a cold build)`,
        baseline: `cold \`forge build\` of the same repo: ${fmt(c)}`,
        target: `≤ ${TARGET_PURE_RATIO}× a cold build`,
        met: ratio <= TARGET_PURE_RATIO,
        values: { pureMs: p * 1000, coldMs: c * 1000, ratio },
      },
      {
        what: `\`forge test --pi\`, ${PI_TESTS} tests on Pi 0.73.1 and 1.x (${PI_TESTS * 2} captured requests, one Pi process per host)`,
        run: `median of ${PI_RUNS} run${PI_RUNS === 1 ? "" : "s"}, in the same run as the pure tier`,
        figure: `${fmt(q)} whole process`,
        baseline: `the pure tier of ${PURE_TESTS} tests: ${fmt(p)}`,
        target: `≤ ${TARGET_PI_S} s`,
        met: q <= TARGET_PI_S,
        values: { piMs: q * 1000, pureMs: p * 1000 },
      },
    ],
  });
} finally {
  rmSync(root, { recursive: true, force: true });
}
