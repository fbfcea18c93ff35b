// Imports every real rule file under test/fixtures/agents/<format>/<repository>/ (each repository a project, read by
// forge import's own reader): each builds cleanly, lands where the documented mapping says (kinds.json), and its
// prompt equals the file's body byte for byte (in NFC, as forge keeps all text).
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { compile } from "../compiler/compile.js";
import { ruleName } from "../compiler/import/agent-rules.js";
import { splitRuleFile } from "../compiler/import/front-matter.js";
import { IMPORTERS, KEY_SUFFIX, type ImportFormatName } from "../compiler/import/importers.js";
import { normalizeKey } from "../compiler/import/keys.js";
import { loadBuiltinBundle } from "../compiler/io/forge-target.js";
import { readRuleTree } from "../compiler/io/read-rule-tree.js";
import type { ForgeBundle } from "../generated/types.js";
import { FIXED_OPTIONS } from "./compiler/fixture-cases.js";
import { treeOf } from "./compiler/source-tree.js";

const ROOT = join(import.meta.dirname, "fixtures", "agents");
const KINDS_FILE = join(ROOT, "kinds.json");
const UPDATE = process.env.UPDATE_SNAPSHOTS === "1";
const FORMATS: ImportFormatName[] = ["claude-rules", "cursor", "rulesync"];
const builtin = loadBuiltinBundle().bundle!;
/** The preset each format's import writes (README: forge import, rules from other agents). */
const PRESET: Record<string, string> = { "claude-rules": "claude-rules", cursor: "cursor-rules", rulesync: "rulesync-rules" };

/** Where a file landed: overlay (an always-on mode in the preset), rule, callable or manual block, or skipped. */
type Landing = "overlay" | "rule" | "block-callable" | "block-manual" | "skipped";

const textOf = (segments: ReadonlyArray<{ text?: string; slot?: string }>): string | null =>
  segments.every((s) => s.text !== undefined) ? segments.map((s) => s.text).join("") : null;

function repositories(format: ImportFormatName): string[] {
  return readdirSync(join(ROOT, format))
    .filter((name) => !name.startsWith("."))
    .sort();
}

interface Imported {
  files: Array<{ path: string; text: string; rel: string }>;
  bundle: ForgeBundle;
  errors: string[];
  skipped: Set<string>;
}

function importRepository(format: ImportFormatName, repo: string): Imported {
  const read = readRuleTree(format, join(ROOT, format, repo), `${format}/${repo}`, "rules");
  expect(read.diagnostics).toEqual([]);
  const result = IMPORTERS[format](read.inputs, { overlay: false, builtinModeKeys: Object.keys(builtin.modes), suffix: KEY_SUFFIX[format] });
  const compiled = compile(treeOf(result.sources), { ...FIXED_OPTIONS, layersBeneath: [{ name: null, modes: builtin.modes, presets: {} }] });
  const errors = [...result.diagnostics, ...compiled.diagnostics].filter((d) => d.severity === "error").map((d) => `${d.file}: ${d.code} ${d.message}`);
  return {
    files: read.inputs.map((i) => ({ path: i.path, text: i.text, rel: i.rel! })),
    bundle: compiled.bundle!,
    errors,
    skipped: new Set(result.skipped.map((s) => s.file)),
  };
}

/** The component a file became, found by its key (its name, normalized; a mode on a built-in key gets the suffix). */
function landing(format: ImportFormatName, imported: Imported, file: { path: string; rel: string }): { kind: Landing; text: string | null } {
  if (imported.skipped.has(file.path)) return { kind: "skipped", text: null };
  const key = normalizeKey(ruleName(file.rel), "rule")!;
  const { bundle } = imported;
  const rule = bundle.rules?.[key];
  if (rule) return { kind: "rule", text: textOf(rule.content) };
  const preset = bundle.presets[PRESET[format]!];
  const block = preset?.systemUpdates.find((b) => b.id === key);
  if (block) return { kind: block.modelCallable ? "block-callable" : "block-manual", text: textOf(block.content) };
  const modeKey = bundle.modes[key] ? key : `${key}-${KEY_SUFFIX[format]}`;
  const mode = bundle.modes[modeKey];
  if (mode && preset?.overlays.includes(modeKey)) return { kind: "overlay", text: textOf(mode.prompt) };
  throw new Error(`${file.path}: no component with key ${key}`);
}

describe("importing real rule files", () => {
  const kinds: Record<string, Landing> = existsSync(KINDS_FILE) ? (JSON.parse(readFileSync(KINDS_FILE, "utf8")) as Record<string, Landing>) : {};
  const seen: Record<string, Landing> = {};

  test.each(FORMATS.flatMap((format) => repositories(format).map((repo) => [format, repo] as const)))(
    "%s %s builds, and each prompt is its file's body",
    (format, repo) => {
      const imported = importRepository(format, repo);
      expect(imported.errors).toEqual([]);
      for (const file of imported.files) {
        const { kind, text } = landing(format, imported, file);
        seen[file.path] = kind;
        if (!UPDATE) expect(kind, file.path).toBe(kinds[file.path]);
        if (kind !== "skipped") expect(text, file.path).toBe(splitRuleFile(file.text).body.normalize("NFC"));
      }
    },
  );

  test("at least 20 real files of each format become prompts, and kinds.json lists exactly the fixture files", () => {
    if (UPDATE) writeFileSync(KINDS_FILE, JSON.stringify(Object.fromEntries(Object.entries(seen).sort(([a], [b]) => (a < b ? -1 : 1))), null, 2) + "\n");
    for (const format of FORMATS) {
      const prompts = Object.entries(seen).filter(([path, kind]) => path.startsWith(`${format}/`) && kind !== "skipped");
      expect(prompts.length, format).toBeGreaterThanOrEqual(20);
    }
    expect(Object.keys(seen).sort()).toEqual(Object.keys(kinds).sort());
  });

  test("test/fixtures/README.md names the repository, path, commit and license of every fixture file", () => {
    const readme = readFileSync(join(import.meta.dirname, "fixtures", "README.md"), "utf8");
    for (const path of Object.keys(kinds)) {
      const row = readme.split("\n").find((line) => line.includes(`| \`${path}\` |`));
      expect(row, path).toBeDefined();
      expect(row!, path).toMatch(/\| [\w.-]+\/[\w.-]+ \| `[^`]+` \| [0-9a-f]{40} \| [^|]+ \|$/);
    }
  });
});
