// The pure compiler: SourceTree -> ForgeBundle plus every diagnostic, as one pipeline of numbered phases
// (compiler/phases/<n>-<name>.ts). Each phase takes the value the one before returned and gives the next, plus its
// diagnostics, which the run collects; the last one, emit, runs only when none is an error. To add a phase, see
// DEVELOPERS.md "The compile pipeline".
import { decodeSources } from "./phases/1-decode.js";
import { parseSources } from "./phases/2-parse.js";
import { validateSources } from "./phases/3-validate.js";
import { compileContextFiles } from "./phases/4-context.js";
import { layerLibraries } from "./phases/5-libraries.js";
import { resolveExtends } from "./phases/6-extends.js";
import { linkSources } from "./phases/7-link.js";
import { compilePaths } from "./phases/8-paths.js";
import { lowerTemplates } from "./phases/9-lower.js";
import { countBundleTokens } from "./phases/10-tokens.js";
import { checkPolicies } from "./phases/11-policy.js";
import { emitBundle } from "./phases/12-emit.js";
import { NO_MEMO, type Memo } from "./phases/memo.js";
import { startPipeline } from "./phases/pipeline.js";
import type { CompileOptions, CompileResult, SourceTree } from "./types.js";

export { sortDiagnostics } from "./phases/sort-diagnostics.js";
export { emitBundleText } from "./phases/bundle-text.js";

/** `memo`: the previous compile's results (compiler/incremental-compile.ts); none for a one-shot build. */
export function compile(tree: SourceTree, options: CompileOptions, memo: Memo = NO_MEMO): CompileResult {
  const run = startPipeline(options, memo);
  const decoded = run.through(decodeSources, tree); //       1: bytes -> text
  const parsed = run.through(parseSources, decoded); //      2: text -> YAML documents, by folder and key
  const validated = run.through(validateSources, parsed); // 3: documents -> typed data (JSON Schema)
  const context = run.through(compileContextFiles, validated); // 4: nested context files -> path rules
  const layered = run.through(layerLibraries, context); //   5: libraries over the layers beneath
  const resolved = run.through(resolveExtends, layered); //  6: inherited fields (extends)
  const linked = run.through(linkSources, resolved); //      7: every reference, files and components
  const pathed = run.through(compilePaths, linked); //       8: globs and regexes -> path patterns
  const lowered = run.through(lowerTemplates, pathed); //    9: templates -> segments, inherited text
  const counted = run.through(countBundleTokens, lowered); // 10: token counts, budgets
  const checked = run.through(checkPolicies, counted); //   11: policy.yaml compiled, the sources against the team policy
  const emitted = run.finish(emitBundle, checked); //        12: the bundle, digests and bundleHash
  return { bundle: emitted.value, diagnostics: emitted.diagnostics };
}
