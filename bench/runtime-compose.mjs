// Bench: per-turn composition with 10 overlays (cached, uncached, whole before_agent_start), replay of a 100,000-entry
// branch, and the size of dist/extension.js. Targets: < 100 µs per turn, < 50 ms replay, ≤ 150 KB. Not a test: prints figures.
// `--quick`: the same calls, a hundredth as many, on a 2,000-entry branch.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { register } from "tsx/esm/api";
import { QUICK, recordFigures, verdict } from "./support/bench-kit.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const EXTENSION = join(ROOT, "dist/extension.js");
const CLI = join(ROOT, "dist/cli.js");
const OVERLAYS = 10;
const BRANCH = QUICK ? 2_000 : 100_000;
/** Calls per timing round: a hundredth in the quick pass. */
const calls = (n) => (QUICK ? Math.max(10, n / 100) : n);
const TARGET_TURN_US = 100;
const TARGET_REPLAY_MS = 50;
/** Issue 36: the extension ≤ 150 KB (RE2 beside it in dist/re2.cjs, loaded on the first path pattern, is not counted). */
const TARGET_SIZE_KB = 150;

if (!existsSync(EXTENSION) || !existsSync(CLI)) {
  console.error("bench/runtime-compose: dist/ is missing; run node scripts/build.mjs");
  process.exit(1);
}

// The pure runtime and core modules, straight from the TypeScript sources.
register();
const src = (path) => import(pathToFileURL(join(ROOT, path)).href);
const { loadBundleFile } = await src("io/bundle-file.ts");
const { buildCatalog } = await src("core/component-catalog.ts");
const { composeSelection } = await src("core/composition.ts");
const { createComposeCache } = await src("runtime/compose-cache.ts");
const { createStateEntry, resolveRequest } = await src("core/selection.ts");
const { buildPromptVars } = await src("core/template.ts");
const { legacyHostAdapter, sectionsHostAdapter } = await src("runtime/host-adapter/index.ts");
const { reduceBranch, MODE_STATE_TYPE } = await src("core/mode-state-reducer.ts");
// The shipped artifact, for the whole handler path.
const { createForgeExtension } = await import(pathToFileURL(EXTENSION).href);

const dir = mkdtempSync(join(tmpdir(), "forge-bench-compose-"));
const agentDir = join(dir, "agent");
const cwd = join(dir, "cwd");
mkdirSync(cwd, { recursive: true });

/** Ten ~600-character overlays in the global scope (no trust needed), two with template slots; built by the real CLI. */
function buildGlobalBundle() {
  const modes = join(agentDir, "forge", "modes");
  mkdirSync(modes, { recursive: true });
  const body = "Keep each change small and verified; name the files you touched and the commands you ran. ".repeat(6);
  for (let i = 0; i < OVERLAYS; i++) {
    const slot = i % 5 === 0 ? " Working directory: {{cwd}}; today is {{date}}." : "";
    writeFileSync(
      join(modes, `overlay-${i}.yaml`),
      `label: Overlay ${i}\ndescription: Bench overlay ${i}.\nstrategy: append\nprompt: ${JSON.stringify(`Overlay ${i}. ${body}${slot}`)}\n`,
    );
  }
  const r = spawnSync(process.execPath, [CLI, "build", "--global"], {
    env: { PATH: process.env.PATH, PI_CODING_AGENT_DIR: agentDir, FORGE_NO_CACHE: "1" },
    encoding: "utf8",
  });
  if (r.status !== 0) throw new Error(`forge build failed\n${r.stdout}${r.stderr}`);
  return join(agentDir, "forge", "bundle.json");
}

/** Mean µs per call over `n` calls, after a warm-up; the median of 5 such rounds. */
function perCall(full, fn) {
  const n = calls(full);
  for (let i = 0; i < Math.min(n, 2000); i++) fn(i);
  const rounds = [];
  for (let r = 0; r < 5; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) fn(i);
    rounds.push(Number(process.hrtime.bigint() - t0) / 1e3 / n);
  }
  return rounds.sort((a, b) => a - b)[2];
}

/** perCall for an async function: each call awaited before the next (a handler's turn is sequential in Pi). */
async function perCallAsync(full, fn) {
  const n = calls(full);
  for (let i = 0; i < Math.min(n, 500); i++) await fn(i);
  const rounds = [];
  for (let r = 0; r < 5; r++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) await fn(i);
    rounds.push(Number(process.hrtime.bigint() - t0) / 1e3 / n);
  }
  return rounds.sort((a, b) => a - b)[2];
}

