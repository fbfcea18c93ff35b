// forge test's pure tier on the shared fixture: every assertion kind has a passing and a failing test, each failure
// says what was expected and what was found, at the assertion's line in the test file.
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { resolveTarget } from "../../compiler/io/forge-target.js";
import { readTestSide, type TestSide } from "../../compiler/io/test-side.js";
import type { TestResult } from "../../compiler/prompt-tests/evaluate.js";
import { runPureTier } from "../../compiler/prompt-tests/run-pure.js";
import { snapshotFileText } from "../../compiler/prompt-tests/snapshots.js";
import { KIND_TESTS, KINDS, kindTest, writeFixture } from "../support/forge-test-fixture.js";

let root: string;
let results: TestResult[];

function side(): TestSide {
  return readTestSide(resolveTarget({ root }, { PATH: process.env.PATH }, root));
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "forge-test-kinds-"));
  writeFixture(root, { "tests/kinds.yaml": KIND_TESTS });
  const s = side();
  expect(s.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  // snapshot-pass gets the snapshot the tier writes; snapshot-fail one that was right before an edit.
  const written = runPureTier(s.ctx!, s.tests, s.sources, {
    stored: s.stored,
    update: true,
    hosts: null,
    updateCommand: "npx --no-install forge test --update",
  }).writes;
  for (const w of written.filter((w) => w.file.includes("/snapshot-"))) {
    const file = join(root, ".pi", "forge", w.file);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, w.file.includes("snapshot-fail") ? snapshotFileText(w.text.replace("Stay on the task", "Stay on this task").slice(0, -1)) : w.text);
  }
  const again = side();
  results = runPureTier(again.ctx!, again.tests, again.sources, {
    stored: again.stored,
    update: false,
    hosts: null,
    updateCommand: "npx --no-install forge test --update",
  }).results;
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

const of = (name: string) => results.filter((r) => r.test === name);

describe("each assertion kind passes and fails", () => {
  test.each(KINDS)("%s", (kind) => {
    const pass = of(`${kindTest(kind)}-pass`);
    const fail = of(`${kindTest(kind)}-fail`);
    expect(pass.length).toBeGreaterThan(0);
    expect(fail.length).toBeGreaterThan(0);
    for (const r of pass) expect(r.status, `${r.test} on ${r.host}: ${JSON.stringify(r.assertions.filter((a) => !a.passed))}`).toBe("passed");
    for (const r of fail) {
      expect(r.status).toBe("failed");
      const failed = r.assertions.filter((a) => !a.passed);
      expect(failed.map((a) => a.kind)).toContain(kind);
      // At the assertion's own line: below the test's name.
      expect(failed.every((a) => a.line > r.line)).toBe(true);
    }
  });

  test("each failure says what was expected and what was found", () => {
    const message = (name: string, host = "pi-0.73") =>
      of(name)
        .find((r) => r.host === host)!
        .assertions.find((a) => !a.passed)!.message;
    expect(message("contains-fail")).toBe('expected the prompt to contain "Write tests first"; it does not');
    expect(message("not-contains-fail")).toMatch(/^expected the prompt not to contain "no preamble"; it does \(line \d+ of the prompt\)$/);
    expect(message("order-fail")).toMatch(/^expected "# Focus" \(item 2\) after "# Ship check"; it comes before it/);
    expect(message("tokens-fail")).toMatch(/^\d+ always-on tokens, over the max 5 by \d+$/);
    expect(message("sections-fail", "pi-1")).toMatch(/^expected forge-review among them \(sections: preamble, tools, rules, docs, cwd, forge-focus/);
    expect(message("tools-fail")).toBe("expected bash among them (tools: read, edit, write, grep)");
    expect(message("edits-fail")).toMatch(/^src\/app\.ts: expected allowed; refused: forge: edit refused: .*docs-only/);
    expect(message("rules-fail")).toBe("expected api-style on; expected db-schema off; on: db-schema (touched src/db/schema.sql)");
    expect(message("snapshot-fail")).toMatch(/^the prompt differs from its snapshot: ±0 tokens \(\d+ -> \d+\)$/);
    expect(message("selection-fail")).toMatch(/^the selection is refused: contracts: .*strict.*focus/);
  });

  test("a failing snapshot carries the unified diff", () => {
    const r = of("snapshot-fail").find((x) => x.host === "pi-1")!;
    expect(r.snapshot?.status).toBe("mismatched");
    expect(r.snapshot?.diff).toContain("-Stay on this task in front of you in {{cwd}}. Answer in plain sentences; no preamble.");
    expect(r.snapshot?.diff).toContain("+Stay on the task in front of you in {{cwd}}. Answer in plain sentences; no preamble.");
    expect(r.snapshot?.diff.startsWith("--- snapshot\n+++ prompt now\n@@ ")).toBe(true);
  });

  test("tokens is the always-on figure forge explain prints", async () => {
    const { explainTokens } = await import("../../compiler/review/explain-tokens.js");
    const s = side();
    const expected = explainTokens(s.ctx!.catalog, "shipping", ["focus", "ship-check"], s.ctx!.tokensOf!).alwaysOn;
    expect(of("tokens-pass")[0]!.assertions.find((a) => a.kind === "tokens")!.message).toBe(`${expected} always-on tokens (o200k_base)`);
  });
});
