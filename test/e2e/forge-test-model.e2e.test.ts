// forge test --model provider/id --runs N against the e2e fake provider with scripted replies, on both hosts (one
// after the other): each test's expect: judged on every run, a pass rate per test and host, the token spend from the
// provider's usage, and the agent working in a copy of the project (its edits never reach the real one).
import { tmpdir } from "node:os";
import { spawn } from "node:child_process";
import { existsSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateTestReport } from "../../generated/report-validators.js";
import { startFakeServer, type FakeServer } from "../../scripts/demo/fake-server.js";
import { createPiEnv, type PiEnv } from "../../scripts/demo/pi-env.js";
import { killLeftoverPi, REPO_ROOT } from "../../scripts/demo/pi-host.js";
import { writeFixture } from "../support/forge-test-fixture.js";
import { FORGE_CLI, forgeBuild } from "./harness/forge-project.js";

const TESTS = `tests:
  - name: docs-evidence
    preset: docs
    prompt: Update the guide and say how you checked it.
    assert: { contains: [Change documentation only.] }
    expect: { contains: [Evidence], noEditOutsideLimit: true }
  - name: no-expect
    preset: docs
    assert: { contains: [Change documentation only.] }
`;

/** One host's three runs: one that passes, one that writes outside the limit and gives no evidence, one that writes inside it. */
const RUNS = [
  [{ text: "Guide updated. Evidence: the docs build passed." }],
  [{ toolCalls: [{ name: "write", arguments: { path: "src/app.ts", content: "export const x = 1;\n" } }] }, { text: "done" }],
  [{ toolCalls: [{ name: "write", arguments: { path: "docs/guide.md", content: "# Guide\n" } }] }, { text: "Evidence: I wrote docs/guide.md." }],
];

let server: FakeServer;
let env: PiEnv;
let report: any;
let stdout: string;

/** The CLI, spawned without blocking: the fake provider answers Pi from this process meanwhile. */
function forgeTest(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [FORGE_CLI, "test", ...args], {
    cwd: env.cwd,
    // The user's own Pi setup: its agent directory holds the provider (the fake one) the run uses.
    env: {
      PATH: process.env.PATH,
      TMPDIR: tmpdir(),
      HOME: env.home,
      PI_CODING_AGENT_DIR: env.agentDir,
      FORGE_CACHE_DIR: join(env.root, "cache"),
      NO_COLOR: "1",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (d: string) => (stdout += d));
  child.stderr.setEncoding("utf8").on("data", (d: string) => (stderr += d));
  const timer = setTimeout(() => child.kill("SIGKILL"), 400_000);
  return new Promise((resolve) => child.once("close", (code) => (clearTimeout(timer), resolve({ code, stdout, stderr }))));
}

beforeAll(async () => {
  server = await startFakeServer();
  env = await createPiEnv({ baseUrl: server.baseUrl });
  writeFixture(env.cwd, { "tests/behaviour.yaml": TESTS });
  symlinkSync(join(REPO_ROOT, "node_modules"), join(env.cwd, "node_modules"), "dir");
  forgeBuild({ root: env.cwd });
  server.enqueue(...RUNS.flat(), ...RUNS.flat());
  const run = await forgeTest(["--model", "fake/fake-model", "--runs", "3", "--json"]);
  report = JSON.parse(run.stdout);
  server.enqueue({ text: "Evidence: one more run." });
  stdout = (await forgeTest(["--model", "fake/fake-model", "--host", "pi-1", "--runs", "1"])).stdout;
}, 600_000);

afterAll(async () => {
  killLeftoverPi();
  await server?.close();
  await env?.cleanup();
});

describe("forge test --model", () => {
  it("runs only the tests with expect:, N times on each host, and reports the pass rate", () => {
    expect(validateTestReport(report), JSON.stringify(validateTestReport.errors?.slice(0, 2))).toBe(true);
    expect(report.tier).toBe("model");
    expect(report.results.map((r: any) => [r.test, r.host, r.status, r.runs.passed, r.runs.runs])).toEqual([
      ["docs-evidence", "pi-0.73", "failed", 2, 3],
      ["docs-evidence", "pi-1", "failed", 2, 3],
    ]);
    expect(report.results[0].assertions.map((a: any) => a.message)).toEqual([
      "2/3 runs met every expectation",
      'the reply does not contain "Evidence" (1 of 3 runs)',
      "1 edit was refused by an edit limit (1 of 3 runs)",
    ]);
  });

  it("counts the tokens the provider reported, and prints the spend", () => {
    const usage = server
      .completions()
      .slice(0, 10)
      .map((c) => c.usage!);
    const reported = report.results.reduce((n: number, r: any) => n + r.runs.inputTokens, 0);
    expect(reported).toBe(usage.reduce((n, u) => n + u.prompt_tokens, 0));
    expect(report.results.reduce((n: number, r: any) => n + r.runs.outputTokens, 0)).toBe(usage.reduce((n, u) => n + u.completion_tokens, 0));
    expect(stdout).toMatch(/^token spend: [\d,]+ input, [\d,]+ output tokens \(the provider's usage, as Pi recorded it\)$/m);
    expect(stdout).toContain("✓ docs-evidence on pi-1 (");
  });

  it("the agent works in a copy of the project: a write inside the limit never reaches the real one", () => {
    const wrote = server.completions().filter((c) => JSON.stringify(c.body.messages).includes("Successfully wrote"));
    expect(wrote.length).toBe(2);
    expect(existsSync(join(env.cwd, "docs", "guide.md"))).toBe(false);
  });
});
