// The import boundaries of forge's layout (DEVELOPERS.md "Layout"), checked by test/architecture/import-rules.test.ts in `npm test`.
/** Node built-ins that touch the outside world; pure folders may use node:crypto, node:path and node:util only. */
const IO_BUILTINS = "^(node:)?(fs|fs/promises|child_process|net|http|https|http2|os|dgram|worker_threads|cluster|readline|tty|process|v8|vm)$";
/** compiler/'s pure folders: phases, review, import, output, diagnostics, the orchestrator and its incremental use. */
const COMPILER_PURE = "^compiler/(phases|review|import|output|diagnostics|source-edit|tokens)/|^compiler/(compile|incremental-compile|types)\\.ts$";
/** forge studio's pure view data: what the page shows, computed without I/O (the server in compiler/studio/server/ does it). */
const STUDIO_MODEL = "^compiler/studio/model/";
/** forge studio's page: browser code bundled into dist/studio/. */
const STUDIO_PAGE = "^compiler/studio/page/";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "core-is-shared",
      comment: "core/ is the pure domain code both halves share: it imports neither the compiler, the runtime nor the I/O edge.",
      severity: "error",
      from: { path: "^core/" },
      to: { path: "^(compiler|runtime|io|test|bench|scripts)/" },
    },
    {
      name: "core-does-no-io",
      comment: "core/ does no I/O: no file system, processes, network or OS access.",
      severity: "error",
      from: { path: "^core/" },
      to: { dependencyTypes: ["core"], path: IO_BUILTINS },
    },
    {
      name: "compiler-not-runtime",
      comment: "The compiler and the runtime never import each other; what both need lives in core/.",
      severity: "error",
      from: { path: "^compiler/" },
      to: { path: "^runtime/" },
    },
    {
      name: "runtime-not-compiler",
      comment: "The runtime never imports the compiler (it would drag yaml, ajv and handlebars into the extension).",
      severity: "error",
      from: { path: "^runtime/" },
      to: { path: "^compiler/" },
    },
    {
      name: "io-edge-is-shared",
      comment: "io/ (atomic writes, bounded reads) serves both halves, so it imports only core/ and generated/.",
      severity: "error",
      from: { path: "^io/" },
      to: { path: "^(compiler|runtime)/" },
    },
    {
      name: "generated-is-a-leaf",
      comment: "generated/ is written by codegen from schema/ and imports only itself.",
      severity: "error",
      from: { path: "^generated/" },
      to: { path: "^(core|compiler|runtime|io)/" },
    },
    {
      name: "compiler-no-upward-imports",
      comment: "Inside compiler/, the pure folders never import the CLI or the I/O edge (cli -> io -> pure).",
      severity: "error",
      from: { path: COMPILER_PURE },
      to: { path: "^compiler/(cli|io)/|^compiler/cli\\.ts$" },
    },
    {
      name: "compiler-io-not-cli",
      comment: "compiler/io/ (readers, writers, git) never imports compiler/cli/.",
      severity: "error",
      from: { path: "^compiler/io/" },
      to: { path: "^compiler/cli/|^compiler/cli\\.ts$" },
    },
    {
      name: "compiler-pure-does-no-io",
      comment: "compiler/'s pure folders do no I/O; cli/ and io/ are the only edges.",
      severity: "error",
      from: { path: COMPILER_PURE },
      to: { dependencyTypes: ["core"], path: IO_BUILTINS },
    },
    {
      name: "studio-model-is-pure",
      comment: "The studio's view data never imports the CLI, the I/O edge, the studio server or the page: the server feeds it values.",
      severity: "error",
      from: { path: STUDIO_MODEL },
      to: { path: "^compiler/(cli|io)/|^compiler/cli\\.ts$|^compiler/studio/(server|page)/" },
    },
    {
      name: "studio-model-does-no-io",
      comment: "The studio's view data does no I/O: no file system, processes, network or OS access.",
      severity: "error",
      from: { path: STUDIO_MODEL },
      to: { dependencyTypes: ["core"], path: IO_BUILTINS },
    },
    {
      name: "compiler-pure-not-studio",
      comment: "compiler/'s pure folders know nothing of the studio; the studio builds on them.",
      severity: "error",
      from: { path: COMPILER_PURE },
      to: { path: "^compiler/studio/" },
    },
    {
      name: "studio-not-cli",
      comment: "The studio never imports the CLI; the CLI starts the studio (cli -> studio -> io -> pure).",
      severity: "error",
      from: { path: "^compiler/studio/" },
      to: { path: "^compiler/cli/|^compiler/cli\\.ts$" },
    },
    {
      name: "studio-page-is-browser-code",
      comment: "The page imports only itself and the studio's API types: everything else runs on the server.",
      severity: "error",
      from: { path: STUDIO_PAGE },
      to: { path: "^(core|compiler|runtime|io|generated)/", pathNot: "^compiler/studio/(page/|model/studio-api\\.ts$)" },
    },
    {
      name: "studio-page-no-node",
      comment: "The page runs in a browser: no Node built-ins.",
      severity: "error",
      from: { path: STUDIO_PAGE },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "adapter-not-updates",
      comment: "The host adapter only answers capability questions; the system-update feature may ask it, never the reverse.",
      severity: "error",
      from: { path: "^runtime/host-adapter/" },
      to: { path: "^runtime/updates/" },
    },
    {
      name: "updates-through-facade",
      comment: "The rest of the runtime reaches system updates only through runtime/updates/index.ts.",
      severity: "error",
      from: { path: "^runtime/", pathNot: "^runtime/updates/" },
      to: { path: "^runtime/updates/", pathNot: "^runtime/updates/index\\.ts$" },
    },
    {
      name: "build-libraries-only-in-compiler",
      comment:
        "picomatch (globs become regular-expression data at build time), yaml (parsing and every source write), handlebars, jsdiff, cookie and gpt-tokenizer (token counts become bundle data) are compiler dependencies only, never in core/, runtime/, io/ or generated/ (the extension stays small; it writes sources through dist/cli.js and never tokenizes).",
      severity: "error",
      from: { path: "^(core|runtime|io|generated)/" },
      to: {
        path: "(^|/)node_modules/(@types/)?(picomatch|yaml|handlebars|diff|cookie|gpt-tokenizer)/|^(picomatch|yaml|handlebars|diff|cookie|gpt-tokenizer)(/|$)",
      },
    },
    {
      name: "no-circular",
      comment: "No import cycles: each layer depends on the ones below it only.",
      severity: "error",
      from: { path: "^(core|compiler|runtime|io)/" },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist|test|bench)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
  },
};
