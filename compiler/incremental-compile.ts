// Incremental rebuilds for `forge build --watch` and the studio: each compile keeps its per-file results (decoded,
// parsed, validated, by content digest) and per-component ones (a template lowered, an entry emitted, by what they were
// built from), and the next compile reruns only what a change reaches through links, extends and partials. The bundle
// and the diagnostics equal a cold compile's, byte for byte (test/compiler/incremental.test.ts holds it).
import { createCanonicalCache } from "../core/canonical-json.js";
import type { ForgeBundle } from "../generated/types.js";
import { compile } from "./compile.js";
import { emitBundleText } from "./phases/bundle-text.js";
import { openMemo, type MemoTable } from "./phases/memo.js";
import type { CompileOptions, CompileResult, SourceTree } from "./types.js";

export interface IncrementalCompiler {
  /** compile(), reusing what the previous call of this compiler computed from the same inputs. */
  compile(tree: SourceTree, options: CompileOptions): CompileResult;
  /** bundle.json's text (compile.ts emitBundleText), each kept entry's text written once. */
  bundleText(bundle: ForgeBundle): string;
  /** The bundle this compiler last wrote as exactly `text` (bundleText), so the caller need not parse it; else null. */
  bundleOf(text: string): ForgeBundle | null;
}

export function createIncrementalCompiler(): IncrementalCompiler {
  let kept: MemoTable | null = null;
  let last: { text: string; bundle: ForgeBundle } | null = null;
  const canonical = createCanonicalCache();
  return {
    compile(tree, options) {
      const memo = openMemo(kept, canonical);
      const result = compile(tree, options, memo);
      kept = memo.close();
      return result;
    },
    bundleText(bundle) {
      const text = emitBundleText(bundle, canonical);
      last = { text, bundle };
      return text;
    },
    bundleOf: (text) => (last !== null && last.text === text ? last.bundle : null),
  };
}
