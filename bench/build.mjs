// Bench (not a test): whole-process wall time of a cold `forge build` and a no-op rebuild of a synthetic repo, vs `node -e 0`,
// and a one-file edit rebuilt by `forge build --watch` (in process, the watcher's own rebuild) against that cold build,
// in wall and in CPU time (the cold build's own, read at its exit: bench/support/child-cpu.mjs).
// A full run also times rulesync 17's cold `generate` of as many rules beside the cold builds (bench/support/rulesync-peer.mjs).
// `--quick`: the same runs on a 50-mode repo, once (the edit twice), without rulesync.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { register } from "tsx/esm/api";
import { median, QUICK, recordFigures, runCount } from "./support/bench-kit.mjs";
import { childCpu } from "./support/child-cpu.mjs";
import {
  clearRulesyncOutputs,
  countRulesyncOutputs,
  generateRulesyncProject,
  installRulesync,
  RULESYNC_TARGET,
  rulesyncGenerate,
} from "./support/rulesync-peer.mjs";
import { generateSyntheticRepo } from "./support/synthetic-repo.mjs";

const REPO = join(dirname(fileURLToPath(import.meta.url)), "..");
const CLI = join(REPO, "dist", "cli.js");
const MODES = QUICK ? 50 : 1000;
const PRESETS = QUICK ? 10 : 200;
const PARTIALS = QUICK ? 5 : 50;
const RUNS = runCount(7);
/** Issue 36: a cold build of the 1,000-mode repo in at most 0.8 s and at most 12x `node -e 0`. */
const TARGET_COLD_S = 0.8;
const TARGET_COLD_RATIO = 12;
const TARGET_NOOP_S = 0.3;
/** An incremental rebuild after a one-file edit, as a share of a cold `forge build`. */
const TARGET_EDIT_SHARE = 0.1;
const EDIT_RUNS = runCount(7, 2);
/** Issue 36: a build after a one-file edit in a small project, in times `node -e 0`. */
const TARGET_PARTIAL_EDIT = 2;

if (!existsSync(CLI)) {
  console.error(`bench/build: ${CLI} is missing; run \`node scripts/build.mjs\` first`);
  process.exit(1);
}

/** The synthetic repo of this bench (bench/support/synthetic-repo.mjs; bench/forge-test.mjs tests the same one). */
function generateRepo(root) {
  return generateSyntheticRepo(root, { modes: MODES, presets: PRESETS, partials: PARTIALS, quick: QUICK });
}

