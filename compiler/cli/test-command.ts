// `forge test`: reads the tests and the sources, runs the pure tier (or --pi, --against, --model), writes --update's
// snapshots, and prints the report in the asked format (human, github, markdown, json; junit beside it).
import { mkdirSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { writeTextAtomic } from "../../io/atomic-write.js";
import { describeFailure } from "../io/describe-failure.js";
import { isDirectory, resolveTarget } from "../io/forge-target.js";
import { readTestSide, type TestSide } from "../io/test-side.js";
import { runAgainst } from "../io/test-against.js";
import { TestRunError } from "../io/test-run-error.js";
import { runPiTier } from "../io/test-pi-tier.js";
import { runModelTier } from "../io/test-model-tier.js";
import { displayPath } from "../output/display-path.js";
import { colorEnabled, makePainter } from "../output/painter.js";
import { renderTestAnnotations } from "../output/render-test-github.js";
import { renderTestJunit } from "../output/render-test-junit.js";
import { renderTestMarkdown } from "../output/render-test-markdown.js";
import { renderTestReport } from "../output/render-test.js";
import type { SnapshotWrite } from "../prompt-tests/evaluate.js";
import { runPureTier, type TierOptions, type TierRun } from "../prompt-tests/run-pure.js";
import type { PromptTest } from "../prompt-tests/test-case.js";
import { exitCodeOf, makeReport, type HostStatus, type TestReport } from "../prompt-tests/test-report.js";
import { diagnosticsForJson, pathFromCwd, printDiagnostics, printFailure, type CliIO } from "./cli-io.js";
import type { CliArgs } from "./parse-cli-args.js";
import { forgeCommand, scopeWords } from "../../core/forge-command.js";

/** The tests the positional arguments pick: each a test's name or its file (as given, from the current directory). */
export function pickTests(tests: readonly PromptTest[], picks: readonly string[], forgeRoot: string, cwd: string): PromptTest[] | { unknown: string } {
  if (picks.length === 0) return [...tests];
  const chosen = new Set<PromptTest>();
  for (const pick of picks) {
    const file = resolve(cwd, pick);
    const matches = tests.filter((t) => t.name === pick || join(forgeRoot, ...t.file.split("/")) === file);
    if (matches.length === 0) return { unknown: pick };
    for (const m of matches) chosen.add(m);
  }
  return tests.filter((t) => chosen.has(t));
}

/** One side's run in the tier the flags ask for. */
function runTier(
  pi: boolean,
  env: NodeJS.ProcessEnv,
): (side: TestSide, tests: readonly PromptTest[], options: TierOptions) => Promise<TierRun & { hosts: HostStatus[] }> {
  return async (side, tests, options) =>
    pi ? runPiTier(side, tests, options, { env }) : { ...runPureTier(side.ctx!, tests, side.sources, options), hosts: [] };
}

/** This run with --update: the same tests (names, files), tier, hosts and root, so the hint rewrites only those snapshots. */
function updateCommandOf(args: CliArgs): string {
  const hosts = args.test.hosts === null ? [] : ["--host", args.test.hosts.join(",")];
  return forgeCommand("test", ...args.positionals, ...(args.test.pi ? ["--pi"] : []), ...hosts, "--update", ...scopeWords(args));
}

function writeSnapshots(forgeRoot: string, writes: readonly SnapshotWrite[]): void {
  for (const w of writes) {
    const path = join(forgeRoot, ...w.file.split("/"));
    mkdirSync(dirname(path), { recursive: true });
    writeTextAtomic(path, w.text);
  }
}

function print(report: TestReport, side: TestSide, args: CliArgs, io: CliIO): void {
  const show = pathFromCwd(io, side.target.forgeRoot);
  if (args.test.junit) {
    const xml = renderTestJunit(report, show);
    if (args.out !== undefined) writeTextAtomic(resolve(io.cwd, args.out), xml);
    else if (args.format === "human") io.stdout.write(xml);
  }
  if (args.format === "json") {
    const forJson = {
      ...report,
      results: report.results.map((r) => ({ ...r, file: show(r.file), snapshot: r.snapshot && { ...r.snapshot, file: show(r.snapshot.file) } })),
      against: report.against && { ...report.against, comparisons: report.against.comparisons.map((c) => ({ ...c, file: show(c.file) })) },
      diagnostics: diagnosticsForJson(report.diagnostics, io, side.target.forgeRoot),
    };
    io.stdout.write(`${JSON.stringify(forJson, null, 2)}\n`);
    return;
  }
  printDiagnostics({ report, getSource: side.getSource }, io, side.target.forgeRoot);
  if (args.format === "github") io.stdout.write(renderTestAnnotations(report, side.target.forgeRoot, io.env.GITHUB_WORKSPACE ?? io.cwd));
  else if (args.format === "markdown") io.stdout.write(renderTestMarkdown(report, show));
  else if (!(args.test.junit && args.out === undefined)) io.stdout.write(renderTestReport(report, makePainter(colorEnabled(io.stdout, io.env)), show));
}

export async function testCommand(args: CliArgs, io: CliIO): Promise<number> {
  const target = resolveTarget(args, io.env, io.cwd);
  const json = args.format === "json";
  const github = args.format === "github";
  if (!isDirectory(target.forgeRoot)) {
    return printFailure(
      io,
      json,
      "test",
      `no forge sources: ${target.displayForgeRoot} is not a directory; run \`npx --no-install forge init\` to create it`,
      github,
    );
  }
  let side: TestSide;
  try {
    side = readTestSide(target);
  } catch (err) {
    return printFailure(io, json, "test", describeFailure(err), github);
  }
  for (const w of side.warnings) io.stderr.write(w);
  if (side.testFiles === 0) {
    const dir = displayPath(io.cwd, join(target.forgeRoot, "tests"));
    return printFailure(
      io,
      json,
      "test",
      `no test files: ${dir} holds no *.yaml, *.yml or *.json test (npx --no-install forge init writes an example)`,
      github,
    );
  }
  const picked = pickTests(side.tests, args.positionals, target.forgeRoot, io.cwd);
  if ("unknown" in picked)
    return printFailure(io, json, "test", `no test is named ${JSON.stringify(picked.unknown)} and no test file is ${picked.unknown}`, github);
  let report: TestReport;
  try {
    if (side.ctx === null) {
      report = makeReport({ tier: args.test.pi ? "pi" : "pure", hosts: [], tests: 0, results: [], against: null, diagnostics: side.diagnostics });
    } else if (args.test.model !== null) {
      report = await runModelTier(side, picked, { model: args.test.model, runs: args.test.runs, hosts: args.test.hosts, env: io.env });
    } else {
      const tier = runTier(args.test.pi, io.env);
      const options = { update: args.test.update, hosts: args.test.hosts, updateCommand: updateCommandOf(args) };
      const run = await tier(side, picked, { ...options, stored: side.stored });
      writeSnapshots(target.forgeRoot, run.writes);
      const against =
        args.test.against === null
          ? null
          : await runAgainst(side, picked, run.results, { ref: args.test.against, writeBundle: args.test.pi, options, env: io.env, runTier: tier });
      report = makeReport({
        tier: args.test.pi ? "pi" : "pure",
        hosts: run.hosts,
        tests: picked.length,
        results: run.results,
        against,
        diagnostics: side.diagnostics,
      });
    }
  } catch (err) {
    return printFailure(io, json, "test", err instanceof TestRunError ? err.message : describeFailure(err), github);
  }
  print(report, side, args, io);
  return exitCodeOf(report);
}
