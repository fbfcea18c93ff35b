// Bench: in-process first load of dist/extension.js through the legacy host's own jiti (fs cache off), vs a trivial extension,
// and vs the three layouts the build does not ship (scripts/build.mjs): the same code split into chunks (the commands'
// handlers imported on first use), with the commands' handlers inlined instead of in dist/on-demand.js, and with RE2
// inlined instead of beside it in dist/re2.cjs. One fresh Node process per
// sample, alternating; prints medians and the ratios (target < 2x the trivial one; each other layout slower than the
// shipped one). Not a test: prints figures. `--quick`: one sample each, no warm-up.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { median, QUICK, recordFigures, runCount } from "./support/bench-kit.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const EXTENSION = join(ROOT, "dist/extension.js");
// Pi 0.73.1 loads extensions with `createJiti(import.meta.url of this file, ...)`; resolve jiti the way it does.
const PI_LOADER = join(ROOT, "node_modules/@mariozechner/pi-coding-agent/dist/core/extensions/loader.js");
const JITI = resolveJitiStatic();
const RUNS = runCount(21);
const TARGET = 2;

/** `jiti/static` as seen from Pi's loader: the package it resolves, then its "./static" import export. */
function resolveJitiStatic() {
  const pkgFile = createRequire(PI_LOADER).resolve("jiti/package.json");
  const target = JSON.parse(readFileSync(pkgFile, "utf8")).exports["./static"];
  return join(dirname(pkgFile), typeof target === "string" ? target : target.import);
}

if (process.argv[2] === "--sample") {
  // Child: one first load, measured around exactly what Pi's loader does, then the factory call with a no-op pi.
  const [, , , file] = process.argv;
  const { createJiti } = await import(pathToFileURL(JITI).href);
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  const jiti = createJiti(PI_LOADER, { moduleCache: false, fsCache: false });
  const factory = await jiti.import(file, { default: true });
  const t1 = performance.now();
  const cpu = process.cpuUsage(c0);
  const noop = () => undefined;
  const pi = new Proxy({}, { get: (_t, name) => (name === "getFlag" ? noop : name === "getActiveTools" ? () => [] : noop) });
  factory(pi);
  const t2 = performance.now();
  process.stdout.write(JSON.stringify({ load: t1 - t0, factory: t2 - t1, cpu: (cpu.user + cpu.system) / 1000 }));
  process.exit(0);
}

if (!existsSync(EXTENSION)) {
  console.error("bench/runtime-load: dist/extension.js is missing; run node scripts/build.mjs");
  process.exit(1);
}

const dir = mkdtempSync(join(tmpdir(), "forge-bench-load-"));
const trivialDir = join(dir, "trivial");
mkdirSync(trivialDir);
// Same packaging as dist/ (an ESM .js file in a "type": "module" package), so jiti takes the same path for both.
writeFileSync(join(trivialDir, "package.json"), '{"type":"module"}');
const TRIVIAL = join(trivialDir, "extension.js");
writeFileSync(TRIVIAL, "export default function trivial(pi) { pi.on('before_agent_start', () => undefined); }\n");

/** A layout's directory, packaged as dist/ is (an ESM package, RE2's file beside the entry). */
function layoutDir(name) {
  const at = join(dir, name);
  mkdirSync(at);
  writeFileSync(join(at, "package.json"), '{"type":"module"}');
  writeFileSync(join(at, "re2.cjs"), readFileSync(join(ROOT, "dist/re2.cjs")));
  return at;
}
// Inlined as esbuild inlines a CommonJS module: its code in a function, parsed at load, run on first use.
const INLINED = join(layoutDir("inlined"), "extension.js");
writeFileSync(
  INLINED,
  `${readFileSync(EXTENSION, "utf8")}\nvar __forgeRe2 = function (module, exports, require) {\n${readFileSync(join(ROOT, "dist/re2.cjs"), "utf8")}\n};\n`,
);
// Split as scripts/build.mjs once built it: the commands' handlers (dynamic imports) and the modules they share in chunks.
const chunksDir = layoutDir("chunks");
/** The extension's esbuild options (scripts/build.mjs), for the other layouts built here. */
const EXTENSION_BUILD = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  minify: true,
  legalComments: "none",
  logLevel: "warning",
  external: ["@mariozechner/*", "@earendil-works/*"],
};
await build({
  ...EXTENSION_BUILD,
  entryPoints: { extension: join(ROOT, "runtime/extension.ts") },
  outdir: chunksDir,
  splitting: true,
  chunkNames: "extension-[name]-[hash]",
  define: { FORGE_VERSION: '"bench"', FORGE_RE2: '"./re2.cjs"' },
});
const CHUNKS = join(chunksDir, "extension.js");
// One file with the commands' handlers and the update tool's body in it, initialised on first use (what dist/extension.js
// held before dist/on-demand.js): parsed at every start.
const HANDLERS = join(layoutDir("handlers"), "extension.js");
await build({
  ...EXTENSION_BUILD,
  entryPoints: [join(ROOT, "runtime/extension.ts")],
  outfile: HANDLERS,
  define: { FORGE_VERSION: '"bench"', FORGE_RE2: '"./re2.cjs"', FORGE_YAML: '"./yaml.cjs"' },
});
const LAYOUTS = { trivial: TRIVIAL, forge: EXTENSION, chunks: CHUNKS, handlers: HANDLERS, inlined: INLINED };