function timeRun(args, cwd, extraEnv = {}) {
  const cpu = childCpu();
  const env = { ...process.env, NO_COLOR: "1", FORGE_CACHE_DIR: cacheDir, ...extraEnv, ...cpu.env };
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { cwd, encoding: "utf8", env });
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return { seconds, cpuSeconds: r.status === null ? Number.NaN : cpu.read() / 1000, status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * The watcher's rebuild (compiler/io/watch-build.ts watchRebuilds, what `build --watch` runs on each change; the 50 ms
 * debounce and the file-system event are not counted) after editing one line of one mode, timed in this process: the
 * incremental rebuild of one watch session, and a full one (a fresh session's first rebuild, what every save cost before).
 * Afterwards `forge build --check` must find the bundle fresh: the incremental rebuilds wrote what a cold build writes.
 */
async function measureEdits(repo, bundlePath) {
  register();
  const src = (path) => import(pathToFileURL(join(REPO, path)).href);
  const { watchRebuilds } = await src("compiler/io/watch-build.ts");
  const { resolveTarget } = await src("compiler/io/forge-target.ts");
  const { settingsFor } = await src("compiler/cli/build-command.ts");
  const env = { ...process.env, PI_CODING_AGENT_DIR: join(root, "agent") };
  const io = { stdout: process.stdout, stderr: process.stderr, env, cwd: repo };
  const target = resolveTarget({}, env, repo);
  const settings = settingsFor(target, false, io);
  const modeFile = (k) => join(dirname(bundlePath), "modes", `mode-${k}.yaml`);
  let edits = 0;
  const editOne = () => {
    const file = modeFile((edits * 37) % MODES);
    writeFileSync(file, readFileSync(file, "utf8").replace(/Step 1[^:]*:/, `Step 1 (edit ${++edits}):`));
  };
  /** Wall seconds of one rebuild; its CPU seconds (this process's, user + system) go to `cpu` when given. */
  const timed = (rebuild, cpu) => {
    const start = process.hrtime.bigint();
    const before = process.cpuUsage();
    const run = rebuild();
    const used = process.cpuUsage(before);
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    if (run.exitCode !== 0 || run.report.status !== "written")
      throw new Error(`the rebuild after an edit did not write: ${JSON.stringify(run.report).slice(0, 2000)}`);
    cpu?.push((used.user + used.system) / 1e6);
    return seconds;
  };
  const session = watchRebuilds(target, settings);
  session(); // the watch's first build
  editOne();
  timed(session); // the first rebuild still parses the bundle the CLI wrote
  const incremental = [];
  const incrementalCpu = [];
  const full = [];
  for (let i = 0; i < EDIT_RUNS; i++) {
    editOne();
    incremental.push(timed(session, incrementalCpu));
    editOne();
    full.push(timed(watchRebuilds(target, settings)));
    // The session saw this edit only through the full rebuild's write: bring it up to date, untimed.
    editOne();
    timed(session);
  }
  const check = timeRun([CLI, "build", "--check"], repo);
  if (check.status !== 0) throw new Error(`after the incremental rebuilds, forge build --check finds the bundle stale:\n${check.stdout}${check.stderr}`);
  return { incremental: median(incremental), incrementalCpu: median(incrementalCpu), full: median(full) };
}

/**
 * The edit loop a person feels: a small project (10 modes, 3 partials), one line of a partial edited, then the whole
 * `forge build` process, alternating with `node -e 0`. The caches are the user's, warm from an earlier build (the
 * no-op cache, the kept token counts): the edited partial's texts are counted anew, the rest are not.
 */
function measurePartialEdits() {
  const small = join(root, "small");
  const bundle = generateSyntheticRepo(small, { modes: 10, presets: 0, partials: 3, quick: true });
  const partial = join(dirname(bundle), "partials", "part-0.md");
  const first = timeRun([CLI, "build"], small);
  if (first.status !== 0) throw new Error(`the small repo does not build:\n${first.stdout}${first.stderr.slice(0, 4000)}`);
  const builds = [];
  const nodes = [];
  for (let i = 0; i < RUNS; i++) {
    nodes.push(timeRun(["-e", "0"], small).seconds);
    writeFileSync(partial, `${readFileSync(partial, "utf8")}- Edited line ${i}: one more rule.\n`);
    const r = timeRun([CLI, "build"], small);
    if (r.status !== 0 || !/wrote/.test(r.stdout)) throw new Error(`the build after a partial edit did not write: ${r.stdout}${r.stderr}`);
    builds.push(r.seconds);
  }
  return { build: median(builds), node: median(nodes) };
}

/**
 * rulesync 17 installed into this run's temp root, a project of MODES rules, and one untimed generate that must write
 * every rule: `{ run(), runs: [] }` to time it, or `{ why }` when it is not compared (the quick pass skips it).
 */
function preparePeer() {
  if (QUICK) return { why: "the quick pass skips it" };
  const installed = installRulesync(root);
  if (installed.why) return installed;
  const dir = generateRulesyncProject(join(root, "rulesync-project"), { rules: MODES, partials: PARTIALS });
  const { args, env } = rulesyncGenerate(installed.cli, dir);
  const peer = { runs: [], cpu: [] };
  peer.run = () => {
    clearRulesyncOutputs(dir);
    const r = timeRun(args, dir, env);
    const wrote = countRulesyncOutputs(dir);
    if (r.status !== 0 || wrote !== MODES)
      return `\`rulesync generate\` exited with ${r.status} and wrote ${wrote} of ${MODES} rule files: ${`${r.stdout}${r.stderr}`.slice(0, 300)}`;
    peer.runs.push(r.seconds);
    peer.cpu.push(r.cpuSeconds);
    return null;
  };
  const failed = peer.run(); // untimed: warms the OS file cache as the first forge build does
  peer.runs.length = 0;
  peer.cpu.length = 0;
  return failed ? { why: failed } : peer;
}

const root = mkdtempSync(join(tmpdir(), "forge-bench-"));
// The no-op cache (compiler/io/build-cache.ts) goes to a private dir, not the user's ~/.cache.
const cacheDir = join(root, "cache");
try {
  const bundlePath = generateRepo(join(root, "repo"));
  const baseline = [];
  const cold = [];
  const coldCpu = [];
  const noop = [];
  const noopUncached = [];
  // Warm the OS file cache and check the repo builds before measuring.
  const repo = dirname(dirname(dirname(bundlePath)));
  const first = timeRun([CLI, "build"], repo);
  if (first.status !== 0) {
    console.error(`bench/build: the synthetic repo does not build:\n${first.stdout}${first.stderr.slice(0, 4000)}`);
    process.exit(1);
  }
  let peer = preparePeer();
  if (peer.why) console.log(`  rulesync not compared: ${peer.why}`);
  for (let i = 0; i < RUNS; i++) {
    baseline.push(timeRun(["-e", "0"], repo).seconds);
    rmSync(bundlePath, { force: true });
    const c = timeRun([CLI, "build"], repo);
    if (c.status !== 0 || !/wrote/.test(c.stdout)) throw new Error(`cold build failed: ${c.stdout}${c.stderr}`);
    cold.push(c.seconds);
    coldCpu.push(c.cpuSeconds);
    const before = statSync(bundlePath).mtimeMs;
    const n = timeRun([CLI, "build"], repo);
    if (n.status !== 0 || !/unchanged/.test(n.stdout)) throw new Error(`no-op build did not report unchanged: ${n.stdout}${n.stderr}`);
    if (statSync(bundlePath).mtimeMs !== before) throw new Error("the no-op build rewrote bundle.json (mtime changed)");
    noop.push(n.seconds);
    // The same no-op with the cache off: compile runs in full and still writes nothing.
    const u = timeRun([CLI, "build"], repo, { FORGE_NO_CACHE: "1" });
    if (u.status !== 0 || !/unchanged/.test(u.stdout)) throw new Error(`uncached no-op build failed: ${u.stdout}${u.stderr}`);
    if (statSync(bundlePath).mtimeMs !== before) throw new Error("the uncached no-op build rewrote bundle.json (mtime changed)");
    noopUncached.push(u.seconds);
    // rulesync's cold generate, in the same rotation so load drift hits it as it hits forge and node.
    const failed = peer.run?.();
    if (failed) {
      peer = { why: failed };
      console.log(`  rulesync not compared: ${failed}`);
    }
  }
  const edit = await measureEdits(repo, bundlePath);
  const partialEdit = measurePartialEdits();
  const partialRatio = partialEdit.build / partialEdit.node;
  console.log(
    `  small project, one partial edited, then forge build: ${Math.round(partialEdit.build * 1000)} ms, ${partialRatio.toFixed(2)}x node -e 0 (${Math.round(partialEdit.node * 1000)} ms; target <= ${TARGET_PARTIAL_EDIT}x)`,
  );
  const b = median(baseline);
  const c = median(cold);
  const cc = median(coldCpu);
  const n = median(noop);
  const nu = median(noopUncached);
  const fmt = (s) => `${Math.round(s * 1000).toLocaleString("en-US")} ms`;
  const verdict = (s, target) => (s < target ? `ok, target < ${target} s` : `OVER target ${target} s`);
  console.log(`bench/build: ${MODES} modes, ${PRESETS} presets, ${PARTIALS} partials; median of ${RUNS} runs (node ${process.version})`);
  console.log(`  node -e 0          ${fmt(b)}`);
  const coldMet = c <= TARGET_COLD_S && c / b <= TARGET_COLD_RATIO;
  const r = peer.why ? null : median(peer.runs);
  const rc = peer.why ? null : median(peer.cpu);
  const rulesyncText = r
    ? `${(c / r).toFixed(2)}× rulesync 17's cold generate of ${MODES.toLocaleString("en-US")} rules (${fmt(r)}, CPU ${fmt(rc)}; target ${RULESYNC_TARGET}, rules only; Node ${process.version})`
    : `rulesync not compared: ${peer.why}`;
  console.log(
    `  cold forge build   ${fmt(c)}  (${(c / b).toFixed(1)}x node -e 0; CPU ${fmt(cc)}; ${coldMet ? "ok" : "OVER"}, target <= ${TARGET_COLD_S} s and <= ${TARGET_COLD_RATIO}x)`,
  );
  if (r)
    console.log(
      `  rulesync generate  ${fmt(r)}  (rulesync 17, cold, ${RULESYNC_TARGET} rules; CPU ${fmt(rc)}; forge's cold build is ${(c / r).toFixed(2)}x it)`,
    );
  console.log(`  no-op rebuild      ${fmt(n)}  (${(n / b).toFixed(1)}x node -e 0; ${verdict(n, TARGET_NOOP_S)}; bundle.json mtime unchanged)`);
  console.log(`  no-op, cache off   ${fmt(nu)}  (${(nu / b).toFixed(1)}x node -e 0; full compile, nothing written; FORGE_NO_CACHE=1)`);
  const share = edit.incremental / c;
  const cpuShare = edit.incrementalCpu / cc;
  const editMet = share <= TARGET_EDIT_SHARE && cpuShare <= TARGET_EDIT_SHARE;
  console.log(
    `  one-file edit, --watch rebuild  ${fmt(edit.incremental)}  (${(share * 100).toFixed(1)}% of a cold build; CPU ${fmt(edit.incrementalCpu)}, ${(cpuShare * 100).toFixed(1)}% of its CPU; ${editMet ? "ok" : "OVER"}, target <= ${TARGET_EDIT_SHARE * 100}% in both; a full rebuild in the same process: ${fmt(edit.full)})`,
  );
  const run = `median of ${RUNS} run${RUNS === 1 ? "" : "s"}`;
  const shape = `${MODES.toLocaleString("en-US")} modes, ${PRESETS} presets, ${PARTIALS} partials`;
  recordFigures(import.meta.url, {
    rows: [
      {
        what: "one line of a partial edited in a small project (10 modes, 3 partials), then `forge build` (whole process, caches warm)",
        run: `median of ${RUNS} run${RUNS === 1 ? "" : "s"}, alternating with \`node -e 0\``,
        figure: `${Math.round(partialEdit.build * 1000).toLocaleString("en-US")} ms`,
        baseline: `\`node -e 0\`: ${Math.round(partialEdit.node * 1000).toLocaleString("en-US")} ms (${partialRatio.toFixed(2)}×)`,
        target: `≤ ${TARGET_PARTIAL_EDIT}× \`node -e 0\``,
        met: partialRatio <= TARGET_PARTIAL_EDIT,
        values: { buildMs: partialEdit.build * 1000, nodeMs: partialEdit.node * 1000, ratio: partialRatio },
      },
      {
        what: `cold \`forge build\` of ${shape}`,
        run,
        figure: `${fmt(c)} whole process (CPU ${fmt(cc)})`,
        baseline: `\`node -e 0\`: ${fmt(b)} (${(c / b).toFixed(1)}×); ${rulesyncText}`,
        target: `≤ ${TARGET_COLD_S.toFixed(1)} s and ≤ ${TARGET_COLD_RATIO}× \`node -e 0\``,
        met: coldMet,
        values: {
          coldMs: c * 1000,
          coldCpuMs: cc * 1000,
          nodeMs: b * 1000,
          ratio: c / b,
          ...(r ? { rulesyncMs: r * 1000, rulesyncCpuMs: rc * 1000, rulesyncRatio: c / r } : {}),
        },
      },
      {
        what: "one-file edit rebuilt by `forge build --watch` (the same repo, one line of one mode; read, compile, write)",
        run: `median of ${EDIT_RUNS} edit${EDIT_RUNS === 1 ? "" : "s"}, beside the cold builds`,
        figure: `${fmt(edit.incremental)} (${(share * 100).toFixed(1)}% of a cold build); CPU ${fmt(edit.incrementalCpu)} (${(cpuShare * 100).toFixed(1)}% of its CPU); a full rebuild in the same process: ${fmt(edit.full)}`,
        baseline: `cold \`forge build\`: ${fmt(c)} (CPU ${fmt(cc)})`,
        target: `≤ ${TARGET_EDIT_SHARE * 100}% of a cold build, in wall and in CPU time`,
        met: editMet,
        values: { editMs: edit.incremental * 1000, editCpuMs: edit.incrementalCpu * 1000, fullRebuildMs: edit.full * 1000, coldMs: c * 1000, share, cpuShare },
      },
      {
        what: "no-op rebuild of the same repo (writes nothing, mtime checked)",
        run,
        figure: `${fmt(n)} (${fmt(nu)} with \`FORGE_NO_CACHE=1\`)`,
        baseline: `\`node -e 0\` (${(n / b).toFixed(1)}×; cache off ${(nu / b).toFixed(1)}×)`,
        target: `< ${TARGET_NOOP_S} s`,
        met: n < TARGET_NOOP_S,
        values: { noopMs: n * 1000, noopUncachedMs: nu * 1000, ratio: n / b },
      },
    ],
  });
} finally {
  rmSync(root, { recursive: true, force: true });
}
