// `forge test` through the built CLI on a repository with presets and tests: it passes; editing a partial fails exactly
// the tests whose prompts changed, each with a unified diff and the token change; --update makes them pass; the
// reporters (github, markdown, junit against a JUnit schema, --json against its schema); exit codes; usage errors.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { validateCliReport, validateTestReport } from "../../generated/report-validators.js";
import { writeFixture } from "../support/forge-test-fixture.js";
import { junitErrors } from "../support/junit-schema.js";
import { assertBuilt, makeTempDir, removeTempDirs, runCli } from "./helpers.js";

const TESTS = `tests:
  - name: shipping-prompt
    preset: shipping
    updates: [freeze]
    assert:
      contains: ["Stay on the task"]
      snapshot: true
  - name: docs-prompt
    preset: docs
    assert:
      tools: { excludes: [bash] }
      snapshot: true
  - name: focus-alone
    modes: [focus]
    hosts: [pi-1]
    assert: { snapshot: true }
`;

let root: string;

beforeAll(() => {
  assertBuilt();
  root = makeTempDir("forge-test-cli-");
  writeFixture(root, { "tests/prompts.yaml": TESTS });
});
afterAll(() => removeTempDirs());

const partial = () => join(root, ".pi", "forge", "partials", "house-style.md");

