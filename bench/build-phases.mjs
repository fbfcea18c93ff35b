// Bench (not a test): where a cold `forge build` of the synthetic repo spends its time, by compile phase. Each sample is
// a fresh Node process running what `forge build` runs (compiler/io/run-build.ts: read, compile, write), bundled as
// dist/cli.js is (esbuild, the rank table and RE2 from dist/), with the compile's phases timed one by one; `node -e 0`
// alternates with it as the baseline. Afterwards `forge build --check` must find the written bundle fresh (so the timed
// phases built what compile() builds). `--quick`: a 50-mode repo, once.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { median, QUICK, recordFigures, runCount } from "./support/bench-kit.mjs";
import { generateSyntheticRepo } from "./support/synthetic-repo.mjs";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");
const CLI = join(REPO, "dist", "cli.js");
const SHAPE = QUICK ? { modes: 50, presets: 10, partials: 5, quick: true } : { modes: 1000, presets: 200, partials: 50, quick: false };
const RUNS = runCount(7);
/** Issue 36's cold-build targets: seconds, and times `node -e 0` in the same run. */
const TARGET_S = 0.8;
const TARGET_RATIO = 12;
const PHASES = [
  "1-decode",
  "2-parse",
  "3-validate",
  "4-context",
  "5-libraries",
  "6-extends",
  "7-link",
  "8-paths",
  "9-lower",
  "10-tokens",
  "11-policy",
  "12-emit",
];

/** The sample: compile.ts's phases in its order, each timed, handed to runBuild as its compiler (the one seam it has). */
const RUNNER = `
const startMs = performance.now();
import { decodeSources } from "${REPO}/compiler/phases/1-decode.ts";
import { parseSources } from "${REPO}/compiler/phases/2-parse.ts";
import { validateSources } from "${REPO}/compiler/phases/3-validate.ts";
import { compileContextFiles } from "${REPO}/compiler/phases/4-context.ts";
import { layerLibraries } from "${REPO}/compiler/phases/5-libraries.ts";
import { resolveExtends } from "${REPO}/compiler/phases/6-extends.ts";
import { linkSources } from "${REPO}/compiler/phases/7-link.ts";
import { compilePaths } from "${REPO}/compiler/phases/8-paths.ts";
import { lowerTemplates } from "${REPO}/compiler/phases/9-lower.ts";
import { countBundleTokens } from "${REPO}/compiler/phases/10-tokens.ts";
import { checkPolicies } from "${REPO}/compiler/phases/11-policy.ts";
import { emitBundle } from "${REPO}/compiler/phases/12-emit.ts";
import { emitBundleText } from "${REPO}/compiler/phases/bundle-text.ts";
import { startPipeline } from "${REPO}/compiler/phases/pipeline.ts";
import { resolveTarget } from "${REPO}/compiler/io/forge-target.ts";
import { settingsFor } from "${REPO}/compiler/cli/build-command.ts";
import { runBuild } from "${REPO}/compiler/io/run-build.ts";
const loadedMs = performance.now();
const phases = {};
function timedCompile(tree, options) {
  const run = startPipeline(options);
  const step = (name, phase, input) => { const s = performance.now(); const v = run.through(phase, input); phases[name] = performance.now() - s; return v; };
  const decoded = step("1-decode", decodeSources, tree);
  const parsed = step("2-parse", parseSources, decoded);
  const validated = step("3-validate", validateSources, parsed);
  const context = step("4-context", compileContextFiles, validated);
  const layered = step("5-libraries", layerLibraries, context);
  const resolved = step("6-extends", resolveExtends, layered);
  const linked = step("7-link", linkSources, resolved);
  const pathed = step("8-paths", compilePaths, linked);
  const lowered = step("9-lower", lowerTemplates, pathed);
  const counted = step("10-tokens", countBundleTokens, lowered);
  const checked = step("11-policy", checkPolicies, counted);
  const s = performance.now();
  const emitted = run.finish(emitBundle, checked);
  phases["12-emit"] = performance.now() - s;
  return { bundle: emitted.value, diagnostics: emitted.diagnostics };
}
const cwd = process.cwd();
const io = { stdout: process.stdout, stderr: process.stderr, env: process.env, cwd };
const target = resolveTarget({}, process.env, cwd);
const settings = { ...settingsFor(target, false, io), cacheDir: null, incremental: { compile: timedCompile, bundleText: emitBundleText, bundleOf: () => null } };
const built = performance.now();
const result = runBuild(target, settings);
const doneMs = performance.now();
if (result.exitCode !== 0 || result.report.status !== "written") throw new Error("the build did not write: " + JSON.stringify(result.report).slice(0, 2000));
process.stdout.write(JSON.stringify({ startMs, loadMs: loadedMs - startMs, setupMs: built - loadedMs, buildMs: doneMs - built, totalMs: doneMs, phases }));
`;