function sample(file) {
  const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--sample", file], {
    encoding: "utf8",
    env: { ...process.env, JITI_FS_CACHE: "0" },
    timeout: 60_000,
  });
  if (r.status !== 0) throw new Error(`sample failed for ${file}\n${r.stderr}`);
  return JSON.parse(r.stdout);
}

try {
  if (!QUICK) for (const file of Object.values(LAYOUTS)) sample(file);
  const samples = Object.fromEntries(Object.keys(LAYOUTS).map((k) => [k, []]));
  const order = Object.keys(LAYOUTS);
  for (let i = 0; i < RUNS; i++) {
    // A rotating order, so no layout always runs first or last in a round.
    for (let j = 0; j < order.length; j++) {
      const name = order[(i + j) % order.length];
      samples[name].push(sample(LAYOUTS[name]));
    }
  }
  const { trivial, forge, chunks, handlers, inlined } = samples;
  const load = (xs) => median(xs.map((x) => x.load));
  const total = (xs) => median(xs.map((x) => x.load + x.factory));
  console.log(
    `first load through jiti ${JITI.replace(`${ROOT}/`, "")} (fsCache off, moduleCache off), Node ${process.versions.node}, ${RUNS} fresh processes each`,
  );
  console.log(`  trivial extension : import ${load(trivial).toFixed(2)} ms; import + factory ${total(trivial).toFixed(2)} ms`);
  console.log(`  dist/extension.js : import ${load(forge).toFixed(2)} ms; import + factory ${total(forge).toFixed(2)} ms`);
  const ratio = load(forge) / load(trivial);
  const ratioTotal = total(forge) / total(trivial);
  console.log(
    `  ratio forge/trivial: import ${ratio.toFixed(2)}x (target < ${TARGET}x -> ${ratio < TARGET ? "met" : "MISSED"}); import + factory ${ratioTotal.toFixed(2)}x`,
  );
  // The layouts by CPU time (the import's own), steadier than wall time on a loaded machine.
  const cpu = (xs) => median(xs.map((x) => x.cpu));
  const layoutRow = (label, xs, what) => {
    const ratioLayout = cpu(xs) / cpu(forge);
    console.log(`  ${label.padEnd(17)} : import ${cpu(xs).toFixed(2)} ms CPU, ${ratioLayout.toFixed(2)}x the shipped file's ${cpu(forge).toFixed(2)} ms`);
    return {
      what,
      run: `median of ${RUNS} fresh process${RUNS === 1 ? "" : "es"} each, CPU time`,
      figure: `${cpu(xs).toFixed(1)} ms vs ${cpu(forge).toFixed(1)} ms`,
      baseline: `\`dist/extension.js\` as built (${ratioLayout.toFixed(2)}×)`,
      target: "> 1× (the shipped layout loads faster)",
      met: ratioLayout > 1,
      values: { layoutCpuMs: cpu(xs), shippedCpuMs: cpu(forge), ratio: ratioLayout },
    };
  };
  const layoutRows = [
    layoutRow("split into chunks", chunks, "the same extension split into chunks, commands' handlers on first use, first load through Pi's jiti"),
    layoutRow("handlers inlined", handlers, "the same extension with the commands' handlers in it (not in `dist/on-demand.js`), first load through Pi's jiti"),
    layoutRow("RE2 inlined", inlined, "the same extension with RE2 inlined (not beside it in `dist/re2.cjs`), first load through Pi's jiti"),
  ];
  recordFigures(import.meta.url, {
    rows: [
      {
        what: "first load of `dist/extension.js` through Pi's jiti, fs cache off",
        run: `median of ${RUNS} fresh process${RUNS === 1 ? "" : "es"} each`,
        figure: `${load(forge).toFixed(1)} ms vs ${load(trivial).toFixed(1)} ms (import + factory ${total(forge).toFixed(1)} vs ${total(trivial).toFixed(1)} ms)`,
        baseline: `trivial extension (${ratio.toFixed(2)}×; with the factory ${ratioTotal.toFixed(2)}×)`,
        target: `< ${TARGET}×`,
        met: ratio < TARGET,
        values: { forgeMs: load(forge), trivialMs: load(trivial), ratio, ratioWithFactory: ratioTotal },
      },
      ...layoutRows,
    ],
  });
} finally {
  rmSync(dir, { recursive: true, force: true });
}
