// Bench: whole-process CPU and wall time of `pi -p hi` (0.73.1 on Node 20 and 1.x on Node 22, fake server) with
// dist/extension.js vs a trivial extension. Alternating runs, medians and the ratios; target (issue 36): forge's start at
// most 1.03x the trivial extension's CPU time. CPU is the process's own (user + system), which a preload
// (bench/support/cpu-at-exit.cjs) reads at exit: less noisy than wall time on a shared machine. Not a test: prints figures.
// `--quick`: the cache-warm series only, one run of each, no warm-up.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { median, QUICK, recordFigures, runCount } from "./support/bench-kit.mjs";
import { childCpu } from "./support/child-cpu.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const CLI = join(ROOT, "node_modules/@mariozechner/pi-coding-agent/dist/cli.js");
/** The hosts as scripts/demo/pi-host.ts runs them: 0.73.1 on this Node (20), 1.x on the node@22 package's. */
const LEGACY = { label: "0.73.1", node: process.execPath, cli: CLI };
const MODERN = {
  label: "1.x",
  node: join(ROOT, "node_modules/node/bin/node"),
  cli: join(ROOT, "node_modules/@earendil-works/pi-coding-agent/dist/bundle/cli.js"),
};
const EXTENSION = join(ROOT, "dist/extension.js");
const RUNS = runCount(15);
/** Issue 36: forge's start at most 3% over a trivial extension's, in CPU time. */
const TARGET = 1.03;

if (!existsSync(EXTENSION)) {
  console.error("bench/runtime-startup: dist/extension.js is missing; run node scripts/build.mjs");
  process.exit(1);
}
if (!process.versions.node.startsWith("20.")) console.warn(`note: the legacy host is meant to run on Node 20; this is Node ${process.versions.node}`);

/** A minimal OpenAI-compatible streaming server: one short reply per request. */
function startServer() {
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      if (!req.url?.endsWith("/chat/completions")) return res.writeHead(404).end();
      res.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = (choices, extra = {}) =>
        res.write(`data: ${JSON.stringify({ id: "b", object: "chat.completion.chunk", created: 0, model: "fake-model", choices, ...extra })}\n\n`);
      chunk([{ index: 0, delta: { role: "assistant", content: "ok" }, finish_reason: null }]);
      chunk([{ index: 0, delta: {}, finish_reason: "stop" }]);
      chunk([], { usage: { prompt_tokens: 10, completion_tokens: 1, total_tokens: 11, prompt_tokens_details: { cached_tokens: 0 } } });
      res.end("data: [DONE]\n\n");
    });
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

const server = await startServer();
const root = mkdtempSync(join(tmpdir(), "forge-bench-startup-"));
const agentDir = join(root, "agent");
const cwd = join(root, "cwd");
for (const d of [agentDir, cwd, join(root, "home"), join(root, "tmp"), join(root, "trivial")]) mkdirSync(d, { recursive: true });
const model = {
  id: "fake-model",
  name: "Fake",
  reasoning: false,
  input: ["text"],
  contextWindow: 128000,
  maxTokens: 4096,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
};
writeFileSync(
  join(agentDir, "models.json"),
  JSON.stringify({
    providers: { fake: { baseUrl: `http://127.0.0.1:${server.address().port}/v1`, api: "openai-completions", apiKey: "fake-key", models: [model] } },
  }),
);
// The baseline: an extension that loads through the same jiti path and registers one handler.
const TRIVIAL = join(root, "trivial", "extension.js");
writeFileSync(join(root, "trivial", "package.json"), '{"type":"module"}');
writeFileSync(TRIVIAL, "export default function trivial(pi) { pi.on('before_agent_start', () => undefined); }\n");

const env = {};
for (const [k, v] of Object.entries(process.env)) if (!/^(PI_|OPENAI_|ANTHROPIC_|NODE_OPTIONS$|npm_)/.test(k)) env[k] = v;
// A private TMPDIR: jiti's transform cache ($TMPDIR/jiti) stays warm across runs, as on a user's machine.
Object.assign(env, { PI_CODING_AGENT_DIR: agentDir, HOME: join(root, "home"), PI_OFFLINE: "1", NO_COLOR: "1", TMPDIR: join(root, "tmp") });

