// Test files are read as strictly as sources: schema errors in forge's words at line and column, the nearest name for
// every typo (fields, hosts, presets, modes, blocks, rules), and what the schema cannot say.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { resolveTarget } from "../../compiler/io/forge-target.js";
import { readTestSide } from "../../compiler/io/test-side.js";
import { readTestFiles } from "../../compiler/prompt-tests/test-files.js";
import type { Diagnostic } from "../../core/diagnostic.js";
import { writeFixture } from "../support/forge-test-fixture.js";

const file = (text: string, path = "tests/t.yaml") => ({ path, bytes: new TextEncoder().encode(text) });
const read = (text: string) => readTestFiles([file(text)]);
const line = (d: Diagnostic) => `${d.start?.line}:${d.start?.column} ${d.code}: ${d.message}`;

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The diagnostics forge test reports for one test file beside the shared fixture's sources. */
function checked(text: string): string[] {
  const root = mkdtempSync(join(tmpdir(), "forge-test-files-"));
  dirs.push(root);
  writeFixture(root, { "tests/t.yaml": text });
  return readTestSide(resolveTarget({ root }, { PATH: process.env.PATH }, root)).diagnostics.map(line);
}

describe("test files", () => {
  test("only tests/<name>.yaml|yml|json directly in tests/ are test files; snapshots beside them are not", () => {
    const t = readTestFiles([
      file("tests: [{ name: a, modes: [focus], assert: { snapshot: true } }]\n", "tests/a.yml"),
      file('{"tests": [{"name": "b", "modes": ["focus"], "assert": {"snapshot": true}}]}', "tests/b.json"),
      file("not a test", "tests/a.snap/a.pi-1.txt"),
      file("tests: []\n", "tests/deep/c.yaml"),
    ]);
    expect(t.files).toBe(2);
    expect(t.tests.map((x) => [x.file, x.name])).toEqual([
      ["tests/a.yml", "a"],
      ["tests/b.json", "b"],
    ]);
  });

  test("defaults fill the inputs and hosts", () => {
    const [t] = read("tests:\n  - name: a\n    modes: [focus]\n    assert: { snapshot: true }\n").tests;
    expect(t).toMatchObject({
      hosts: ["pi-0.73", "pi-1"],
      prompt: "forge test",
      inputs: { cwd: "/repo", model: "forge-test/capture", os: "linux", date: "2026-01-15", time: "09:30", touched: [] },
      at: { line: 2, column: 11 },
    });
  });

  test("a typo in a field gets the nearest field, at its line and column", () => {
    const d = read("tests:\n  - name: a\n    modes: [focus]\n    asert: { snapshot: true }\n").diagnostics.map(line);
    expect(d).toContain(
      '4:5 unknown_field: unknown field "asert"; did you mean "assert"? allowed: name, description, preset, modes, updates, hosts, prompt, inputs, assert, expect. Example: assert: { contains: ["Stay on the task"], snapshot: true }',
    );
    const inner = read("tests:\n  - name: a\n    modes: [focus]\n    assert: { contain: [x], snapshot: true }\n").diagnostics.map(line);
    expect(inner.some((l) => l.startsWith('4:15 unknown_field: unknown field "contain"; did you mean "contains"?'))).toBe(true);
    const inputs = read("tests:\n  - name: a\n    modes: [focus]\n    inputs: { toucehd: [a] }\n    assert: { snapshot: true }\n").diagnostics.map(line);
    expect(inputs.some((l) => l.includes('unknown field "toucehd"; did you mean "touched"?'))).toBe(true);
  });

  test("a host, a text-or-pattern and a names set are checked in forge's words", () => {
    const hosts = read("tests:\n  - name: a\n    modes: [focus]\n    hosts: [pi-0.7]\n    assert: { snapshot: true }\n").diagnostics.map(line);
    expect(hosts).toEqual([
      '4:13 invalid_value: hosts is the string "pi-0.7" (did you mean "pi-0.73"?); allowed values: pi-0.73, pi-1. Example: hosts: [pi-0.73, pi-1]',
    ]);
    const pattern = read("tests:\n  - name: a\n    modes: [focus]\n    assert: { contains: [{ patern: x }] }\n").diagnostics.map(line);
    expect(pattern).toEqual(['4:28 unknown_field: unknown field "patern"; did you mean "pattern"? allowed: pattern. Example: pattern: "evidence|proof"']);
    const names = read("tests:\n  - name: a\n    modes: [focus]\n    assert: { tools: { exclude: [bash] } }\n").diagnostics.map(line);
    expect(names.some((l) => l.includes('unknown field "exclude"; did you mean "excludes"?'))).toBe(true);
    const wrong = read("tests:\n  - name: a\n    modes: [focus]\n    assert: { contains: [3] }\n").diagnostics.map(line);
    expect(wrong).toEqual([
      '4:26 wrong_type: expected contains: a text, or { pattern: "<RE2 expression>" }, got 3. Example: contains: ["Stay on the task", { pattern: "evidence|proof" }]',
    ]);
  });

  test("selection, duplicate names, patterns, paths and an unused check", () => {
    const d = read(
      'tests:\n  - name: a\n    assert: { snapshot: true }\n  - name: a\n    preset: p\n    modes: [m]\n    assert: { contains: [{ pattern: "(?=x)" }] }\n' +
        "  - name: c\n    modes: [m]\n    updates: [freeze]\n    hosts: [pi-0.73]\n    inputs: { touched: [../outside.txt] }\n    assert: { sections: [cwd] }\n",
    ).diagnostics.map(line);
    expect(d).toEqual(
      [
        'test_selection_invalid: test "a" names no selection. Example: preset: shipping, or modes: [focus, ship-check]',
        'test_selection_invalid: test "a" names both a preset and modes. Example: preset: shipping, or modes: [focus, ship-check]',
        'test_pattern_invalid: test "a": the pattern "(?=x)" is not an RE2 expression (forge matches patterns in linear time, so lookarounds and backreferences are refused). Example: { pattern: "Stay on (the|this) task" }',
        'test_duplicate_name: a test named "a" is already defined on line 2 of this file; give each test its own name, e.g. name: a-2',
        'test_selection_invalid: test "c" switches on system updates, which are blocks of a preset, but names no preset. Example: preset: shipping, or modes: [focus, ship-check]',
        'invalid_value: the path "../outside.txt" is not inside the project: give it relative to the project root. Example: touched: [src/db/schema.sql]',
        'test_assertion_unused: test "c" checks sections, but runs only on pi-0.73, which has no prompt sections: the check never runs. Add pi-1 to hosts (hosts: [pi-0.73, pi-1]) or remove sections',
      ].map((m, i) => `${["2:5", "6:12", "7:37", "4:11", "10:14", "12:25", "13:25"][i]} ${m}`),
    );
  });

  test("names resolve against the compiled sources, with the nearest one", () => {
    expect(checked("tests:\n  - name: a\n    preset: shiping\n    assert: { snapshot: true }\n")).toEqual([
      '3:13 test_unknown_name: test "a" names the preset "shiping", which is not defined; did you mean "shipping"? defined: audit, careful-change, docs, shipping.',
    ]);
    const more = checked(
      "tests:\n  - name: a\n    preset: shipping\n    updates: [freze]\n    assert: { rules: { on: [db-schem] } }\n  - name: b\n    modes: [focus, shipcheck]\n    assert: { snapshot: true }\n",
    );
    expect(more).toEqual([
      '4:15 test_unknown_name: test "a" names the system-update block of preset shipping "freze", which is not defined; did you mean "freeze"? defined: api-style, freeze.',
      '5:29 test_unknown_name: test "a" names the path rule "db-schem", which is not defined; did you mean "db-schema"? defined: api-style, db-schema.',
      expect.stringMatching(/^7:20 test_unknown_name: test "b" names the mode "shipcheck", which is not defined; did you mean "ship-check"\?/),
    ]);
  });
});
