// Reads forge test files (.pi/forge/tests/*.yaml|yml|json) as strictly as sources: decoded and parsed with positions,
// checked against schema/test.schema.json, then what the schema cannot say. Pure: the files come from the source tree.
import type { Diagnostic } from "../../core/diagnostic.js";
import { compileLinear } from "../../core/path-match.js";
import { suggestClosest } from "../../core/suggest.js";
import { validateTestSource } from "../../generated/transfer-validators.js";
import type { ForgeTestSource, PromptTestSource, TestTextMatch } from "../../generated/types.js";
import type { ValidationError } from "../../generated/validator.js";
import { duplicateListEntry, invalidValue, unknownField, wrongType } from "../diagnostics/codes.js";
import { testAssertionUnused, testDuplicateName, testPatternInvalid, testSelectionInvalid } from "../diagnostics/test-codes.js";
import { decodeFile } from "../phases/1-decode.js";
import { parseOne, type ParsedSource } from "../phases/2-parse.js";
import { ALLOWED_FIELDS, exampleFor } from "../phases/field-examples.js";
import { mapAjvError } from "../phases/schema-errors.js";
import { pointerSegments, whereAt } from "../phases/yaml-positions.js";
import type { SourceFile } from "../types.js";
import { DEFAULT_INPUTS, DEFAULT_PROMPT, HOST_IDS, type PromptTest } from "./test-case.js";

/** Test files live here, relative to the forge root. */
export const TESTS_DIR = "tests";

const TEST_FILE = /^tests\/([^/]+)\.(yaml|yml|json)$/;

export interface TestFiles {
  /** Every test that may run: its file has no error, nor has the test (a test with an error is left out). */
  tests: PromptTest[];
  diagnostics: Diagnostic[];
  /** The parsed documents, by file: later checks (names against the catalog) point into them. */
  sources: ReadonlyMap<string, ParsedSource>;
  /** How many test files there were. */
  files: number;
}

/** Whether a source-tree path is a test file (tests/<name>.yaml, .yml or .json, directly in tests/). */
export function isTestFile(path: string): boolean {
  return TEST_FILE.test(path);
}

/**
 * A `oneOf` the schema uses for a text-or-pattern or a names list-or-mapping: ajv's errors inside it are dropped by
 * mapAjvError, so the value gets one diagnostic here, with the nearest field for a typo in a mapping.
 */
function oneOfDiagnostic(source: ParsedSource, err: ValidationError): Diagnostic {
  const segments = pointerSegments(err.instancePath);
  let value: unknown = source.value;
  for (const s of segments) value = value !== null && typeof value === "object" ? (value as Record<string, unknown>)[s] : undefined;
  const field = segments.filter((s) => !/^\d+$/.test(s)).at(-1) ?? "";
  const names = field === "tools" || field === "sections";
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    const allowed = names ? ALLOWED_FIELDS.testNameSet : ["pattern"];
    const extra = Object.keys(value).find((k) => !allowed.includes(k));
    if (extra !== undefined) {
      const near = suggestClosest(extra, allowed);
      return unknownField(whereAt(source, [...segments, extra], "key"), extra, allowed, near, exampleFor(near ?? allowed[0]!));
    }
  }
  const expected = names ? "a list of names, or a mapping of exactly, includes and excludes" : 'a text, or { pattern: "<RE2 expression>" }';
  return wrongType(whereAt(source, segments), `${field}: ${expected}`, JSON.stringify(value)?.slice(0, 60) ?? "nothing", exampleFor(field));
}

function schemaDiagnostics(source: ParsedSource): Diagnostic[] {
  if (validateTestSource(source.value)) return [];
  const errors = validateTestSource.errors ?? [];
  const out: Diagnostic[] = [];
  for (const err of errors) {
    const d = mapAjvError(source, err);
    if (d !== null) out.push(d);
  }
  // A oneOf whose value no other error reached: the branches' own errors were dropped above.
  for (const err of errors) {
    if (err.keyword !== "oneOf") continue;
    const path = err.instancePath;
    if (!out.some((d) => d.path === path || d.path.startsWith(`${path}/`))) out.push(oneOfDiagnostic(source, err));
  }
  return out;
}

/** The patterns of a test, each with where it is written. */
function patternsOf(test: PromptTestSource): Array<{ segments: (string | number)[]; pattern: string }> {
  const out: Array<{ segments: (string | number)[]; pattern: string }> = [];
  const collect = (list: readonly TestTextMatch[] | undefined, path: (string | number)[]) =>
    list?.forEach((m, i) => typeof m !== "string" && out.push({ segments: [...path, i, "pattern"], pattern: m.pattern }));
  collect(test.assert.contains, ["assert", "contains"]);
  collect(test.assert.notContains, ["assert", "notContains"]);
  collect(test.expect?.contains, ["expect", "contains"]);
  collect(test.expect?.notContains, ["expect", "notContains"]);
  return out;
}

/** A touched path or an edits path must name a file inside the project, relative to its root. */
function outsideRoot(path: string): boolean {
  return path.startsWith("/") || path.startsWith("~") || /^[A-Za-z]:[\\/]/.test(path) || path.split(/[\\/]/).includes("..");
}