/** One `pi -p hi`: its wall time (ms) and its own CPU time (ms). */
function runPi(extension, extraEnv = {}, host = LEGACY) {
  const cpu = childCpu();
  return new Promise((resolve, reject) => {
    const start = process.hrtime.bigint();
    const child = spawn(host.node, [host.cli, "--provider", "fake", "--model", "fake-model", "--no-session", "-e", extension, "-p", "hi"], {
      cwd,
      env: { ...env, ...extraEnv, ...cpu.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let err = "";
    child.stderr.on("data", (d) => (err += d));
    child.stdout.resume();
    const timer = setTimeout(() => child.kill("SIGKILL"), 60_000);
    child.on("close", (code) => {
      clearTimeout(timer);
      const ms = Number(process.hrtime.bigint() - start) / 1e6;
      if (code !== 0) reject(new Error(`pi exited with ${code}\n${err}`));
      else resolve({ ms, cpu: cpu.read() });
    });
  });
}

/** Alternating runs of both extensions; prints medians and the ratio. */
async function series(title, extraEnv, host = LEGACY) {
  const forgeRuns = [];
  const trivialRuns = [];
  for (let i = 0; i < RUNS; i++) {
    // Alternate which goes first so drift in machine load hits both equally.
    if (i % 2 === 0) {
      trivialRuns.push(await runPi(TRIVIAL, extraEnv, host));
      forgeRuns.push(await runPi(EXTENSION, extraEnv, host));
    } else {
      forgeRuns.push(await runPi(EXTENSION, extraEnv, host));
      trivialRuns.push(await runPi(TRIVIAL, extraEnv, host));
    }
  }
  const forge = forgeRuns.map((r) => r.ms);
  const trivial = trivialRuns.map((r) => r.ms);
  const mf = median(forge);
  const mt = median(trivial);
  const wallRatio = mf / mt;
  const cf = median(forgeRuns.map((r) => r.cpu));
  const ct = median(trivialRuns.map((r) => r.cpu));
  const ratio = cf / ct;
  console.log(
    `pi -p hi, host ${host.label} (${host.node === process.execPath ? `Node ${process.versions.node}` : host.node}), ${RUNS} alternating runs each, ${title}`,
  );
  console.log(`  trivial extension : median ${mt.toFixed(0)} ms (min ${Math.min(...trivial).toFixed(0)}, max ${Math.max(...trivial).toFixed(0)})`);
  console.log(`  dist/extension.js : median ${mf.toFixed(0)} ms (min ${Math.min(...forge).toFixed(0)}, max ${Math.max(...forge).toFixed(0)})`);
  console.log(`  CPU (user + system): forge ${cf.toFixed(0)} ms, trivial ${ct.toFixed(0)} ms`);
  console.log(
    `  ratio forge/trivial: CPU ${ratio.toFixed(3)} (${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)}%, ${(cf - ct).toFixed(0)} ms), wall ${wallRatio.toFixed(3)}; target CPU <= ${TARGET} -> ${ratio <= TARGET ? "met" : "MISSED"}`,
  );
  return { forgeMs: mf, trivialMs: mt, wallRatio, forgeCpuMs: cf, trivialCpuMs: ct, ratio };
}

const n = (ms) => Math.round(ms).toLocaleString("en-US");
const over = (ratio) => `${ratio >= 1 ? "+" : ""}${((ratio - 1) * 100).toFixed(1)}%`;
const row = (what, s, host = LEGACY) => ({
  what: `\`pi -p hi\` startup with forge vs a trivial extension, ${host.label}, ${what}`,
  run: `median of ${RUNS} alternating run${RUNS === 1 ? "" : "s"} each`,
  figure: `CPU ${n(s.forgeCpuMs)} ms vs ${n(s.trivialCpuMs)} ms; wall ${n(s.forgeMs)} ms vs ${n(s.trivialMs)} ms`,
  baseline: `trivial extension (CPU ${s.ratio.toFixed(3)}×, ${over(s.ratio)}; wall ${s.wallRatio.toFixed(3)}×)`,
  target: `CPU ≤ ${TARGET.toFixed(2)}× the trivial extension's`,
  met: s.ratio <= TARGET,
  values: s,
});

try {
  // Warm-up: fills the OS file cache and jiti's transform cache for both.
  if (!QUICK) {
    await runPi(TRIVIAL);
    await runPi(EXTENSION);
  }
  const warm = await series("jiti cache warm (the usual case)", {});
  const rows = [row("jiti cache warm", warm)];
  if (existsSync(MODERN.node) && existsSync(MODERN.cli)) {
    if (!QUICK) {
      await runPi(TRIVIAL, {}, MODERN);
      await runPi(EXTENSION, {}, MODERN);
    }
    rows.push(row("jiti cache warm", await series("jiti cache warm (the usual case)", {}, MODERN), MODERN));
  } else console.warn("bench/runtime-startup: Pi 1.x or the node@22 package is missing; its row is left out");
  // The first start after installing or upgrading: jiti transforms the bundle from scratch.
  if (!QUICK)
    rows.push(
      row(
        "jiti cache off (`JITI_FS_CACHE=0`, the first start after an install)",
        await series("jiti cache off (JITI_FS_CACHE=0, first start after an install)", { JITI_FS_CACHE: "0" }),
      ),
    );
  recordFigures(import.meta.url, { rows });
} finally {
  server.close();
  rmSync(root, { recursive: true, force: true });
}
