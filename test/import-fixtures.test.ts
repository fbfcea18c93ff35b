// Runs every importer fixture under test/fixtures/import/: input files -> expected forge sources and diagnostics, which must compile.
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import type { Diagnostic } from "../core/diagnostic.js";
import { compile } from "../compiler/compile.js";
import { checkExistingFiles } from "../compiler/import/existing-files.js";
import { IMPORTERS, KEY_SUFFIX, type ImportFormatName } from "../compiler/import/importers.js";
import { loadBuiltinBundle } from "../compiler/io/forge-target.js";
import { FIXED_OPTIONS } from "./compiler/fixture-cases.js";
import { treeOf } from "./compiler/source-tree.js";

export const IMPORT_FIXTURES_DIR = join(import.meta.dirname, "fixtures", "import");
const UPDATE = process.env.UPDATE_SNAPSHOTS === "1";
const cases = readdirSync(IMPORT_FIXTURES_DIR)
  .filter((name) => !name.startsWith("."))
  .sort();
const builtinModes = loadBuiltinBundle().bundle?.modes ?? {};

/**
 * case.json: `format` (pi-modes, pi-presets, roo, claude-rules, cursor, rulesync), `overlay` (--overlay), `existing` (forge-root
 * paths that already exist, for import_file_exists), `expectPrompt` (mode key -> the exact prompt
 * text its compiled bundle must carry, for text that must survive handlebars literally).
 */
interface ImportCaseSpec {
  format: ImportFormatName;
  overlay?: boolean;
  existing?: string[];
  expectPrompt?: Record<string, string>;
  /** --rename old=new. */
  renames?: Record<string, string>;
}

/** Every file under dir (posix paths relative to it), sorted like the CLI sorts a directory. */
function listFiles(dir: string, prefix = ""): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name), `${prefix}${e.name}/`) : [`${prefix}${e.name}`]))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

function runCase(dir: string): { spec: ImportCaseSpec; sources: Record<string, string>; diagnostics: Diagnostic[] } {
  const spec = JSON.parse(readFileSync(join(dir, "case.json"), "utf8")) as ImportCaseSpec;
  const inputDir = join(dir, "input");
  // rel: the agent rule formats name a rule by its path inside the rules directory (the other formats ignore it).
  const inputs = listFiles(inputDir).map((path) => ({ path, text: readFileSync(join(inputDir, path), "utf8"), rel: path }));
  const result = IMPORTERS[spec.format](inputs, {
    overlay: spec.overlay === true,
    builtinModeKeys: Object.keys(builtinModes),
    suffix: KEY_SUFFIX[spec.format],
    ...(spec.renames ? { renames: spec.renames } : {}),
  });
  const existing = new Set(spec.existing ?? []);
  const exists = checkExistingFiles(Object.keys(result.sources), (p) => existing.has(p), ".pi/forge/", false);
  return { spec, sources: result.sources, diagnostics: [...result.diagnostics, ...exists] };
}

describe("import fixtures", () => {
  test("there are fixtures for every format", () => {
    const formats = new Set(cases.map((name) => (JSON.parse(readFileSync(join(IMPORT_FIXTURES_DIR, name, "case.json"), "utf8")) as ImportCaseSpec).format));
    expect([...formats].sort()).toEqual(["claude-rules", "cursor", "pi-modes", "pi-presets", "roo", "rulesync"]);
  });

  test.each(cases)("%s", (name) => {
    const dir = join(IMPORT_FIXTURES_DIR, name);
    const { spec, sources, diagnostics } = runCase(dir);
    const expectedDir = join(dir, "expected");
    const diagnosticsFile = join(dir, "diagnostics.json");
    if (UPDATE) {
      rmSync(expectedDir, { recursive: true, force: true });
      for (const [path, text] of Object.entries(sources)) {
        mkdirSync(dirname(join(expectedDir, path)), { recursive: true });
        writeFileSync(join(expectedDir, path), text);
      }
      writeFileSync(diagnosticsFile, JSON.stringify(diagnostics, null, 2) + "\n");
    }
    const expected = Object.fromEntries(listFiles(expectedDir).map((path) => [path, readFileSync(join(expectedDir, path), "utf8")]));
    expect(sources).toEqual(expected);
    expect(diagnostics).toEqual(JSON.parse(readFileSync(diagnosticsFile, "utf8")) as Diagnostic[]);

    // What an import produces must build: no compile errors (warnings such as contract references to
    // modes defined elsewhere are allowed), with the built-in modes available as in a real project.
    const compiled = compile(treeOf(sources), { ...FIXED_OPTIONS, layersBeneath: [{ name: null, modes: builtinModes, presets: {} }] });
    expect(compiled.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    for (const [key, text] of Object.entries(spec.expectPrompt ?? {})) {
      const prompt = compiled.bundle?.modes[key]?.prompt ?? [];
      expect(
        prompt.every((s) => "text" in s),
        `mode ${key} has only text segments`,
      ).toBe(true);
      expect(prompt.map((s) => ("text" in s ? s.text : "")).join("")).toBe(text);
    }
  });

  test("an over-long prompt skips its entry with a warning instead of truncating behaviour", () => {
    const text = JSON.stringify({ key: "huge", label: "Huge", opener: "x".repeat(70_000) });
    const result = IMPORTERS["pi-modes"]([{ path: "huge.json", text }], { overlay: false, builtinModeKeys: [], suffix: "pi" });
    expect(result.sources).toEqual({});
    expect(result.skipped).toEqual([{ file: "huge.json", path: "" }]);
    expect(result.diagnostics.find((d) => d.code === "import_value_too_long")).toMatchObject({ severity: "warning", path: "/opener" });
  });
});
