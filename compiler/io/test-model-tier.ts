// forge test --model provider/id --runs N: each test with `expect:` run N times through Pi with a real model (the
// user's own model files and keys, copied into a temporary agent directory), in a temporary copy of the project; a
// pass rate per test and host, and the tokens the provider reported. Never part of plain forge test.
import type { TestResult } from "../prompt-tests/evaluate.js";
import { skipped } from "../prompt-tests/evaluate.js";
import { judgeRun } from "../prompt-tests/expectations.js";
import { hostsOf } from "../prompt-tests/run-pure.js";
import { HOST_IDS, type HostId, type PromptTest } from "../prompt-tests/test-case.js";
import { makeReport, type HostStatus, type TestReport } from "../prompt-tests/test-report.js";
import { agentDir, packagePath } from "./forge-target.js";
import { createAgentDir } from "./pi/pi-agent-dir.js";
import { findHost } from "./pi/pi-install.js";
import { startPiRpc } from "./pi/pi-rpc.js";
import { prepareSession, runPrompt } from "./pi/pi-session.js";
import { copyProject, type ProjectCopy } from "./project-copy.js";
import { currentBundle } from "./test-pi-tier.js";
import { TestRunError } from "./test-run-error.js";
import type { TestSide } from "./test-side.js";

/** A real model may take minutes for a turn with tool calls. */
const RUN_MS = 600_000;

export interface ModelRun {
  model: string;
  runs: number;
  hosts: readonly HostId[] | null;
  env: NodeJS.ProcessEnv;
  extension?: string;
}

/** One test's N runs on one host: every expectation counted over the runs. */
function resultOf(
  test: PromptTest,
  host: HostId,
  version: string,
  verdicts: Array<{ failures: string[]; inputTokens: number; outputTokens: number }>,
): TestResult {
  const passed = verdicts.filter((v) => v.failures.length === 0).length;
  const counts = new Map<string, number>();
  for (const v of verdicts) for (const f of new Set(v.failures)) counts.set(f, (counts.get(f) ?? 0) + 1);
  const at = { line: test.at.line, column: test.at.column };
  const assertions = [
    { kind: "expect" as const, passed: passed === verdicts.length, message: `${passed}/${verdicts.length} runs met every expectation`, ...at },
    ...[...counts].map(([f, n]) => ({ kind: "expect" as const, passed: false, message: `${f} (${n} of ${verdicts.length} runs)`, ...at })),
  ];
  return {
    ...skipped(test, host, "model", "", version),
    status: passed === verdicts.length ? "passed" : "failed",
    reason: null,
    assertions,
    runs: {
      runs: verdicts.length,
      passed,
      inputTokens: verdicts.reduce((n, v) => n + v.inputTokens, 0),
      outputTokens: verdicts.reduce((n, v) => n + v.outputTokens, 0),
    },
  };
}

async function runHost(
  host: HostId,
  side: TestSide,
  copy: ProjectCopy,
  tests: readonly PromptTest[],
  run: ModelRun,
): Promise<{ results: TestResult[]; status: HostStatus }> {
  const lookup = findHost(host, side.target.root, run.env);
  if (!lookup.ok)
    return {
      results: tests.map((t) => skipped(t, host, "model", lookup.problem, lookup.version)),
      status: { host, version: lookup.version, problem: lookup.problem },
    };
  const installed = lookup.installed;
  const bundle = currentBundle(side);
  const agent = createAgentDir(host, { userAgentDir: agentDir(run.env) }, [...side.outer, { root: copy.root, bundle }], run.env);
  const slash = run.model.indexOf("/");
  const rpc = startPiRpc({
    node: installed.node,
    cli: installed.cli,
    args: [
      "--no-session",
      "--provider",
      run.model.slice(0, slash),
      "--model",
      run.model.slice(slash + 1),
      "-e",
      run.extension ?? packagePath("dist", "extension.js"),
    ],
    cwd: copy.root,
    env: agent.env,
  });
  const results: TestResult[] = [];
  try {
    await rpc.send({ type: "get_state" }, 90_000);
    for (const test of tests) {
      const verdicts = [];
      try {
        for (let i = 0; i < run.runs; i++) {
          const prepared = await prepareSession(rpc, test, run.model);
          if (prepared.refused !== null) throw new Error(`the selection was refused: ${prepared.refused}`);
          const { end } = await runPrompt(rpc, test.prompt, RUN_MS);
          verdicts.push(judgeRun(test.expect!, { messages: Array.isArray(end.messages) ? end.messages : [] }));
        }
        results.push(resultOf(test, host, installed.version, verdicts));
      } catch (err) {
        results.push(skipped(test, host, "model", `Pi ${installed.version}: ${err instanceof Error ? err.message : String(err)}`, installed.version));
      }
    }
  } finally {
    await rpc.close();
    agent.remove();
  }
  return { results, status: { host, version: installed.version, problem: null } };
}

/** The behaviour tier: hosts one after the other (a shared model's rate limits, and scripted replies, stay in order). */
export async function runModelTier(side: TestSide, tests: readonly PromptTest[], run: ModelRun): Promise<TestReport> {
  const withExpect = tests.filter((t) => t.expect !== null).map((t) => ({ ...t, inputs: { ...t.inputs, model: run.model } }));
  if (withExpect.length === 0)
    throw new TestRunError("forge test --model runs the tests that have expect:, and none has; add expect: { contains: [...] } to a test");
  currentBundle(side);
  const copy = copyProject(side.target.root, run.env);
  const results: TestResult[] = [];
  const hosts: HostStatus[] = [];
  try {
    for (const host of HOST_IDS) {
      const mine = withExpect.filter((t) => hostsOf(t, run.hosts).includes(host));
      if (mine.length === 0) continue;
      const done = await runHost(host, side, copy, mine, run);
      results.push(...done.results);
      hosts.push(done.status);
    }
  } finally {
    copy.remove();
  }
  return makeReport({ tier: "model", hosts, tests: withExpect.length, results, against: null, diagnostics: side.diagnostics });
}