function medianMs(full, fn) {
  const runs = QUICK ? 1 : full;
  fn();
  const xs = [];
  for (let i = 0; i < runs; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    xs.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return xs.sort((a, b) => a - b)[runs >> 1];
}

const NATIVE = `You are an expert coding assistant.\n${"- a guideline line of Pi's native prompt\n".repeat(120)}Current working directory: ${cwd}`;

try {
  // Size.
  const bytes = statSync(EXTENSION).size;
  const gz = gzipSync(readFileSync(EXTENSION)).length;
  console.log(
    `dist/extension.js: ${bytes} bytes (${(bytes / 1024).toFixed(1)} KB; gzip ${(gz / 1024).toFixed(1)} KB); target ≤ ${TARGET_SIZE_KB} KB -> ${verdict(bytes <= TARGET_SIZE_KB * 1024)}`,
  );

  const bundleFile = buildGlobalBundle();
  const load = loadBundleFile(bundleFile, "global");
  if (load.status !== "ok") throw new Error(load.reason);
  const catalog = buildCatalog({ global: load.bundle });
  const keys = Array.from({ length: OVERLAYS }, (_, i) => `overlay-${i}`);
  const resolved = resolveRequest(catalog, { kind: "keys", keys });
  if (!resolved.ok) throw new Error(resolved.error);
  const state = createStateEntry(catalog, resolved.candidate, { source: "env", now: new Date() });
  const selection = { state, error: null };
  const vars = buildPromptVars({ cwd, now: new Date(), model: { provider: "fake", id: "fake-model" }, os: "linux", preset: null });

  // Composition, pure.
  let sink = 0;
  const uncached = perCall(20_000, () => (sink += composeSelection(catalog, selection, vars).composition.overlays.length));
  const cache = createComposeCache();
  const cached = perCall(200_000, () => (sink += cache(catalog, selection, vars).composition.overlays.length));
  const composition = composeSelection(catalog, selection, vars).composition;
  const legacyApply = perCall(
    50_000,
    () => (sink += legacyHostAdapter.applyComposition({ systemPrompt: NATIVE, systemPromptOptions: { cwd } }, composition).systemPrompt.length),
  );
  const sectionsApply = perCall(50_000, () => {
    const event = { systemPrompt: NATIVE, systemPromptOptions: { cwd, sections: { tools: "t", rules: "r" } } };
    sectionsHostAdapter.applyComposition(event, composition);
    sink += Object.keys(event.systemPromptOptions.sections).length;
  });
  console.log(`compose ${OVERLAYS} overlays (${composition.overlays.reduce((n, o) => n + o.text.length, 0)} chars), per turn:`);
  console.log(`  composeSelection, uncached : ${uncached.toFixed(2)} µs (target < ${TARGET_TURN_US} µs -> ${verdict(uncached < TARGET_TURN_US)})`);
  console.log(`  cached by state            : ${cached.toFixed(3)} µs (target < ${TARGET_TURN_US} µs -> ${verdict(cached < TARGET_TURN_US)})`);
  console.log(`  + host adapter, 0.73.1     : ${legacyApply.toFixed(2)} µs (string concat onto a ${NATIVE.length}-char prompt)`);
  console.log(`  + host adapter, 1.x        : ${sectionsApply.toFixed(2)} µs (writes ${OVERLAYS} sections)`);

  // The whole before_agent_start handler of the shipped bundle (stat check of the bundle files, vars, cache, adapter, footer).
  const handlers = new Map();
  const noop = () => undefined;
  // The session the startup request appends its state entry to (the runtime reads the selection from the branch).
  const live = [];
  const appendEntry = (customType, data) => live.push({ type: "custom", id: `s${live.length}`, customType, data });
  const pi = new Proxy(
    {
      on: (name, fn) => handlers.set(name, [...(handlers.get(name) ?? []), fn]),
      getFlag: noop,
      getActiveTools: () => [],
      getThinkingLevel: () => "off",
      appendEntry,
    },
    { get: (t, name) => (name in t ? t[name] : noop) },
  );
  const env = { PI_CODING_AGENT_DIR: agentDir, PI_MODES: JSON.stringify(keys) };
  createForgeExtension(pi, { env });
  const notices = [];
  const makeCtx = (branch) => ({
    cwd,
    hasUI: false,
    ui: { notify: (m) => notices.push(m), setStatus: noop },
    sessionManager: { getBranch: () => branch },
    model: { provider: "fake", id: "fake-model" },
  });
  const ctx = makeCtx(live);
  for (const h of handlers.get("session_start") ?? []) await h({ reason: "startup" }, ctx);
  // Pi awaits each before_agent_start handler in turn and chains the prompt; so does this.
  const turn = async (event) => {
    let result;
    for (const h of handlers.get("before_agent_start")) {
      const r = await h(event, ctx);
      if (r?.systemPrompt !== undefined) (result = r), (event.systemPrompt = r.systemPrompt);
    }
    return result;
  };
  const probe = await turn({ systemPrompt: NATIVE, systemPromptOptions: { cwd } });
  if (!probe?.systemPrompt?.includes("<forge-overlay-9>"))
    throw new Error(`bench: the handler did not compose the overlays: ${JSON.stringify(probe)?.slice(0, 300)} ${JSON.stringify(notices)}`);
  const legacyTurn = await perCallAsync(5_000, async () => (sink += (await turn({ systemPrompt: NATIVE, systemPromptOptions: { cwd } })).systemPrompt.length));
  const sectionsTurn = await perCallAsync(5_000, async () => {
    const event = { systemPrompt: NATIVE, systemPromptOptions: { cwd, sections: { tools: "t", rules: "r" } } };
    await turn(event);
    sink += Object.keys(event.systemPromptOptions.sections).length;
  });
  console.log(
    `  whole before_agent_start handlers of dist/extension.js: 0.73.1 ${legacyTurn.toFixed(1)} µs, 1.x ${sectionsTurn.toFixed(1)} µs per turn (target < ${TARGET_TURN_US} µs -> ${verdict(Math.max(legacyTurn, sectionsTurn) < TARGET_TURN_US)})`,
  );

  // Replay: a 100,000-entry branch, one forge state entry per 1,000 entries (the newest wins).
  const branch = [];
  for (let i = 0; i < BRANCH; i++) {
    if (i % 1000 === 999)
      branch.push({
        type: "custom",
        id: `e${i}`,
        parentId: `e${i - 1}`,
        customType: MODE_STATE_TYPE,
        data: { ...state, activatedAt: new Date(1_700_000_000_000 + i).toISOString() },
      });
    else
      branch.push({
        type: "message",
        id: `e${i}`,
        parentId: i ? `e${i - 1}` : null,
        message: { role: i % 2 ? "assistant" : "user", content: [{ type: "text", text: `message ${i}` }] },
      });
  }
  const reduce = medianMs(15, () => (sink += reduceBranch(branch).state.overlays.length));
  const replayCtx = makeCtx(branch);
  const sessionStart = await (async () => {
    const xs = [];
    for (let i = 0; i < (QUICK ? 1 : 9); i++) {
      const t0 = process.hrtime.bigint();
      for (const h of handlers.get("session_start")) await h({ reason: "resume" }, replayCtx);
      xs.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    return xs.sort((a, b) => a - b)[xs.length >> 1];
  })();
  console.log(`replay of a ${BRANCH}-entry branch (${BRANCH / 1000} forge state entries):`);
  console.log(`  reduceBranch               : ${reduce.toFixed(2)} ms (target < ${TARGET_REPLAY_MS} ms -> ${verdict(reduce < TARGET_REPLAY_MS)})`);
  console.log(
    `  whole session_start of dist/extension.js (bundle re-read and verified, replay, footer): ${sessionStart.toFixed(2)} ms (target < ${TARGET_REPLAY_MS} ms -> ${verdict(sessionStart < TARGET_REPLAY_MS)})`,
  );
  if (sink === 0) console.log("(sink)");
  const turnRun = QUICK ? "one round" : "median of 5 rounds";
  const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
  recordFigures(import.meta.url, {
    rows: [
      {
        what: `\`before_agent_start\` composition, ${OVERLAYS} overlays`,
        run: turnRun,
        figure: `${uncached.toFixed(1)} µs uncached, ${cached.toFixed(3)} µs cached; whole handlers ${legacyTurn.toFixed(1)} µs (0.73.1), ${sectionsTurn.toFixed(1)} µs (1.x)`,
        baseline: "",
        target: `< ${TARGET_TURN_US} µs per turn`,
        met: Math.max(uncached, legacyTurn, sectionsTurn) < TARGET_TURN_US,
        values: { uncachedUs: uncached, cachedUs: cached, legacyTurnUs: legacyTurn, sectionsTurnUs: sectionsTurn },
      },
      {
        what: `replay of a ${BRANCH.toLocaleString("en-US")}-entry branch`,
        run: QUICK ? "one run" : "median of 15 (\`reduceBranch\`) and 9 (\`session_start\`) runs",
        figure: `${reduce.toFixed(1)} ms (whole \`session_start\` ${sessionStart.toFixed(1)} ms)`,
        baseline: "",
        target: `< ${TARGET_REPLAY_MS} ms`,
        met: Math.max(reduce, sessionStart) < TARGET_REPLAY_MS,
        values: { reduceMs: reduce, sessionStartMs: sessionStart },
      },
      {
        what: "size of \`dist/extension.js\`",
        run: "the build of this run",
        figure: `${kb(bytes)} (${kb(gz)} gzipped)`,
        baseline: "",
        target: `≤ ${TARGET_SIZE_KB} KB`,
        met: bytes <= TARGET_SIZE_KB * 1024,
        values: { bytes, gzipBytes: gz },
      },
    ],
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