function runNode(args, cwd, env = {}) {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd, encoding: "utf8", env: { ...process.env, NO_COLOR: "1", ...env } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`node ${args.join(" ")} failed:\n${r.stdout}${r.stderr.slice(0, 4000)}`);
  return { ms, stdout: r.stdout };
}

const root = mkdtempSync(join(tmpdir(), "forge-bench-phases-"));
try {
  const bundlePath = generateSyntheticRepo(join(root, "repo"), SHAPE);
  const repo = dirname(dirname(dirname(bundlePath)));
  const runner = join(root, "runner.mjs");
  // Bundled as scripts/build.mjs bundles the CLI: the same defines, dist/'s rank table and RE2 by absolute path.
  await build({
    stdin: { contents: RUNNER, resolveDir: REPO, loader: "ts", sourcefile: "build-phases-runner.ts" },
    outfile: runner,
    bundle: true,
    platform: "node",
    target: "node20",
    format: "esm",
    logLevel: "warning",
    define: {
      FORGE_VERSION: JSON.stringify(JSON.parse(readFileSync(join(REPO, "package.json"), "utf8")).version),
      FORGE_RE2: JSON.stringify(join(REPO, "dist/re2.cjs")),
      FORGE_RANKS: JSON.stringify(join(REPO, "dist/o200k_base.cjs")),
      FORGE_CLI_ENTRY: JSON.stringify(CLI),
    },
    banner: { js: "import { createRequire as __forgeCreateRequire } from 'node:module';\nconst require = __forgeCreateRequire(import.meta.url);" },
  });
  const env = { PI_CODING_AGENT_DIR: join(root, "agent"), FORGE_CACHE_DIR: join(root, "cache") };
  if (!QUICK) runNode([runner], repo, env); // warms the OS file cache
  const samples = [];
  const baseline = [];
  for (let i = 0; i < RUNS; i++) {
    baseline.push(runNode(["-e", "0"], repo).ms);
    rmSync(bundlePath, { force: true });
    const r = runNode([runner], repo, env);
    samples.push({ ...JSON.parse(r.stdout), processMs: r.ms });
  }
  runNode([CLI, "build", "--check"], repo, env); // fails unless the timed build wrote what forge build writes
  const med = (f) => median(samples.map(f));
  const processMs = med((s) => s.processMs);
  const nodeMs = median(baseline);
  const rows = [
    ["Node's start and the compiler's modules", med((s) => s.startMs + s.loadMs)],
    ["settings (targets, built-in bundle, layers above)", med((s) => s.setupMs)],
    ...PHASES.map((p) => [`phase ${p}`, med((s) => s.phases[p])]),
    ["read sources, libraries, write the bundle", med((s) => s.buildMs - PHASES.reduce((sum, p) => sum + s.phases[p], 0))],
    ["the process's exit (spawned and reaped)", med((s) => s.processMs - s.totalMs)],
  ];
  const fmt = (ms) => `${Math.round(ms).toLocaleString("en-US")} ms`;
  const shape = `${SHAPE.modes.toLocaleString("en-US")} modes, ${SHAPE.presets} presets, ${SHAPE.partials} partials`;
  console.log(`bench/build-phases: a cold forge build of ${shape}, median of ${RUNS} fresh processes (node ${process.version})`);
  console.log(`  whole process ${fmt(processMs)}, node -e 0 ${fmt(nodeMs)} (${(processMs / nodeMs).toFixed(1)}x)`);
  for (const [what, ms] of rows) console.log(`  ${what.padEnd(52)} ${fmt(ms).padStart(9)}  ${((ms / processMs) * 100).toFixed(1)}%`);
  const ratio = processMs / nodeMs;
  const met = processMs / 1000 <= TARGET_S && ratio <= TARGET_RATIO;
  const run = `median of ${RUNS} fresh process${RUNS === 1 ? "" : "es"}`;
  recordFigures(import.meta.url, {
    rows: [
      {
        what: `cold \`forge build\` of ${shape}, whole process, its phases timed (bench/build-phases table)`,
        run,
        figure: fmt(processMs),
        baseline: `\`node -e 0\`: ${fmt(nodeMs)} (${ratio.toFixed(1)}×)`,
        target: `≤ ${TARGET_S} s and ≤ ${TARGET_RATIO}× \`node -e 0\``,
        met,
        values: { processMs, nodeMs, ratio },
      },
    ],
    tables: [
      {
        id: "build-phases",
        run: `${run}, a cold \`forge build\` of ${shape}`,
        columns: ["part", "median", "share of the process"],
        align: ["---", "--:", "--:"],
        rows: rows.map(([what, ms]) => [what, fmt(ms), `${((ms / processMs) * 100).toFixed(1)}%`]),
      },
    ],
  });
} finally {
  rmSync(root, { recursive: true, force: true });
}
