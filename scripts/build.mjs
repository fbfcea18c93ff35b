// Build: esbuild bundles compiler/cli.ts -> dist/cli.js, runtime/extension.ts -> dist/extension.js (and what its commands
// load on first use -> dist/on-demand.js), the yaml library
// the extension loads on demand -> dist/yaml.cjs, and the studio page (compiler/studio/page/) -> dist/studio/.
// Codegen is a separate step (npm run codegen); `npm run build` runs both.
import { build } from "esbuild";
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
mkdirSync(join(ROOT, "dist"), { recursive: true });

/** Writes the rank table from gpt-tokenizer's o200k_base ranks, unless the file already holds these bytes. */
async function writeRankTable(file) {
  const bundled = await build({
    entryPoints: [join(ROOT, "compiler/tokens/rank-table.ts")],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    logLevel: "warning",
  });
  const { encodeRankTable } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString("base64")}`);
  const ranks = createRequire(import.meta.url)("gpt-tokenizer/bpeRanks/o200k_base").default;
  const bytes = encodeRankTable(ranks);
  if (existsSync(file) && Buffer.compare(readFileSync(file), bytes) === 0) return;
  writeFileAtomic(file, bytes);
}

function writeFileAtomic(file, bytes) {
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, bytes);
  renameSync(temp, file);
}

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  logLevel: "warning",
  legalComments: "none",
  // RE2 is its own file beside the CLI and the extension, loaded by core/path-match.ts on the first path pattern.
  define: { FORGE_VERSION: JSON.stringify(pkg.version), FORGE_RE2: JSON.stringify("./re2.cjs") },
};

/** A library as one CommonJS file in dist/, which forge's code loads with require() on first use. */
async function buildLibraryFile(contents, file) {
  await build({ ...common, stdin: { contents, resolveDir: ROOT, loader: "js" }, outfile: join(ROOT, "dist", file), format: "cjs", minify: true, define: {} });
}

// The CLI bundles yaml, ajv validators and handlebars so the installed package needs no dependencies.
// handlebars is CommonJS: give the ESM bundle a require() for Node built-ins. Token counts read the o200k_base ranks
// from a binary table beside it (dist/o200k_base.ranks, built here from gpt-tokenizer's ranks by
// compiler/tokens/rank-table.ts), loaded through dist/o200k_base.cjs on the first count (compiler/tokens/count-tokens.ts),
// so a command that counts nothing never reads it.
// The CLI is split by command (compiler/cli.ts imports each when it runs): dist/cli.js and its chunks dist/cli-*.js,
// each named by a hash of its content and of the chunks it imports, so the entry's bytes stand for the whole compiler
// (the no-op build cache hashes them: compiler/io/build-cache.ts). The chunks of an earlier build are removed first.
for (const file of readdirSync(join(ROOT, "dist"))) if (/^cli-.*\.js$/.test(file)) rmSync(join(ROOT, "dist", file));
await build({
  ...common,
  // dist/cli-run.js: the same CLI as one exported function (compiler/cli/run-cli.ts) over the same chunks, which the
  // tests run in a worker thread instead of starting Node for each of their four hundred CLI runs.
  entryPoints: { cli: join(ROOT, "compiler/cli.ts"), "cli-run": join(ROOT, "compiler/cli/run-cli.ts") },
  outdir: join(ROOT, "dist"),
  splitting: true,
  chunkNames: "cli-[name]-[hash]",
  define: {
    ...common.define,
    FORGE_RANKS: JSON.stringify("./o200k_base.cjs"),
    FORGE_CLI_ENTRY: JSON.stringify("./cli.js"),
    FORGE_YAML: JSON.stringify("./yaml.cjs"),
  },
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __forgeCreateRequire } from 'node:module';\nconst require = __forgeCreateRequire(import.meta.url);",
  },
});
chmodSync(join(ROOT, "dist/cli.js"), 0o755);
await buildLibraryFile('module.exports = require("re2js");', "re2.cjs");
await writeRankTable(join(ROOT, "dist/o200k_base.ranks"));
writeFileSync(
  join(ROOT, "dist/o200k_base.cjs"),
  '// The o200k_base rank table\'s bytes (compiler/tokens/rank-table.ts), loaded as a module by the first token count.\nmodule.exports = require("node:fs").readFileSync(require("node:path").join(__dirname, "o200k_base.ranks"));\n',
);
rmSync(join(ROOT, "dist/tokenizer.cjs"), { force: true }); // the gpt-tokenizer bundle the table replaced

// The yaml library on its own, for the settings files the extension reads (io/yaml-settings.ts): loaded only where
// such a file exists, so the extension itself does not carry it.
await buildLibraryFile('module.exports = require("yaml");', "yaml.cjs");

// The runtime extension: dist/extension.js, one ESM file holding what every start runs (registration, the session fold,
// composition, the tool gate, bundle verification), and dist/on-demand.js, what runs only when a user invokes a command
// or the model calls forge's tool (runtime/commands/on-demand.ts, runtime/updates/on-demand.ts), which the extension
// imports on that first use (runtime/on-demand-load.ts). Each is self-contained (Node built-ins and generated validators only; host packages are
// type-only imports); both hosts' jiti hands the extension to Node's own import() ("type": "module"). Not esbuild's
// chunks: bench/runtime-load.mjs measures the code split into chunks the entry imports statically (each a module Node's
// loader resolves, reads and links at start) slower to load. RE2 is beside them too, dist/re2.cjs (above), required on
// the first path pattern: inlined, its 150 KB are parsed at every start (the same bench measures both).
for (const file of readdirSync(join(ROOT, "dist"))) if (/^extension-.*\.js$/.test(file)) rmSync(join(ROOT, "dist", file)); // chunks of earlier builds
const extension = {
  ...common,
  minify: true,
  external: ["@mariozechner/*", "@earendil-works/*"],
  define: { ...common.define, FORGE_YAML: JSON.stringify("./yaml.cjs") },
};
/** Each feature's import of its on-demand module (runtime/<feature>/on-demand.ts) stays an import, of dist/on-demand.js. */
const onDemandBeside = {
  name: "on-demand-beside",
  setup(b) {
    b.onResolve({ filter: /^\.\/on-demand\.js$/ }, (args) =>
      args.importer.startsWith(join(ROOT, "runtime")) ? { path: "./on-demand.js", external: true } : undefined,
    );
  },
};
await build({ ...extension, entryPoints: [join(ROOT, "runtime/extension.ts")], outfile: join(ROOT, "dist/extension.js"), plugins: [onDemandBeside] });
// The features' on-demand modules as one file: what a session start never runs.
const onDemandModules = ["runtime/commands/on-demand.ts", "runtime/updates/on-demand.ts"];
await build({
  ...extension,
  stdin: { contents: onDemandModules.map((m) => `export * from "./${m}";`).join("\n"), resolveDir: ROOT, loader: "ts", sourcefile: "on-demand.ts" },
  outfile: join(ROOT, "dist/on-demand.js"),
});

// forge studio's page: browser TypeScript and CSS bundled, the HTML copied; `forge studio` serves these files only.
const PAGE = join(ROOT, "compiler/studio/page");
mkdirSync(join(ROOT, "dist/studio"), { recursive: true });
await build({
  entryPoints: [
    { in: join(PAGE, "main.ts"), out: "app" },
    { in: join(PAGE, "style.css"), out: "app" },
  ],
  outdir: join(ROOT, "dist/studio"),
  bundle: true,
  platform: "browser",
  target: "es2022",
  format: "esm",
  minify: true,
  logLevel: "warning",
  legalComments: "none",
});
copyFileSync(join(PAGE, "index.html"), join(ROOT, "dist/studio/index.html"));
