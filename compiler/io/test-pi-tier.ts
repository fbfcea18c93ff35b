// forge test --pi: each host installed for the project runs as one Pi process (RPC) with forge's extension, against a
// capture server forge ships; every test is a new session: its selection, its blocks switched on, one prompt (the
// scripted model reads the touched paths first), and the last request body is captured and judged.
import { realpathSync } from "node:fs";
import { readBoundedText } from "../../io/read-bounded.js";
import { formatLocalDate } from "../../core/template.js";
import { LIMITS } from "../../generated/constants.js";
import type { ForgeBundle } from "../../generated/types.js";
import { capturedView, type RealValues } from "../prompt-tests/captured-view.js";
import { factsOf, judge, skipped, type SnapshotWrite, type TestResult } from "../prompt-tests/evaluate.js";
import { volatileOf } from "../prompt-tests/prompt-view.js";
import { hostsOf, type TierOptions, type TierRun } from "../prompt-tests/run-pure.js";
import { HOST_IDS, type HostId, type PromptTest } from "../prompt-tests/test-case.js";
import type { HostStatus } from "../prompt-tests/test-report.js";
import { packagePath } from "./forge-target.js";
import { createAgentDir } from "./pi/pi-agent-dir.js";
import { startCaptureServer, type CaptureServer } from "./pi/capture-server.js";
import { findHost, type InstalledHost } from "./pi/pi-install.js";
import { startPiRpc, type PiRpc } from "./pi/pi-rpc.js";
import { prepareSession, runPrompt } from "./pi/pi-session.js";
import type { TestSide } from "./test-side.js";
import { TestRunError } from "./test-run-error.js";

/** Generous: a loaded 2-core machine starts Pi in seconds, not milliseconds. */
const START_MS = 90_000;

export interface PiTierEnv {
  env: NodeJS.ProcessEnv;
  /** The forge extension Pi loads (default: dist/extension.js of this forge). */
  extension?: string;
}

/** The bundle on disk must be the one the sources build: Pi loads that file, not the sources. */
export function currentBundle(side: TestSide): ForgeBundle {
  const read = readBoundedText(side.target.bundlePath, LIMITS.maxBundleBytes);
  const build = "run `npx --no-install forge build` first: forge test --pi runs Pi, which loads the built bundle";
  if (!read.ok) throw new TestRunError(`${side.target.displayPath} cannot be read (${read.reason}); ${build}`);
  let bundle: ForgeBundle;
  try {
    bundle = JSON.parse(read.text) as ForgeBundle;
  } catch {
    throw new TestRunError(`${side.target.displayPath} is not JSON; ${build}`);
  }
  if (bundle.bundleHash !== side.bundleHash) throw new TestRunError(`${side.target.displayPath} is stale: it differs from the sources; ${build}`);
  return bundle;
}

interface HostRun {
  installed: InstalledHost;
  rpc: PiRpc;
  server: CaptureServer;
  model: string;
}

/** One test in a fresh session of the host's process. */
async function runOne(run: HostRun, side: TestSide, test: PromptTest, options: TierOptions): Promise<{ result: TestResult; write: SnapshotWrite | null }> {
  const { rpc, server, installed } = run;
  const started = formatLocalDate(new Date());
  const prepared = await prepareSession(rpc, test, run.model);
  run.model = prepared.model;
  const refused = prepared.refused;
  const reads = test.inputs.touched.map((path) => ({ name: "read", arguments: { path } }));
  server.reset(reads.length > 0 ? [{ toolCalls: reads }] : []);
  const { from } = await runPrompt(rpc, test.prompt);
  const bodies = server.bodies();
  if (bodies.length === 0) throw new Error("Pi sent no request to the capture server");
  const body = bodies[bodies.length - 1];
  const rulesOn = rpc.noticesFrom(from).flatMap((n) => /^forge: rule (\S+) switched on/.exec(n)?.[1] ?? []);
  const root = side.target.root;
  const real: RealValues = {
    cwds: [root, realpathSync(root)],
    dates: [started, formatLocalDate(new Date())],
    piPackage: [installed.packageDir, installed.packageRealDir],
  };
  const view = capturedView(body, installed.host, test, real, { rulesOn, refused });
  const judged = judge(test, view, factsOf(side.ctx!, test), {
    tier: "pi",
    hostVersion: installed.version,
    volatile: volatileOf(test.inputs),
    source: side.sources.get(test.file)!,
    stored: options.stored,
    update: options.update,
    updateCommand: options.updateCommand,
  });
  return { result: { ...judged.result, request: body as Record<string, unknown> }, write: judged.write };
}

