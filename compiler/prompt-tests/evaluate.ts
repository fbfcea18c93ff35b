// One test on one host, judged: its assertions and snapshot on the prompt a tier produced, as one result with every
// place pointed at in the test file. Both tiers (and both sides of --against) judge through here.
import type { Position } from "../../core/diagnostic.js";
import type { ParsedSource } from "../phases/2-parse.js";
import { whereAt } from "../phases/yaml-positions.js";
import { explainTokens, type TokensOf } from "../review/explain-tokens.js";
import { checkAssertions, type AssertionFacts, type AssertionKind } from "./assertions.js";
import { resolveTestSelection, type TestContext } from "./pure-run.js";
import { promptText, withPlaceholders, type PromptView, type Volatile } from "./prompt-view.js";
import { compareSnapshot, snapshotFileText, snapshotPath, type SnapshotResult, type StoredSnapshot, type Tier } from "./snapshots.js";
import type { HostId, PromptTest } from "./test-case.js";

export interface AssertionOutcome {
  kind: AssertionKind;
  passed: boolean;
  message: string;
  /** Where the assertion is written in the test file. */
  line: number;
  column: number;
}

export interface TestResult {
  /** The test file, relative to the forge root. */
  file: string;
  /** Where the test starts in it. */
  line: number;
  column: number;
  test: string;
  host: HostId;
  tier: Tier | "model";
  /** The installed host's version (--pi); null for the pure tier. */
  hostVersion: string | null;
  status: "passed" | "failed" | "skipped";
  /** Why it was skipped (a host not installed) or could not run; null otherwise. */
  reason: string | null;
  preset: string | null;
  assertions: AssertionOutcome[];
  snapshot: SnapshotResult | null;
  /** The prompt text with placeholders: what the snapshot holds (kept for --against and the studio). */
  prompt: string;
  /** The tools the request declares, the 1.x sections (null on 0.73) and the rules that switched on. */
  tools: string[];
  sections: string[] | null;
  rulesOn: string[];
  /** --pi: the request body Pi sent, as captured. */
  request?: Record<string, unknown>;
  /** --model: how many runs met every expectation, and the tokens they spent (the provider's usage). */
  runs?: { runs: number; passed: number; inputTokens: number; outputTokens: number };
}

/** A snapshot file to write (--update), relative to the forge root. */
export interface SnapshotWrite {
  file: string;
  text: string;
}

/** A test's figures that do not depend on the host: its always-on tokens and its modes' edit limits. */
export function factsOf(ctx: TestContext & { tokensOf?: TokensOf }, test: PromptTest): AssertionFacts {
  const resolved = resolveTestSelection(ctx.catalog, test);
  const keys = "error" in resolved ? [] : [...(resolved.candidate.base === null ? [] : [resolved.candidate.base]), ...resolved.candidate.overlays];
  const modes = keys.map((key) => ({ key, mode: ctx.catalog.modes.get(key)!.mode, layer: ctx.catalog.modes.get(key)!.layer }));
  let alwaysOn: AssertionFacts["alwaysOn"] = { missing: "the selection is refused" };
  if (!("error" in resolved) && ctx.tokensOf) {
    const tokens = explainTokens(ctx.catalog, resolved.preset, keys, ctx.tokensOf);
    alwaysOn = tokens.alwaysOn ?? { missing: tokens.missing ?? "not counted" };
  }
  return { alwaysOn, modes, root: ctx.root };
}

export interface Judged {
  result: TestResult;
  write: SnapshotWrite | null;
}

/** Judges `view` for `test`: assertions, then the snapshot (read through `stored`), placed in `source`. */
export function judge(
  test: PromptTest,
  view: PromptView,
  facts: AssertionFacts,
  run: {
    tier: Tier;
    hostVersion: string | null;
    volatile: Volatile;
    source: ParsedSource;
    stored: (file: string) => StoredSnapshot;
    update: boolean;
    updateCommand: string;
  },
): Judged {
  const at = (segments: (string | number)[]): Position => whereAt(run.source, ["tests", test.index, ...segments]).start ?? test.at;
  const assertions = checkAssertions(test, view, facts).map((a) => ({ kind: a.kind, passed: a.passed, message: a.message, ...lineColumn(at(a.at)) }));
  const prompt = withPlaceholders(promptText(view), run.volatile);
  let snapshot: SnapshotResult | null = null;
  let write: SnapshotWrite | null = null;
  if (test.assert.snapshot === true) {
    const file = snapshotPath(test.file, test.name, view.host, run.tier);
    snapshot = compareSnapshot(file, prompt, run.stored(file), run.update, run.updateCommand);
    if (snapshot.status === "written" || snapshot.status === "updated") write = { file, text: snapshotFileText(prompt) };
    assertions.push({
      kind: "snapshot",
      passed: snapshot.status !== "mismatched" && snapshot.status !== "missing",
      message: snapshot.message,
      ...lineColumn(at(["assert", "snapshot"])),
    });
  }
  const passed = assertions.every((a) => a.passed);
  const result: TestResult = {
    file: test.file,
    ...lineColumn(test.at),
    test: test.name,
    host: view.host,
    tier: run.tier,
    hostVersion: run.hostVersion,
    status: passed ? "passed" : "failed",
    reason: null,
    preset: test.preset,
    assertions,
    snapshot,
    prompt,
    tools: view.tools,
    sections: view.sections,
    rulesOn: view.rulesOn,
  };
  return { result, write };
}

function lineColumn(p: Position): { line: number; column: number } {
  return { line: p.line, column: p.column };
}

/** A test that could not run on a host: skipped (a host not installed), with why. */
export function skipped(test: PromptTest, host: HostId, tier: Tier | "model", reason: string, hostVersion: string | null = null): TestResult {
  return {
    file: test.file,
    ...lineColumn(test.at),
    test: test.name,
    host,
    tier,
    hostVersion,
    status: "skipped",
    reason,
    preset: test.preset,
    assertions: [],
    snapshot: null,
    prompt: "",
    tools: [],
    sections: null,
    rulesOn: [],
  };
}
