// The pure tier's fixed inputs: cwd, model, os, date and time fill the runtime slots as the extension fills them, the
// snapshot writes cwd and date as placeholders, and touched paths switch on path rules and nested context files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { resolveTarget } from "../../compiler/io/forge-target.js";
import { readTestSide } from "../../compiler/io/test-side.js";
import type { TestResult } from "../../compiler/prompt-tests/evaluate.js";
import { runPureTier } from "../../compiler/prompt-tests/run-pure.js";

const FILES: Record<string, string> = {
  ".pi/forge/forge.yaml": "contextFiles: nested\n",
  ".pi/forge/modes/slots.yaml":
    "label: Slots\ndescription: Every slot.\nstrategy: append\nprompt: 'cwd={{cwd}} date={{date}} time={{time}} model={{model}} os={{os}} mode={{mode}} preset={{preset}}'\n",
  ".pi/forge/presets/slots.yaml": "description: Slots.\noverlays: [slots]\n",
  "src/db/AGENTS.md": "Database code: every query goes through the repository layer.\n",
  ".pi/forge/tests/inputs.yaml": `tests:
  - name: fixed
    preset: slots
    inputs: { cwd: /work/app, model: openai/gpt-5, os: darwin, date: 2025-03-04T07:05, touched: [src/db/query.ts] }
    assert: { contains: ["cwd=/work/app date=2025-03-04 time=07:05 model=openai/gpt-5 os=darwin mode=slots preset=slots"] }
  - name: defaults
    modes: [slots]
    assert: { contains: ["cwd=/repo date=2026-01-15 time=09:30 model=forge-test/capture os=linux mode=slots preset="] }
`,
};

let root: string;
let results: TestResult[];

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "forge-test-inputs-"));
  for (const [path, text] of Object.entries(FILES)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  const side = readTestSide(resolveTarget({ root }, { PATH: process.env.PATH }, root));
  expect(side.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  results = runPureTier(side.ctx!, side.tests, side.sources, {
    stored: side.stored,
    update: false,
    hosts: null,
    updateCommand: "npx --no-install forge test --update",
  }).results;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("the pure tier's inputs", () => {
  test("fill every runtime slot, on both hosts", () => {
    for (const r of results) expect(r.status, `${r.test} on ${r.host}: ${JSON.stringify(r.assertions)}`).toBe("passed");
    expect(results).toHaveLength(4);
  });

  test("the snapshot text writes the cwd and date as placeholders; 1.x's cwd section is the input's", () => {
    const r = results.find((x) => x.test === "fixed" && x.host === "pi-1")!;
    expect(r.prompt).toContain("<cwd>\n{{cwd}}\n</cwd>");
    expect(r.prompt).toContain("cwd={{cwd}} date={{date}} time=07:05");
    expect(r.prompt).not.toContain("/work/app");
  });

  test("a touched path switches on the nested context file's rule, whose text arrives as a forge message", () => {
    const r = results.find((x) => x.test === "fixed" && x.host === "pi-0.73")!;
    expect(r.rulesOn).toHaveLength(1);
    expect(r.prompt).toContain(`==== forge message 1 (user role) ====\n<system_update id="${r.rulesOn[0]}">\n`);
    expect(r.prompt).toContain("Database code: every query goes through the repository layer.");
    expect(results.find((x) => x.test === "defaults")!.rulesOn).toEqual([]);
  });
});