describe("forge test", { timeout: 240_000 }, () => {
  test("a repository with presets and tests passes once its snapshots are written", () => {
    const first = runCli(["test"], root);
    expect(first.code).toBe(1);
    expect(first.stdout).toContain("no snapshot yet; run `npx --no-install forge test --update` to write it");
    const update = runCli(["test", "--update"], root);
    expect(update.code).toBe(0);
    expect(update.stdout).toContain("written .pi/forge/tests/prompts.snap/shipping-prompt.pi-0.73.txt");
    expect(readFileSync(join(root, ".pi/forge/tests/prompts.snap/focus-alone.pi-1.txt"), "utf8")).toContain("<cwd>\n{{cwd}}\n</cwd>");
    const pass = runCli(["test"], root);
    expect(pass.code).toBe(0);
    expect(pass.stdout).toContain("forge test: 5 passed (3 tests, 5 results; pure tier)");
  });

  test("editing a partial fails exactly the tests whose prompts changed, each with a diff and the token change; --update fixes them", () => {
    writeFileSync(partial(), "Answer in plain sentences; no preamble. Cite the files you read.\n");
    const r = runCli(["test"], root);
    expect(r.code).toBe(1);
    const failed = [...r.stdout.matchAll(/^✗ (\S+) on (\S+)/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(failed).toEqual(["shipping-prompt pi-0.73", "shipping-prompt pi-1", "focus-alone pi-1"]);
    expect(r.stdout).toMatch(/snapshot: the prompt differs from its snapshot: \+6 tokens \(\d+ -> \d+\)/);
    expect(r.stdout).toContain("-Stay on the task in front of you in {{cwd}}. Answer in plain sentences; no preamble.\n");
    expect(r.stdout).toContain("      +Stay on the task in front of you in {{cwd}}. Answer in plain sentences; no preamble. Cite the files you read.");
    expect(r.stdout).toContain("✓ docs-prompt on pi-0.73");
    const update = runCli(["test", "--update"], root);
    expect(update.code).toBe(0);
    expect(update.stdout).toMatch(/updated \.pi\/forge\/tests\/prompts\.snap\/shipping-prompt\.pi-1\.txt \(\+6 tokens/);
    expect(runCli(["test"], root).code).toBe(0);
  });

  test("--format github annotates the failing assertion's line; markdown folds each preset's diffs", () => {
    writeFileSync(partial(), "Answer in one sentence.\n");
    const gh = runCli(["test", "--format", "github"], root, {
      ...process.env,
      NO_COLOR: "1",
      GITHUB_WORKSPACE: root,
      PI_CODING_AGENT_DIR: join(root, "no-agent"),
    });
    expect(gh.code).toBe(1);
    expect(gh.stdout).toContain(
      "::error file=.pi/forge/tests/prompts.yaml,line=7,col=17,title=forge test shipping-prompt on pi-0.73%3A snapshot::the prompt differs",
    );
    expect(gh.stdout).toMatch(/^forge test: failed \(2 passed, 3 failed, 0 not run\)$/m);
    const md = runCli(["test", "--format", "markdown"], root);
    expect(md.stdout).toMatch(/^## ❌ forge test: 2 passed, 3 failed/);
    expect(md.stdout).toContain("<details><summary>preset shipping: 2 prompts (");
    expect(md.stdout).toContain("<details><summary>modes: 1 prompt (");
    expect(md.stdout).toContain("```diff\n--- snapshot\n+++ prompt now\n");
    expect(md.stdout).toContain("| docs-prompt | pi-1 | ✅ passed | `.pi/forge/tests/prompts.yaml:8` |");
  });

  test("--reporter junit writes a file that validates against a JUnit schema (Jenkins' junit-4.xsd, with libxml2)", async () => {
    const out = join(root, "junit.xml");
    const r = runCli(["test", "--reporter", "junit", "--out", out], root);
    expect(r.code).toBe(1);
    const xml = readFileSync(out, "utf8");
    expect(await junitErrors(xml)).toEqual([]);
    expect(xml).toContain('<testsuite name=".pi/forge/tests/prompts.yaml" tests="5" failures="3" errors="0" skipped="0" time="0">');
    expect(xml).toContain('<failure type="snapshot" message="the prompt differs from its snapshot');
    // Without --out the XML is the standard output.
    expect(await junitErrors(runCli(["test", "--reporter", "junit"], root).stdout)).toEqual([]);
  });

  test("the validator refuses what the JUnit schema forbids (so the check above can fail)", async () => {
    const ok = '<testsuites><testsuite name="a" tests="1" failures="0" errors="0"><testcase name="t"/></testsuite></testsuites>';
    expect(await junitErrors(ok)).toEqual([]);
    expect((await junitErrors(ok.replace(' tests="1"', ""))).join()).toMatch(/attribute 'tests' is required/);
    expect((await junitErrors(ok.replace("<testcase ", '<testcase line="3" '))).join()).toMatch(/attribute 'line' is not allowed/);
    expect((await junitErrors(ok.replace('name="t"/>', 'name="t"><skipped message="x"/></testcase>'))).join()).toMatch(/'message' is not allowed/);
    expect((await junitErrors(ok.replace('name="t"/>', 'name="t"><oops/></testcase>'))).join()).toMatch(/oops/);
  });

  test("--json matches schema/test-report.schema.json (and the cli report schema), paths from the current directory", () => {
    const r = runCli(["test", "--json"], join(root, ".pi"));
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { results: Array<{ file: string; snapshot: { file: string } | null }>; status: string };
    expect(validateTestReport(report), JSON.stringify(validateTestReport.errors?.slice(0, 3))).toBe(true);
    expect(validateCliReport(report)).toBe(true);
    expect(report.status).toBe("failed");
    expect(report.results[0]!.file).toBe("forge/tests/prompts.yaml");
    expect(report.results[0]!.snapshot!.file).toBe("forge/tests/prompts.snap/shipping-prompt.pi-0.73.txt");
    writeFileSync(partial(), "Answer in plain sentences; no preamble. Cite the files you read.\n");
  });

  test("names and files pick tests; usage errors exit 2; a project without tests says how to get one", () => {
    expect(runCli(["test", ".pi/forge/tests/prompts.yaml", "--host", "pi-1"], root).stdout).toContain("3 passed (3 tests, 3 results");
    const one = runCli(["test", "docs-prompt"], root);
    expect(one.code).toBe(0);
    expect(one.stdout).toContain("forge test: 2 passed (1 test, 2 results; pure tier)");
    expect(runCli(["test", "--host", "pi-1", "focus-alone"], root).stdout).toContain("1 passed (1 test, 1 result");
    expect(runCli(["test", "nope"], root)).toMatchObject({ code: 1, stderr: 'forge: no test is named "nope" and no test file is nope\n' });
    const host = runCli(["test", "--host", "pi-2"], root);
    expect(host.code).toBe(2);
    expect(host.stderr).toContain("forge: --host takes pi-0.73 or pi-1 (a comma list), got 'pi-2'; did you mean 'pi-1'?");
    expect(runCli(["test", "--reporter", "xml"], root).code).toBe(2);
    expect(runCli(["build", "--format", "markdown"], root).stderr).toContain("--format must be human, github or json");
    expect(runCli(["test", "--update", "--against", "HEAD"], root).code).toBe(2);
    const empty = makeTempDir("forge-test-empty-");
    writeFixture(empty);
    expect(runCli(["test"], empty)).toMatchObject({
      code: 1,
      stderr: "forge: no test files: .pi/forge/tests holds no *.yaml, *.yml or *.json test (npx --no-install forge init writes an example)\n",
    });
  });
});
