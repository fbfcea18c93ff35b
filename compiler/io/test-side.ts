// What forge test reads of one side (the worktree, or a git ref's checkout for --against): the sources compiled in
// memory with the built-in bundle and the layers above, the test files, and the snapshot files beside them.
import type { Diagnostic } from "../../core/diagnostic.js";
import type { ForgeBundle } from "../../generated/types.js";
import type { SourceLookup } from "../output/format-diagnostics.js";
import type { ParsedSource } from "../phases/2-parse.js";
import type { TestContext } from "../prompt-tests/pure-run.js";
import { storedSnapshot, type StoredSnapshot } from "../prompt-tests/snapshots.js";
import type { PromptTest } from "../prompt-tests/test-case.js";
import { readTestFiles } from "../prompt-tests/test-files.js";
import { checkTestNames } from "../prompt-tests/test-names.js";
import type { TokensOf } from "../review/explain-tokens.js";
import { outerWarningLine, readCompileContext } from "./compile-context.js";
import { loadBuiltinBundle, type ForgeTarget } from "./forge-target.js";
import { inspectSources } from "./inspect-sources.js";
import { readTargetTree } from "./read-target-tree.js";

export interface TestSide {
  target: ForgeTarget;
  /** null when the sources have errors (nothing can be composed). */
  ctx: (TestContext & { tokensOf?: TokensOf }) | null;
  /** The bundleHash the sources build (what Pi must load for --pi); null after errors. */
  bundleHash: string | null;
  /** The tests whose files and names are sound. */
  tests: PromptTest[];
  /** How many test files the side has. */
  testFiles: number;
  sources: ReadonlyMap<string, ParsedSource>;
  /** The sources' and the test files' diagnostics. */
  diagnostics: Diagnostic[];
  /** Warnings about what the sources compile against (the built-in bundle, layers above), as `forge: warning:` lines. */
  warnings: string[];
  getSource: SourceLookup;
  stored: (file: string) => StoredSnapshot;
  /** The verified project layers above the target (a monorepo's root), which Pi loads too: --pi trusts them. */
  outer: ReadonlyArray<{ root: string; bundle: ForgeBundle }>;
}

/** Reads and compiles one side. Throws only what reading the forge root throws (the caller reports it). */
export function readTestSide(target: ForgeTarget): TestSide {
  const tree = readTargetTree(target);
  const context = readCompileContext(target, loadBuiltinBundle());
  const warnings = [
    ...(context.builtinProblem ? [`forge: warning: ${context.builtinProblem}; built-in modes and presets are not offered\n`] : []),
    ...context.outerWarnings.map((w) => outerWarningLine(w, "its modes are not offered here")),
  ];
  const inspected = inspectSources(target, context, tree);
  const read = readTestFiles(tree.files);
  const files = new Map(tree.files.map((f) => [f.path, f]));
  const stored = (file: string) => {
    const f = files.get(file);
    return f === undefined ? null : storedSnapshot(f.bytes, f.tooLarge === true);
  };
  const outer = context.outer.map((l) => ({ root: l.root, bundle: l.bundle }));
  const base = { target, testFiles: read.files, sources: read.sources, getSource: inspected.getSource, stored, warnings, outer };
  if (inspected.catalog === null) {
    return { ...base, ctx: null, bundleHash: null, tests: [], diagnostics: [...inspected.diagnostics, ...read.diagnostics] };
  }
  const rules = inspected.rules ?? [];
  const names = checkTestNames(read.tests, read.sources, inspected.catalog, rules);
  const ctx = { catalog: inspected.catalog, rules, root: target.root, ...(inspected.tokensOf ? { tokensOf: inspected.tokensOf } : {}) };
  return {
    ...base,
    ctx,
    bundleHash: inspected.bundleHash ?? null,
    tests: names.runnable,
    diagnostics: [...inspected.diagnostics, ...read.diagnostics, ...names.diagnostics],
  };
}
