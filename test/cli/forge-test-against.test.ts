// `forge test --against HEAD~1`: the ref's sources built in a temporary git worktree, every test run on both sides; a
// test that passes on both but whose prompt changed is listed as changed, with its diff and token change.
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { validateTestReport } from "../../generated/report-validators.js";
import { writeFixture } from "../support/forge-test-fixture.js";
import { assertBuilt, makeTempDir, removeTempDirs, runCli } from "./helpers.js";

const TESTS = `tests:
  - name: shipping-prompt
    preset: shipping
    assert: { contains: ["Stay on the task"], snapshot: true }
  - name: docs-prompt
    preset: docs
    assert: { snapshot: true }
`;

let root: string;

function git(...args: string[]): string {
  const r = spawnSync("git", ["-c", "user.name=t", "-c", "user.email=t@forge.invalid", "-c", "commit.gpgsign=false", ...args], { cwd: root, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout;
}

beforeAll(() => {
  assertBuilt();
  root = makeTempDir("forge-test-against-");
  writeFixture(root, { "tests/prompts.yaml": TESTS });
  expect(runCli(["test", "--update"], root).code).toBe(0);
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "base");
  // The pull request: a partial edited, the snapshots it changes reviewed and updated.
  writeFileSync(join(root, ".pi/forge/partials/house-style.md"), "Answer in plain sentences; cite the files you read.\n");
  expect(runCli(["test", "--update"], root).code).toBe(0);
  git("commit", "-qam", "house style cites files");
});
afterAll(() => removeTempDirs());

describe("forge test --against", { timeout: 240_000 }, () => {
  test("lists the prompts that changed since HEAD~1, passing on both sides, with diff and token change", () => {
    const r = runCli(["test", "--against", "HEAD~1"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("against HEAD~1: 2 prompts changed");
    expect(r.stdout).toMatch(/^changed: shipping-prompt on pi-0\.73 \(passed -> passed, \+\d+ tokens? \(\d+ -> \d+\)\)/m);
    expect(r.stdout).toMatch(/^changed: shipping-prompt on pi-1 \(passed -> passed/m);
    expect(r.stdout).not.toContain("docs-prompt on pi-1 (passed");
    expect(r.stdout).toContain("    +Stay on the task in front of you in {{cwd}}. Answer in plain sentences; cite the files you read.");
    // The temporary worktree is gone.
    expect(git("worktree", "list").trim().split("\n")).toHaveLength(1);
  });

  test("--json and --format markdown carry the comparisons", () => {
    const json = JSON.parse(runCli(["test", "--against", "HEAD~1", "--json"], root).stdout);
    expect(validateTestReport(json), JSON.stringify(validateTestReport.errors?.slice(0, 2))).toBe(true);
    expect(json.summary.changed).toBe(2);
    expect(json.against.comparisons.map((c: { test: string; host: string; verdict: string }) => `${c.test} ${c.host} ${c.verdict}`)).toEqual([
      "shipping-prompt pi-0.73 changed",
      "shipping-prompt pi-1 changed",
      "docs-prompt pi-0.73 unchanged",
      "docs-prompt pi-1 unchanged",
    ]);
    const md = runCli(["test", "--against", "HEAD~1", "--format", "markdown"], root).stdout;
    expect(md).toContain("### Prompt changes against `HEAD~1`");
    expect(md).toMatch(/<details><summary>preset shipping: 2 prompts \(\+\d+ tokens\)<\/summary>/);
  });

  test("a broken test is listed as broken; an unknown ref is a clear failure", () => {
    writeFileSync(join(root, ".pi/forge/partials/house-style.md"), "Be terse.\n");
    const r = runCli(["test", "--against", "HEAD~1"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^broken: shipping-prompt on pi-1 \(passed -> failed/m);
    expect(runCli(["test", "--against", "no-such-ref"], root)).toMatchObject({
      code: 1,
      stderr: "forge: --against no-such-ref: no such commit in this repository\n",
    });
    git("checkout", "--", ".");
  });
});