/** What the schema cannot say about one test: its selection, patterns, paths, and a check that never runs. */
function checkTest(source: ParsedSource, test: PromptTestSource, index: number): Diagnostic[] {
  const at = (...segments: (string | number)[]) => whereAt(source, ["tests", index, ...segments]);
  const out: Diagnostic[] = [];
  if (test.preset === undefined && test.modes === undefined) out.push(testSelectionInvalid(at(), test.name, "names no selection"));
  if (test.preset !== undefined && test.modes !== undefined) out.push(testSelectionInvalid(at("modes"), test.name, "names both a preset and modes"));
  if (test.updates !== undefined && test.preset === undefined)
    out.push(testSelectionInvalid(at("updates"), test.name, "switches on system updates, which are blocks of a preset, but names no preset"));
  for (const { segments, pattern } of patternsOf(test)) {
    if (compileLinear(pattern) === null) out.push(testPatternInvalid(at(...segments), test.name, pattern));
  }
  const paths: Array<[(string | number)[], string]> = [
    ...(test.inputs?.touched ?? []).map((p, i): [(string | number)[], string] => [["inputs", "touched", i], p]),
    ...(test.assert.edits?.allowed ?? []).map((p, i): [(string | number)[], string] => [["assert", "edits", "allowed", i], p]),
    ...(test.assert.edits?.refused ?? []).map((p, i): [(string | number)[], string] => [["assert", "edits", "refused", i], p]),
  ];
  for (const [segments, path] of paths) {
    if (outsideRoot(path))
      out.push(
        invalidValue(
          at(...segments),
          `the path ${JSON.stringify(path)} is not inside the project: give it relative to the project root`,
          "touched: [src/db/schema.sql]",
        ),
      );
  }
  test.hosts?.forEach((host, i) => {
    if (test.hosts!.indexOf(host) !== i) out.push(duplicateListEntry(at("hosts", i), "hosts", host));
  });
  if (test.assert.sections !== undefined && test.hosts !== undefined && !test.hosts.includes("pi-1"))
    out.push(testAssertionUnused(at("assert", "sections"), test.name));
  return out;
}

function promptTest(file: string, source: ParsedSource, test: PromptTestSource, index: number): PromptTest {
  const where = whereAt(source, ["tests", index, "name"]);
  const [date, time] = (test.inputs?.date ?? `${DEFAULT_INPUTS.date}T${DEFAULT_INPUTS.time}`).split("T");
  return {
    file,
    index,
    name: test.name,
    at: where.start ?? { line: 1, column: 1 },
    preset: test.preset ?? null,
    modes: test.modes ?? null,
    updates: test.updates ?? [],
    hosts: test.hosts ?? [...HOST_IDS],
    prompt: test.prompt ?? DEFAULT_PROMPT,
    inputs: {
      cwd: test.inputs?.cwd ?? DEFAULT_INPUTS.cwd,
      model: test.inputs?.model ?? DEFAULT_INPUTS.model,
      os: test.inputs?.os ?? DEFAULT_INPUTS.os,
      date: date!,
      time: time ?? DEFAULT_INPUTS.time,
      touched: test.inputs?.touched ?? [],
    },
    assert: test.assert,
    expect: test.expect ?? null,
  };
}

/** One test file: parsed, validated, each test checked; the tests without an error. */
function readTestFile(file: SourceFile): { tests: PromptTest[]; diagnostics: Diagnostic[]; source: ParsedSource | null } {
  const decoded = decodeFile(file.path, file.bytes, file.tooLarge === true);
  if (decoded.text === null) return { tests: [], diagnostics: decoded.diagnostics, source: null };
  const [, stem] = TEST_FILE.exec(file.path)!;
  const { source, diagnostics } = parseOne("test", stem!, file.path, decoded.text, file.path.endsWith(".json"));
  const all = [...decoded.diagnostics, ...diagnostics];
  if (source.value === undefined || all.some((d) => d.severity === "error")) return { tests: [], diagnostics: all, source };
  const schema = schemaDiagnostics(source);
  all.push(...schema);
  if (schema.some((d) => d.severity === "error")) return { tests: [], diagnostics: all, source };
  const data = source.value as ForgeTestSource;
  const tests: PromptTest[] = [];
  const seen = new Map<string, number>();
  data.tests.forEach((test, index) => {
    const own = checkTest(source, test, index);
    const first = seen.get(test.name);
    if (first !== undefined) own.push(testDuplicateName(whereAt(source, ["tests", index, "name"]), test.name, first));
    else seen.set(test.name, whereAt(source, ["tests", index, "name"]).start?.line ?? 1);
    all.push(...own);
    if (!own.some((d) => d.severity === "error")) tests.push(promptTest(file.path, source, test, index));
  });
  return { tests, diagnostics: all, source };
}

/** Every test file of the source tree, in path order. */
export function readTestFiles(files: readonly SourceFile[]): TestFiles {
  const tests: PromptTest[] = [];
  const diagnostics: Diagnostic[] = [];
  const sources = new Map<string, ParsedSource>();
  const testFiles = files.filter((f) => isTestFile(f.path)).sort((a, b) => (a.path < b.path ? -1 : 1));
  for (const file of testFiles) {
    const read = readTestFile(file);
    tests.push(...read.tests);
    diagnostics.push(...read.diagnostics);
    if (read.source !== null) sources.set(file.path, read.source);
  }
  return { tests, diagnostics, sources, files: testFiles.length };
}