/** Every test of one host through one Pi process; a test that could not run says why. */
async function runHost(
  host: HostId,
  side: TestSide,
  tests: readonly PromptTest[],
  options: TierOptions,
  bundle: ForgeBundle,
  piEnv: PiTierEnv,
): Promise<TierRun & { status: HostStatus }> {
  const lookup = findHost(host, side.target.root, piEnv.env);
  if (!lookup.ok)
    return {
      results: tests.map((t) => skipped(t, host, "pi", lookup.problem, lookup.version)),
      writes: [],
      status: { host, version: lookup.version, problem: lookup.problem },
    };
  const installed = lookup.installed;
  const server = await startCaptureServer();
  const models = [...new Set(tests.map((t) => t.inputs.model))];
  const layers = [...side.outer, { root: side.target.root, bundle }];
  const agent = createAgentDir(host, { baseUrl: server.baseUrl, models }, layers, piEnv.env);
  const first = models[0]!;
  const slash = first.indexOf("/");
  const rpc = startPiRpc({
    node: installed.node,
    cli: installed.cli,
    args: [
      "--no-session",
      "--provider",
      first.slice(0, slash),
      "--model",
      first.slice(slash + 1),
      "-e",
      piEnv.extension ?? packagePath("dist", "extension.js"),
    ],
    cwd: side.target.root,
    env: agent.env,
  });
  const results: TestResult[] = [];
  const writes: SnapshotWrite[] = [];
  let broken: string | null = null;
  try {
    await rpc.send({ type: "get_state" }, START_MS).catch((err: Error) => {
      broken = `Pi ${installed.version} did not start: ${err.message}`;
    });
    const run: HostRun = { installed, rpc, server, model: first };
    for (const test of tests) {
      if (broken !== null) {
        results.push(skipped(test, host, "pi", broken, installed.version));
        continue;
      }
      try {
        const one = await runOne(run, side, test, options);
        results.push(one.result);
        if (one.write !== null) writes.push(one.write);
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        results.push(skipped(test, host, "pi", `Pi ${installed.version}: ${why}`, installed.version));
        if (!rpc.alive()) broken = `Pi ${installed.version} exited: ${rpc.stderrTail().split("\n").slice(-2).join(" / ") || why}`;
      }
    }
  } finally {
    await rpc.close();
    await server.close();
    agent.remove();
  }
  return { results, writes, status: { host, version: installed.version, problem: broken } };
}

/** The captured tier: both hosts at once (one process each), results in the pure tier's order (per test, per host). */
export async function runPiTier(
  side: TestSide,
  tests: readonly PromptTest[],
  options: TierOptions,
  piEnv: PiTierEnv,
): Promise<TierRun & { hosts: HostStatus[] }> {
  const bundle = currentBundle(side);
  const hosts = HOST_IDS.filter((h) => tests.some((t) => hostsOf(t, options.hosts).includes(h)));
  const runs = await Promise.all(
    hosts.map((h) =>
      runHost(
        h,
        side,
        tests.filter((t) => hostsOf(t, options.hosts).includes(h)),
        options,
        bundle,
        piEnv,
      ),
    ),
  );
  const results: TestResult[] = [];
  for (const test of tests) {
    for (const host of hostsOf(test, options.hosts)) {
      const r = runs[hosts.indexOf(host)]!.results.find((x) => x.file === test.file && x.test === test.name);
      if (r !== undefined) results.push(r);
    }
  }
  return { results, writes: runs.flatMap((r) => r.writes), hosts: runs.map((r) => r.status) };
}
