// No claim, cited test or example is lost when text moves between README.md and docs/: the inventory of what tests
// hold in the docs keeps every entry of the recorded baseline, and the inventory sees a claim, a citation and an
// example go (and a claim that moves with its test to another page stay).
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { BASELINE_FILE, type ClaimsInventory, citedPaths, claimsInventory, handWrittenExamples, lostClaims } from "../../scripts/docs/claims-inventory.js";
import { claimsInTest } from "../../scripts/docs/test-claims.js";
import { testTempDir } from "../support/temp-dir.js";

const REPO = join(import.meta.dirname, "..", "..");
function repoOf(files: Record<string, string>): string {
  const dir = testTempDir("forge-claims-");
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), text);
  }
  return dir;
}

const noModules = () => null;

describe("the claims inventory", () => {
  it("keeps every held claim, cited file and example of the baseline (npm run docs -- --record-claims records it)", () => {
    const baseline: ClaimsInventory = JSON.parse(readFileSync(join(REPO, BASELINE_FILE), "utf8"));
    const now = claimsInventory(REPO);
    expect(lostClaims(baseline, now), "a claim went: move it with its test, or record the baseline if it goes on purpose").toEqual([]);
    expect(baseline.held.length).toBeGreaterThan(15);
    expect(baseline.cited).toContain("test/e2e/readme-route.e2e.test.ts");
    expect(baseline.examples.some((e) => e.startsWith("npm ci && npm run demo"))).toBe(true);
  });

  it("reads a test's claims on a doc: contains, absent, matches, includes, and a helper that holds a marked block", () => {
    const source = [
      'const README = readFileSync(join(ROOT, "README.md"), "utf8");',
      'const GUIDE = readFileSync(join(ROOT, "docs/guides/ci.md"), "utf8");',
      "function expectScreen(name: string, text: string) {",
      "  const start = `<!-- screen:${name}:start -->`;",
      "  expect(README.slice(README.indexOf(start))).toContain(text);",
      "}",
      'it("says it", () => {',
      '  expect(README).toContain("npm ci && npm run demo");',
      '  expect(README).not.toContain("apt-get install");',
      "  expect(GUIDE).toMatch(/--format github/);",
      '  if (!GUIDE.includes("forge verify")) throw new Error();',
      '  expectScreen("drift-dialog", "x");',
      '  expect(other).toContain("not a doc");',
      "});",
    ].join("\n");
    expect(claimsInTest("test/x.test.ts", source, noModules).map((c) => `${c.id} (${c.test})`)).toEqual([
      "contains:npm ci && npm run demo (says it)",
      "absent:apt-get install (says it)",
      "matches:/--format github/ (says it)",
      "contains:forge verify (says it)",
      "block:screen:drift-dialog (says it)",
    ]);
    expect(claimsInTest("test/y.test.ts", 'expect(text).toContain("a");', noModules)).toEqual([]);
  });

  it("reports a claim whose test went, a citation and an example dropped; a claim moved with its test stays", () => {
    const readmeTest = (doc: string) => `const README = readFileSync(join(ROOT, "${doc}"), "utf8");\nit("t", () => expect(README).toContain("forge build"));\n`;
    const before = repoOf({
      "README.md": "# forge\n\nRun `forge build` (held by `test/a.test.ts`).\n\n```sh\nforge build --check\n```\n",
      "DEVELOPERS.md": "# dev\n",
      "test/a.test.ts": readmeTest("README.md"),
    });
    const baseline = claimsInventory(before);
    expect(baseline).toEqual({
      held: ["contains:forge build"],
      cited: ["test/a.test.ts"],
      examples: [expect.stringMatching(/^forge build --check #[0-9a-f]{10}$/)],
    });

    const moved = repoOf({
      "README.md": "# forge\n\nSee [the guide](docs/guides/ci.md).\n",
      "DEVELOPERS.md": "# dev\n",
      "docs/guides/ci.md": "# CI\n\nRun `forge build` (held by `test/a.test.ts`).\n\n```sh\nforge  build   --check\n```\n",
      "test/a.test.ts": readmeTest("docs/guides/ci.md"),
    });
    expect(lostClaims(baseline, claimsInventory(moved))).toEqual([]);

    const lost = repoOf({ "README.md": "# forge\n\n```sh\nforge build\n```\n", "DEVELOPERS.md": "# dev\n", "test/a.test.ts": "it('t', () => {});\n" });
    expect(lostClaims(baseline, claimsInventory(lost))).toEqual(["held: contains:forge build", "cited: test/a.test.ts", `examples: ${baseline.examples[0]}`]);
  });

  it("cites only files that exist, and leaves out blocks a test renders between markers", () => {
    const dir = repoOf({ "test/a.test.ts": "", "examples/demo/x": "" });
    expect(citedPaths(dir, "`test/a.test.ts`, examples/demo/, test/gone.test.ts, a-test/a.test.ts")).toEqual(["test/a.test.ts", "examples/demo"]);
    const page = "```sh\nforge init\n```\n<!-- cli:explain:start -->\n```text\nrendered\n```\n<!-- cli:explain:end -->\n";
    expect(handWrittenExamples(page)).toEqual([expect.stringMatching(/^forge init #/)]);
  });
});
