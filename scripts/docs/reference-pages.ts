// Every generated documentation file, rendered in memory from its sources of truth: `npm run docs` writes them and
// test/docs/reference-fresh.test.ts fails when one on disk differs.
import { join } from "node:path";
import { banner } from "./markdown.js";
import { renderCliPage } from "./cli-page.js";
import { renderCodesPage } from "./codes-page.js";
import { renderPiCommandsPage } from "./pi-commands-page.js";
import { renderSchemaPage, type SchemaGroup } from "./schema-page.js";
import { loadSchemas, type Schema } from "./schema-walk.js";
import { loadExampleDocs } from "./source-examples.js";
import { renderPictures } from "./pictures.js";

/** The schemas each page documents; a schema no page names goes to other-formats.md, so every schema has a page. */
const SOURCE: SchemaGroup[] = [
  { heading: "Modes: `.pi/forge/modes/<key>.yaml`", file: "mode.schema.json" },
  { heading: "Presets: `.pi/forge/presets/<key>.yaml`", file: "preset.schema.json" },
  { heading: "Path rules: `.pi/forge/rules/<id>.yaml`", file: "rule.schema.json" },
  { heading: "Settings: `.pi/forge/forge.yaml`", file: "forge-config.schema.json" },
  { heading: "Prompt tests: `.pi/forge/tests/<name>.yaml`", file: "test.schema.json" },
];
const BUNDLE: SchemaGroup[] = [
  { heading: "The bundle: `.pi/forge/bundle.json`", file: "bundle.schema.json" },
  { heading: "A portable preset: `forge preset export`", file: "preset-export.schema.json" },
];
const REPORTS: SchemaGroup[] = [
  { heading: "Command reports: `forge <command> --json`", file: "cli-report.schema.json" },
  { heading: "`forge test --json`", file: "test-report.schema.json" },
  { heading: "A diagnostic", file: "diagnostic.schema.json" },
  { heading: "`forge source`'s request", file: "source-request.schema.json" },
];
const NAMED = new Set([...SOURCE, ...BUNDLE, ...REPORTS, { file: "common.schema.json" }].map((g) => g.file));

function otherGroups(schemas: Map<string, Schema>): SchemaGroup[] {
  return [...schemas.keys()].filter((f) => !NAMED.has(f)).map((file) => ({ heading: `\`${file.replace(/\.schema\.json$/, "")}\``, file }));
}

const SOURCE_INTRO = `One definition per file, YAML or JSON, under \`.pi/forge/\` (or the global scope's \`<agent dir>/forge/\`); a mode's or
preset's key is its file stem and matches \`^[a-z][a-z0-9-]*$\`. Every field of every source format, with its type, its
default, what it does and an example. Each example is taken from the committed sources that build
(\`examples/reference/\` first, then \`examples/demo/\`, \`examples/library/\` and the built-in \`presets/\`); a test builds
them and runs their prompt tests. Partials (\`partials/<name>.md\`) and prompt files are plain text.`;

export function renderReferencePages(repo: string): Record<string, string> {
  const schemas = loadSchemas(join(repo, "schema"));
  const examples = loadExampleDocs(repo);
  const pages: Record<string, string> = {
    "docs/reference/cli.md": renderCliPage(),
    "docs/reference/source-format.md": renderSchemaPage(schemas, { title: "Source format", intro: SOURCE_INTRO, groups: SOURCE, examples }),
    "docs/reference/diagnostic-codes.md": renderCodesPage(),
    "docs/reference/pi-commands.md": renderPiCommandsPage(),
    "docs/reference/bundle.md": renderSchemaPage(schemas, {
      title: "Bundle format",
      intro:
        "The files forge writes for teammates to share: the bundle, canonical JSON data (never code) with a digest per component and a `bundleHash`, and the portable preset file. The design of the bundle (canonical JSON, what the digests cover, signatures) is in [the design notes](../design/architecture.md#the-bundle).",
      groups: BUNDLE,
    }),
    "docs/reference/json-reports.md": renderSchemaPage(schemas, {
      title: "`--json` reports",
      intro: "What `--json` prints: one object per run on standard output. A test validates real outputs of every command against these schemas.",
      groups: REPORTS,
    }),
    "docs/reference/other-formats.md": renderSchemaPage(schemas, {
      title: "Session entries and local files",
      intro:
        "The other formats forge reads and writes: the custom entries it appends to Pi's session, the trust store and build cache in your agent and cache directories, and the agent tool's arguments. Nothing here is written by hand.",
      groups: otherGroups(schemas),
    }),
    ...renderPictures(repo),
  };
  pages["docs/reference/README.md"] = renderIndex(Object.keys(pages));
  return pages;
}

const TITLES: Record<string, string> = {
  "cli.md": "the forge CLI: every command and option, from the tables `--help` prints",
  "source-format.md": "every field of modes, presets, rules, forge.yaml and prompt tests",
  "diagnostic-codes.md": "every diagnostic code, with the example a test runs",
  "pi-commands.md": "the slash commands, flags and agent tool the extension adds to Pi",
  "bundle.md": "bundle.json and the portable preset file",
  "json-reports.md": "what `--json` prints",
  "other-formats.md": "session entries, the trust store, the build cache",
};

function renderIndex(files: string[]): string {
  const pages = files.filter((f) => f.startsWith("docs/reference/") && f.endsWith(".md")).map((f) => f.slice("docs/reference/".length));
  const lines = pages.map((p) => `- [${p.replace(/\.md$/, "")}](${p}): ${TITLES[p] ?? ""}`);
  return `${banner(["scripts/docs/reference-pages.ts"])}\n# Reference\n\nGenerated from the sources of truth, so it never drifts from what forge does.\n\n${lines.join("\n")}\n`;
}
