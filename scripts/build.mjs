// Build: esbuild bundles compiler/cli.ts -> dist/cli.js, runtime/extension.ts -> dist/extension.js, the yaml library
// the extension loads on demand -> dist/yaml.cjs, and the studio page (compiler/studio/page/) -> dist/studio/.
// Codegen is a separate step (npm run codegen); `npm run build` runs both.
import { build } from "esbuild";
import { chmodSync, copyFileSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const pkg = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
mkdirSync(join(ROOT, "dist"), { recursive: true });

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  logLevel: "warning",
  legalComments: "none",
  define: { FORGE_VERSION: JSON.stringify(pkg.version) },
};

// The CLI bundles yaml, ajv validators and handlebars so the installed package needs no dependencies.
// handlebars is CommonJS: give the ESM bundle a require() for Node built-ins. The tokenizer (gpt-tokenizer's o200k_base,
// about 2.8 MB) is its own file beside it, loaded on the first token count (compiler/tokens/count-tokens.ts), so a
// command that counts nothing never parses it.
await build({
  ...common,
  entryPoints: [join(ROOT, "compiler/cli.ts")],
  outfile: join(ROOT, "dist/cli.js"),
  define: { ...common.define, FORGE_TOKENIZER: JSON.stringify("./tokenizer.cjs"), FORGE_YAML: JSON.stringify("./yaml.cjs") },
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __forgeCreateRequire } from 'node:module';\nconst require = __forgeCreateRequire(import.meta.url);",
  },
});
chmodSync(join(ROOT, "dist/cli.js"), 0o755);
await build({
  ...common,
  stdin: { contents: 'module.exports = require("gpt-tokenizer/encoding/o200k_base");', resolveDir: ROOT, loader: "js" },
  outfile: join(ROOT, "dist/tokenizer.cjs"),
  format: "cjs",
  minify: true,
});

// The yaml library on its own, for the settings files the extension reads (io/yaml-settings.ts): loaded only where
// such a file exists, so the extension itself does not carry it.
await build({
  ...common,
  stdin: { contents: 'module.exports = require("yaml");', resolveDir: ROOT, loader: "js" },
  outfile: join(ROOT, "dist/yaml.cjs"),
  format: "cjs",
  minify: true,
});

// The runtime extension: Node built-ins and generated validators only; host packages are type-only imports.
await build({
  ...common,
  entryPoints: [join(ROOT, "runtime/extension.ts")],
  outfile: join(ROOT, "dist/extension.js"),
  minify: true,
  external: ["@mariozechner/*", "@earendil-works/*"],
  define: { ...common.define, FORGE_YAML: JSON.stringify("./yaml.cjs") },
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
