// forge test --pi before any Pi starts: a host that is not installed, or whose Node is too old, is named with what to
// install, and its tests count as not run (exit 1); a stale bundle is refused with the command that fixes it.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { validateTestReport } from "../../generated/report-validators.js";
import { writeFixture } from "../support/forge-test-fixture.js";
import { junitErrors } from "../support/junit-schema.js";
import { assertBuilt, cleanEnv, makeTempDir, removeTempDirs, runCli } from "./helpers.js";

const TESTS = "tests:\n  - name: shipping\n    preset: shipping\n    assert: { contains: [Stay on the task] }\n";
/** No pi anywhere on it: the test's PATH has only the system's directories. */
const env = () => cleanEnv({ PATH: "/usr/bin:/bin", HOME: makeTempDir("forge-test-home-") });

let root: string;
beforeAll(() => {
  assertBuilt();
  root = makeTempDir("forge-test-hosts-");
  writeFixture(root, { "tests/t.yaml": TESTS });
  expect(runCli(["build"], root).code).toBe(0);
});

afterAll(removeTempDirs);

describe("forge test --pi without the hosts", { timeout: 180_000 }, () => {
  test("says which host is not installed and what to install; its tests are not run and the run fails", async () => {
    const r = runCli(["test", "--pi"], root, env());
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      "pi-0.73: pi-0.73 is not installed: no @mariozechner/pi-coding-agent in this project's node_modules and no pi of it on PATH; install it in the project (npm install --save-dev @mariozechner/pi-coding-agent) or for the user (npm install -g @mariozechner/pi-coding-agent)",
    );
    expect(r.stdout).toContain("pi-1: pi-1 is not installed: no @earendil-works/pi-coding-agent in this project's node_modules");
    expect(r.stdout).toContain("- shipping on pi-1: not run: pi-1 is not installed");
    expect(r.stdout).toContain("forge test: 0 passed, 2 not run (1 test, 2 results; captured from Pi)");
    const json = JSON.parse(runCli(["test", "--pi", "--json", "--host", "pi-1"], root, env()).stdout);
    expect(validateTestReport(json)).toBe(true);
    expect(json).toMatchObject({ status: "failed", hosts: [{ host: "pi-1", version: null }], summary: { skipped: 1 } });
    // A test not run is a skipped testcase whose text says why, still valid JUnit.
    const junit = runCli(["test", "--pi", "--reporter", "junit", "--host", "pi-1"], root, env()).stdout;
    expect(junit).toContain("<skipped>pi-1 is not installed");
    expect(await junitErrors(junit)).toEqual([]);
  });

  test("a host whose Node is too old says which Node it needs", () => {
    const pkg = join(root, "node_modules", "@earendil-works", "pi-coding-agent");
    mkdirSync(pkg, { recursive: true });
    writeFileSync(
      join(pkg, "package.json"),
      JSON.stringify({ name: "@earendil-works/pi-coding-agent", version: "9.9.9", bin: { pi: "cli.js" }, engines: { node: ">=99.0.0" } }),
    );
    const r = runCli(["test", "--pi", "--host", "pi-1"], root, env());
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `pi-1: pi-1 (@earendil-works/pi-coding-agent 9.9.9) needs Node 99.0+; this is Node ${process.versions.node} and no other fits: install one, e.g. npm install --save-dev node@99`,
    );
  });

  test("a stale bundle is refused: Pi would load it, not the sources", () => {
    writeFileSync(join(root, ".pi/forge/partials/house-style.md"), "Be brief.\n");
    expect(runCli(["test", "--pi"], root, env())).toMatchObject({
      code: 1,
      stderr:
        "forge: .pi/forge/bundle.json is stale: it differs from the sources; run `npx --no-install forge build` first: forge test --pi runs Pi, which loads the built bundle\n",
    });
    // The pure tier composes the sources themselves.
    expect(runCli(["test"], root, env()).code).toBe(0);
  });
});
